import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MAX_DAY_DOSES } from '@medrem/domain';

/** What a notification button may do without the app open. */
// 'skip' (decision 229): the dose page's Skip.
export type ButtonAction = 'take' | 'snooze' | 'skip';

/** What a token may run: a button's action, or the dose page's Postpone (decision 343, no button). */
export type DoseAction = ButtonAction | 'postpone';

/**
 * What a token names: one button's action, or `open`, the dose page a tap on the notification
 * opens (decision 241): it reads that dose's slot and runs the actions the page offers for it.
 */
export type TokenAction = ButtonAction | 'open';

export interface ActionClaims {
  action: TokenAction;
  userId: string;
  slot: number;
  date: string;
  medicineId?: string | undefined;
  /** The other doses due at the same minute the notification names (decision 263): 'Take all'. */
  also?: readonly { medicineId: string; slot: number }[] | undefined;
  /** Unique per token: a snooze is honoured once. */
  id: string;
  expiresAt: Date;
}

const PURPOSE = 'medrem.dose-action.v1';

// `p` is what tokens signed before decision 262 carry. The key is derived for this purpose alone
// (below), so a valid MAC already says it; new tokens leave it out, 37 bytes each, three per push.
const payloadSchema = z.object({
  p: z.literal(PURPOSE).optional(),
  a: z.enum(['take', 'snooze', 'skip', 'open']),
  u: z.uuid(),
  s: z
    .number()
    .int()
    .min(0)
    .max(MAX_DAY_DOSES - 1),
  d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  m: z.uuid().optional(),
  g: z
    .array(
      z.tuple([
        z.uuid(),
        z
          .number()
          .int()
          .min(0)
          .max(MAX_DAY_DOSES - 1),
      ]),
    )
    .max(64)
    .optional(),
  j: z.string().min(8).max(40),
  x: z.number().int(),
});

/**
 * Short-lived, signed, single-purpose tokens carried by a push: each names one action on one dose of
 * one user and nothing else (it is not an access token and opens no other call). HMAC-SHA256 with a
 * key of its own, so a leaked action token or JWT key does not forge the other.
 */
export class ActionTokenCodec {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlMs: number,
  ) {
    this.key = createHmac('sha256', secret).update(PURPOSE).digest();
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }

  sign(claims: Omit<ActionClaims, 'id' | 'expiresAt'>, now: Date): string {
    const payload = {
      a: claims.action,
      u: claims.userId,
      s: claims.slot,
      d: claims.date,
      ...(claims.medicineId ? { m: claims.medicineId } : {}),
      ...(claims.also?.length ? { g: claims.also.map((a) => [a.medicineId, a.slot]) } : {}),
      j: randomBytes(12).toString('base64url'),
      x: Math.floor((now.getTime() + this.ttlMs) / 1000),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string, now: Date): ActionClaims | null {
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = payloadSchema.safeParse(json);
    if (!parsed.success) return null;
    const p = parsed.data;
    if (p.x * 1000 <= now.getTime()) return null;
    return {
      action: p.a,
      userId: p.u,
      slot: p.s,
      date: p.d,
      medicineId: p.m,
      ...(p.g ? { also: p.g.map(([medicineId, slot]) => ({ medicineId, slot })) } : {}),
      id: p.j,
      expiresAt: new Date(p.x * 1000),
    };
  }
}
