import type { PersonalToken, TokenScope } from '@medrem/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { personalAccessTokens } from '../../../src/db/schema';
import { ApiClient } from '../../support/api-client';
import type { SignedInUser } from '../../support/scenario';
import type { TestServer } from '../../support/test-server';

/** Creates a personal token for the user through the API; returns it with a client that sends it. */
export async function createToken(
  server: Pick<TestServer, 'baseUrl'>,
  user: SignedInUser,
  scopes: TokenScope[],
  extra: { name?: string; expiresAt?: string | null } = {},
): Promise<{ token: PersonalToken; secret: string; api: ApiClient }> {
  const made = await user.api.post<{ token: PersonalToken; secret: string }>('/api/tokens', {
    name: extra.name ?? `Script ${scopes.join('+')}`,
    scopes,
    ...(extra.expiresAt !== undefined ? { expiresAt: extra.expiresAt } : {}),
  });
  expect(made.status, made.text).toBe(201);
  const api = new ApiClient(server.baseUrl);
  api.token = made.body.secret;
  return { ...made.body, api };
}

/** The stored rows of a user's tokens, read straight from the database. */
export function storedTokens(server: Pick<TestServer, 'database'>, userId: string) {
  return server.database.handle.db
    .select()
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId));
}
