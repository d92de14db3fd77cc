import 'react-toastify/ReactToastify.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadFullApp } from './app/full-app';
import { Root, type Start } from './app/root.component';
import { type SessionAnswer, fetchSession, maySignedOutStart } from './app/start-session';

/**
 * Decision 051: a signed-out visitor's first paint is the login form with React alone; everyone
 * else gets the full app (router, React Query, tRPC), a chunk of its own. Nothing is rendered
 * before the choice is made: the top bar painted from index.html stays until then.
 */
async function chooseStart(): Promise<Start> {
  let session: SessionAnswer | undefined;
  if (maySignedOutStart()) {
    session = await fetchSession();
    if (session?.user === null) return { kind: 'signed-out' };
  }
  return { kind: 'full', App: (await loadFullApp()).App, session };
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
