import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ERROR_REASONS,
  PAT_PREFIX,
  TOKEN_NAME_MAX,
  TOKEN_SCOPES,
  TOKEN_SCOPE_TEXT,
  contract,
  createTokenInputSchema,
  defineProcedure,
} from '../src';
import { allProcedures } from './support/procedures';

describe('personal token scopes in the contract', () => {
  it('gives every bearer procedure a scope, and no other procedure one', () => {
    const wrong = allProcedures()
      .filter(({ definition: { meta } }) =>
        meta.access === 'bearer'
          ? !(meta.scope === 'account' || TOKEN_SCOPES.includes(meta.scope as never))
          : meta.scope !== undefined,
      )
      .map((p) => p.key);
    expect(wrong).toEqual([]);
  });

  it('refuses at compile time a bearer procedure without a scope, or a scope on a public one', () => {
    const base = {
      method: 'GET',
      path: '/x',
      summary: 'x',
      tag: 'x',
      input: z.object({}),
      output: z.object({}),
    } as const;
    // @ts-expect-error -- a bearer procedure must name its scope
    defineProcedure({ ...base, access: 'bearer' });
    // @ts-expect-error -- an unknown scope
    defineProcedure({ ...base, access: 'bearer', scope: 'write' });
    // @ts-expect-error -- only bearer procedures have a scope
    defineProcedure({ ...base, access: 'public', scope: 'read' });
    expect(defineProcedure({ ...base, access: 'bearer', scope: 'read' }).meta.scope).toBe('read');
  });

  it('documents the 403 of a token outside its scope on every bearer call', () => {
    expect(contract.medicine.setTaken.meta.openapi.errorResponses?.[403]).toContain('doses:write');
    expect(contract.medicine.list.meta.openapi.errorResponses?.[403]).toMatch(
      new RegExp(`^Not your medicines, or .*read.*${ERROR_REASONS.tokenScope}`),
    );
    expect(contract.user.export.meta.openapi.errorResponses?.[403]).toContain('account only');
  });

  it('keeps the token calls themselves account-only', () => {
    for (const call of Object.values(contract.token)) expect(call.meta.scope).toBe('account');
    expect(contract.token.create.meta.successStatus).toBe(201);
  });

  it('describes each scope in one line, and the prefix scanners look for', () => {
    for (const scope of TOKEN_SCOPES) expect(TOKEN_SCOPE_TEXT[scope]).toMatch(/^[A-Z].+\.$/);
    expect(PAT_PREFIX).toBe('mr_pat_');
  });
});

describe('token creation input', () => {
  const ok = { name: 'Kitchen display', scopes: ['read'] };
  const issue = (input: unknown) => createTokenInputSchema.safeParse(input).error?.issues[0]?.message;

  it('accepts a name, scopes and an optional expiry', () => {
    expect(createTokenInputSchema.parse({ ...ok, expiresAt: '2027-01-31T00:00:00+01:00' })).toMatchObject(ok);
    expect(createTokenInputSchema.parse({ ...ok, expiresAt: null }).expiresAt).toBeNull();
  });

  it('refuses unknown, repeated or no scopes', () => {
    expect(issue({ ...ok, scopes: ['admin'] })).toMatch(/Unknown scope/);
    expect(issue({ ...ok, scopes: ['read', 'read'] })).toMatch(/once/);
    expect(issue({ ...ok, scopes: [] })).toMatch(/at least one/);
  });

  it('refuses an empty, long or control-character name and a malformed expiry', () => {
    expect(issue({ ...ok, name: '  ' })).toMatch(/required/);
    expect(issue({ ...ok, name: 'x'.repeat(TOKEN_NAME_MAX + 1) })).toMatch(/too long/);
    expect(issue({ ...ok, name: 'a\u0000b' })).toMatch(/control characters/);
    expect(issue({ ...ok, expiresAt: 'tomorrow' })).toMatch(/ISO 8601/);
  });
});
