import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFirebaseAuthEmulator } from '../../server/test/support/social/firebase-auth-emulator';
import { startOidcTestProvider } from '../../server/test/support/social/oidc-test-provider';
import { SCREENSHOT_DIR } from './support/screens';
import { socialSetup } from './support/social/social-setup';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));

/**
 * The suite drives Debian's Chromium and never downloads a browser of its own: install the
 * package when it is missing (CI runs as root), and check that both apps were built.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get…`);
    execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium', {
      stdio: 'inherit',
    });
  }
  for (const built of ['../../server/dist/server.js', '../dist/index.html']) {
    if (!existsSync(join(here, built))) throw new Error(`Missing ${built}: run \`npm run build\` first.`);
  }
  console.log(`Screenshots go to ${SCREENSHOT_DIR}`);
  // The social sign-in server's providers: the Firebase Auth emulator and a local OpenID provider.
  const social = socialSetup();
  const emulator = await startFirebaseAuthEmulator('demo-medrem', {
    auth: social.ports.emulator,
    hub: social.ports.emulatorHub,
    logging: social.ports.emulatorLogging,
  });
  const oidc = await startOidcTestProvider({
    port: social.ports.oidc,
    redirectUris: [`${social.baseURL}/api/auth/oidc/callback`],
    clientSecret: social.oidcSecret,
  });
  return async () => {
    await oidc.stop();
    await emulator.stop();
  };
}
