import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountTokens, users } from '../../../src/db/schema';
import {
  AccountTokenRepository,
  accountTokenHash,
} from '../../../src/features/account/account-token.repository';
import { type TestDatabase, createTestDatabase } from '../../support/test-database';

describe('single-use account links', () => {
  let database: TestDatabase;
  let tokens: AccountTokenRepository;
  let userId: string;
  const now = new Date('2026-12-06T10:00:00Z');
  const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    tokens = new AccountTokenRepository(db);
    const [user] = await db
      .insert(users)
      .values({ name: 'Ada', email: 'ada@example.com', passwordHash: null })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database.drop());

  const issue = () =>
    tokens.issue({ userId, purpose: 'password-reset', email: 'ada@example.com', now, ttlMs: 30 * 60_000 });

  it('stores only the hash, and a link works once', async () => {
    const token = await issue();
    const rows = await database.handle.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId));
    expect(rows.map((r) => r.tokenHash)).toEqual([accountTokenHash(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await tokens.isUsable(token, 'password-reset', later(1))).toBe(true);
    expect(await tokens.use(token, 'password-reset', later(1))).toEqual({ userId, email: 'ada@example.com' });
    expect(await tokens.use(token, 'password-reset', later(2))).toBeUndefined();
    expect(await tokens.isUsable(token, 'password-reset', later(2))).toBe(false);
  });

  it('refuses an expired link, one of another purpose, a forged one, and one replaced by a newer mail', async () => {
    const expired = await issue();
    expect(await tokens.use(expired, 'password-reset', later(30))).toBeUndefined();
    const otherPurpose = await issue();
    expect(await tokens.use(otherPurpose, 'email-verification', later(1))).toBeUndefined();
    // Forged: one character changed (one the token does not end with: 1 in 16 end with an A).
    const forged = `${otherPurpose.slice(0, -1)}${otherPurpose.endsWith('A') ? 'B' : 'A'}`;
    expect(await tokens.use(forged, 'password-reset', later(1))).toBeUndefined();
    expect(await tokens.use("x' or 1=1 --", 'password-reset', later(1))).toBeUndefined();
    const newer = await issue();
    expect(await tokens.use(otherPurpose, 'password-reset', later(1))).toBeUndefined();
    expect(await tokens.use(newer, 'password-reset', later(1))).toBeDefined();
  });

  it('revokes the unused links of a purpose', async () => {
    const token = await issue();
    await tokens.revoke(userId, 'password-reset');
    expect(await tokens.use(token, 'password-reset', later(1))).toBeUndefined();
  });
});
