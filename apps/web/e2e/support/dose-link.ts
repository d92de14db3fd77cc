import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The purpose the server's action tokens are signed for (server: features/reminders/action-tokens.ts). */
const PURPOSE = 'medrem.dose-action.v1';

/**
 * The suite server's action-token key. It is given no ACTION_TOKEN_SECRET, so it generated one into
 * its DATA_DIR/secrets.json at its first start.
 */
export function suiteActionSecret(): string {
  const file = join(process.env.E2E_DATA_DIR!, 'secrets.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { actionTokenSecret: string }).actionTokenSecret;
}

/**
 * A dose page link's token (decision 241) as a reminder push carries it: the test plays the engine
 * that would have sent the push, with the key of `secret` (another key: a forged link).
 */
export function doseLinkToken(
  secret: string,
  dose: { userId: string; slot: number; date: string },
  expiresAtMs: number,
): string {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  const claims = {
    p: PURPOSE,
    a: 'open',
    u: dose.userId,
    s: dose.slot,
    d: dose.date,
    j: randomBytes(12).toString('base64url'),
    x: Math.floor(expiresAtMs / 1000),
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}
