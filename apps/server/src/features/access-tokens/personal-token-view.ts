import type { PersonalToken, TokenScope } from '@medrem/contract';
import { type PersonalTokenRow, scopesOf } from './access-token.repository';

/** A token as the API shows it (the list, the export): never its secret or hash. */
export const toPersonalToken = (row: PersonalTokenRow): PersonalToken => ({
  id: row.id,
  name: row.name,
  scopes: scopesOf(row.scopes) as TokenScope[],
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});
