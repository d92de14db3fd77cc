import { describe, expect, it } from 'vitest';
import {
  allProcedures,
  inputShape,
  pathParameters,
  unwrapped,
  type ListedProcedure,
} from './support/procedures';

// Generated from the contract: a procedure added tomorrow is checked the same way.
const procedures = allProcedures();
const route = ({ definition }: (typeof procedures)[number]) =>
  `${definition.meta.openapi.method} ${definition.meta.openapi.path}`;

/** Kinds of zod leaf a query-string value can be turned into (trpc-to-openapi coerces numbers and booleans). */
const QUERY_KINDS = ['string', 'number', 'boolean', 'enum', 'literal'];

describe('the contract as a whole', () => {
  it('lists procedures of every feature', () => {
    // A guard for the generated checks below: an empty or half-read contract would pass them all.
    expect(new Set(procedures.map((p) => p.key.split('.')[0]))).toEqual(
      new Set([
        'auth',
        'user',
        'settings',
        'medicine',
        'notification',
        'report',
        'calendar',
        'system',
        'push',
        'social',
        'care',
        'passwordReset',
        'email',
        'channels',
        'token',
        'admin',
        'signups',
        'activity',
        'journal',
        'passkey',
        'twoFactor',
        'pack',
      ]),
    );
    expect(procedures.length).toBeGreaterThanOrEqual(30);
  });

  it('gives every procedure its own REST method and path', () => {
    const routes = procedures.map(route);
    const repeated = routes.filter((r, i) => routes.indexOf(r) !== i);
    expect(repeated).toEqual([]);
  });

  it('has no URL that two routes of one method could both claim', () => {
    // `/api/medicine/user/{userEmail}` and `/api/medicine/{id}/taken` share a template shape, but no
    // URL reaches both: "user" is not a valid {id}, nor "taken" a valid {userEmail}. A static segment
    // that a parameter's schema accepts would be decided by the router's ordering, silently.
    const segments = (p: ListedProcedure) => p.definition.meta.openapi.path.split('/');
    const fits = (owner: ListedProcedure, segment: string, other: string) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!param) return segment === other || other.startsWith('{');
      return (
        other.startsWith('{') || inputShape(owner.definition.input)[param]?.safeParse(other).success === true
      );
    };
    const clash = (a: ListedProcedure, b: ListedProcedure) => {
      const [sa, sb] = [segments(a), segments(b)];
      return (
        a.definition.meta.openapi.method === b.definition.meta.openapi.method &&
        sa.length === sb.length &&
        sa.every((s, i) => fits(a, s, sb[i] ?? '') && fits(b, sb[i] ?? '', s))
      );
    };
    const clashes = procedures.flatMap((a, i) =>
      procedures
        .slice(i + 1)
        .filter((b) => clash(a, b))
        .map((b) => `${route(a)} ~ ${route(b)}`),
    );
    expect(clashes).toEqual([]);
  });
});

describe.each(procedures)('$key', ({ definition }) => {
  const { method, path, errorResponses = {}, protect, summary, tags } = definition.meta.openapi;
  const { access, successStatus } = definition.meta;
  const shape = inputShape(definition.input);
  const params = pathParameters(path);

  it('lives at an API path the web app cannot shadow', () => {
    // The same server serves the web app's pages; the spec puts only /jwt outside /api.
    expect(path).toMatch(/^\/(jwt|api(\/([a-z0-9-]+|\{\w+\}))+)$/);
    expect(new Set(params).size).toBe(params.length);
  });

  it('takes every path parameter as a required text field of its input', () => {
    for (const param of params) {
      const field = shape[param];
      expect(field, `input field for {${param}}`).toBeDefined();
      if (!field) continue;
      expect(field.safeParse(undefined).success, `{${param}} may not be left out`).toBe(false);
      // A URL segment is text: a string, or a closed set of words (an enum of strings).
      const leaf = unwrapped(field);
      expect(['string', 'enum'], `{${param}} arrives as text`).toContain(leaf.def.type);
      if (leaf.def.type === 'enum') {
        const words = Object.values((leaf.def as unknown as { entries: Record<string, unknown> }).entries);
        expect(words.every((w) => typeof w === 'string')).toBe(true);
      }
    }
    if (params.length > 0) expect(definition.input.safeParse(undefined).success).toBe(false);
  });

  if (method === 'GET' || method === 'DELETE') {
    it('takes only values a query string can carry', () => {
      const notScalar = Object.entries(shape)
        .filter(([, field]) => !QUERY_KINDS.includes(unwrapped(field).def.type))
        .map(([name]) => name);
      expect(notScalar).toEqual([]);
    });
  } else {
    it('takes a JSON object body', () => {
      expect(unwrapped(definition.input).def.type).toBe('object');
    });
  }

  it('states who may call it, consistently', () => {
    expect(protect, 'bearer procedures, and only they, need the Authorization header').toBe(
      access === 'bearer',
    );
    const codes = Object.keys(errorResponses).map(Number);
    expect(codes).toContain(400);
    if (access !== 'public') expect(codes).toContain(401);
    expect(codes.filter((code) => code < 400 || code > 499)).toEqual([]);
  });

  it('answers 201 (created) or 202 (accepted) only to a POST, and is documented', () => {
    if (successStatus !== 200) expect(method).toBe('POST');
    expect(summary.trim()).not.toBe('');
    expect(tags).toHaveLength(1);
  });
});
