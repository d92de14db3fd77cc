import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCREENSHOT_DIR } from './support/screens';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));

/**
 * The suite drives Debian's Chromium and never downloads a browser of its own: install the
 * package when it is missing (CI runs as root), and check that both apps were built.
 */
export default function globalSetup(): void {
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
}
