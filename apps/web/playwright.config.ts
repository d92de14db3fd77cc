import { defineConfig } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_LAUNCH } from './e2e/support/chromium-launch';
import { shiftedServerClockEnv } from './e2e/support/server-clock';
import { socialSetup } from './e2e/support/social/social-setup';

/** The data folders this process made: the runner's, as workers inherit the environment. */
const madeHere: string[] = [];

/** One fresh database per run. Workers inherit the main process's environment, so they agree on it. */
function freshDataDir(variable: 'E2E_DATA_DIR' | 'E2E_SOCIAL_DATA_DIR', prefix: string): string {
  const given = process.env[variable];
  if (given) return given;
  const made = mkdtempSync(join(tmpdir(), prefix));
  madeHere.push(made);
  return (process.env[variable] = made);
}

const dataDir = freshDataDir('E2E_DATA_DIR', 'medrem-e2e-');
const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;
const socialDataDir = freshDataDir('E2E_SOCIAL_DATA_DIR', 'medrem-e2e-social-');
// Removed when the runner exits: Playwright stops the web servers before that (its plugins are torn
// down last, after the global teardown, which would still find them running).
process.once('exit', () => {
  for (const made of madeHere) rmSync(made, { recursive: true, force: true });
});
// social-sign-in.spec.ts: a second server with Google (Firebase emulator) and OIDC configured.
const social = socialSetup(port);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // 2 cores: the server, the browser and one test at a time. E2E_WORKERS=2 runs two files at once
  // (servers of a test's own take ports per worker, own-server.ts); not the default until a run on
  // a quiet machine shows it both faster and as steady.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    timezoneId: 'UTC', // the journey's "today" and clock are in UTC; tests that need another zone set their own
    locale: 'en-US',
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: [
    {
      command: 'node ../server/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        // Every test's browser comes from 127.0.0.1: the per-IP ceiling on API calls (tested in
        // the server suite) would count the whole suite as one visitor.
        RATE_LIMIT_PER_MINUTE: '100000',
        // At the pages' 10:00 UTC (server-clock.ts).
        ...shiftedServerClockEnv(),
      },
    },
    {
      command: 'node ../server/dist/server.js',
      url: `${social.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(social.ports.server),
        HOST: '127.0.0.1',
        DATA_DIR: socialDataDir,
        NODE_ENV: 'production',
        RATE_LIMIT_PER_MINUTE: '100000',
        FIREBASE_PROJECT_ID: 'demo-medrem',
        FIREBASE_API_KEY: 'demo-api-key',
        FIREBASE_AUTH_EMULATOR_HOST: social.emulatorHost,
        OIDC_ISSUER: social.oidcIssuer,
        OIDC_CLIENT_ID: 'medicine-reminder',
        OIDC_CLIENT_SECRET: social.oidcSecret,
        OIDC_PROVIDER_NAME: 'Home SSO',
      },
    },
  ],
});
