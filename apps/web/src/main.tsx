import 'react-toastify/ReactToastify.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadFullApp } from './app/full-app';
import { Root, type Start } from './app/root.component';
import { fetchSession, maySignedOutStart } from './app/start-session';

/**
 * Decision 051: a signed-out visitor's first paint is the login form with React alone; everyone
 * else gets the full app (router, React Query, tRPC), a chunk of its own. Nothing is rendered
 * before the choice is made: the top bar painted from index.html stays until then.
 *
 * Decision 056: the session question is asked by index.html's preload, while this script loads;
 * `fetchSession` picks up that answer. A device that holds a token or an account saved for offline
 * use does not wait for it (an offline start must not hang on the network): the full app gets it
 * when it is there by the time the app's chunk is, and otherwise asks again itself.
 */
async function chooseStart(): Promise<Start> {
  const asked = fetchSession();
  if (maySignedOutStart()) {
    const session = await asked;
    if (session?.user === null) return { kind: 'signed-out' };
    return { kind: 'full', App: (await loadFullApp()).App, session };
  }
  const { App } = await loadFullApp();
  // The answer if it has settled already: race() takes the first settled promise in array order.
  const session = await Promise.race([asked, Promise.resolve(undefined)]);
  return { kind: 'full', App, session };
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void chooseStart().then((start) =>
  createRoot(root).render(
    <StrictMode>
      <Root start={start} />
    </StrictMode>,
  ),
);
