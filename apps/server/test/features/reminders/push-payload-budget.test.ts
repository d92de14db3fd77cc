import { pushPayloadSchema } from '@medrem/contract';
import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ActionTokenCodec } from '../../../src/features/reminders/action-tokens';
import { PUSH_PAYLOAD_MAX_BYTES, pushPayloadFor } from '../../../src/features/reminders/engine/push-payload';

const tokens = new ActionTokenCodec('x'.repeat(40), 3_600_000);
const now = new Date('2026-11-21T08:00:00Z');

function reminderFor(names: string[], title = 'Time for your morning doses') {
  const message = `Take ${names.join(', ')} now.`;
  return pushPayloadFor(
    { tokens, publicUrl: 'https://meds.example.org' },
    randomUUID(),
    {
      key: 'dose:0:2026-11-21',
      type: 'reminder',
      title,
      message,
      medicineName: null,
      dose: { slot: 0, date: '2026-11-21', snoozable: true },
    },
    {
      id: randomUUID(),
      userId: randomUUID(),
      type: 'reminder',
      title,
      message,
      medicineName: null,
      isRead: false,
      createdAt: now.toISOString(),
    } as never,
    now,
  ).payload;
}

const size = (payload: unknown) => Buffer.byteLength(JSON.stringify(payload), 'utf8');

/** The words a payload shows, from the one place it carries them (decision 262). */
const shown = (payload: ReturnType<typeof reminderFor>) => payload.notification;

describe('push payload size budget (issue 8, finding 8)', () => {
  it('keeps a reminder for 120 medicines due at once within the budget, buttons intact', () => {
    const names = Array.from({ length: 120 }, (_, i) => `Médicament numéro ${i} (500 mg) 💊`);
    const payload = reminderFor(names);
    expect(size(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(shown(payload).body.startsWith('Take Médicament numéro 0')).toBe(true);
    expect(shown(payload).body.endsWith('…')).toBe(true);
    expect(payload.actions.map((a) => a.action)).toEqual(['take', 'snooze']);
    expect(pushPayloadSchema.safeParse(payload).success).toBe(true);
    // The link and its token are never cut.
    expect(shown(payload).navigate).toMatch(/^https:\/\/meds\.example\.org\/dose\?token=[\w-]+\.[\w-]+$/);
    // Never half a character: the text is still valid when encoded and decoded again.
    expect(Buffer.from(shown(payload).body, 'utf8').toString('utf8')).toBe(shown(payload).body);
  });

  it('cuts an enormous title too, and leaves a small payload exactly as it was', () => {
    const huge = reminderFor(['A'], 'T'.repeat(10_000));
    expect(size(huge)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(shown(huge).body).toBe('…');
    expect(shown(huge).title.endsWith('…')).toBe(true);
    const small = reminderFor(['Aspirin']);
    expect(shown(small).body).toBe('Take Aspirin now.');
    expect(shown(small).title).toBe('Time for your morning doses');
  });
});

describe('a lean push payload (decision 262)', () => {
  it('carries each token once, and the words and tag twice only for workers from before it', () => {
    const payload = reminderFor(['Metformin (850 mg)', 'Lisinopril (10 mg)', 'Vitamin D']);
    const json = JSON.stringify(payload);
    const occurrences = (text: string) => json.split(text).length - 1;
    const pageToken = shown(payload).navigate.split('token=')[1]!;
    for (const token of [pageToken, ...payload.actions.map((a) => a.token)])
      expect(occurrences(token)).toBe(1);
    // The declarative notification's, and the first shape's members an older worker reads (its
    // link is the app, so the page's token stays single).
    expect(occurrences(shown(payload).title)).toBe(2);
    expect(occurrences(shown(payload).body)).toBe(2);
    expect(occurrences(shown(payload).tag)).toBe(2);
    expect(payload).toMatchObject({ v: 1, title: shown(payload).title, url: '/' });
    // Three tokens, all different: take, snooze and the dose page's open.
    expect(new Set([pageToken, ...payload.actions.map((a) => a.token)]).size).toBe(3);
  });

  it('keeps a typical slot reminder within 1,240 bytes of JSON (about 1,550 before decision 262)', () => {
    // Measured 2026-12-06 with this PUBLIC_URL (24 characters), these words: one medicine 1,163
    // bytes, three 1,229; the same reminders took 1,499 and 1,552 with the dose page's token twice
    // and the purpose in every token (decision 242's figures), and would take 1,038 and 1,071
    // without the words older workers read. Sizes are deterministic: ids, tokens and times have
    // fixed lengths. A second copy of any token breaks the ceiling.
    expect(size(reminderFor(['Aspirin (500 mg)']))).toBeLessThanOrEqual(1170);
    expect(size(reminderFor(['Metformin (850 mg)', 'Lisinopril (10 mg)', 'Vitamin D']))).toBeLessThanOrEqual(
      1240,
    );
  });
});

describe('action tokens without the purpose in their body (decision 262)', () => {
  const secret = 'x'.repeat(40);
  const claims = { action: 'take' as const, userId: randomUUID(), slot: 1, date: '2026-11-21' };

  it('still verifies a token signed before, which carries `p`', () => {
    // The format of tokens issued before decision 262: the same key, the purpose in the body.
    const key = createHmac('sha256', secret).update('medrem.dose-action.v1').digest();
    const json = {
      p: 'medrem.dose-action.v1',
      a: 'take',
      u: claims.userId,
      s: 1,
      d: claims.date,
      j: 'abcdefghijkl',
      x: 1795251600,
    };
    const body = Buffer.from(JSON.stringify(json)).toString('base64url');
    const old = `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
    expect(tokens.verify(old, now)).toMatchObject({ action: 'take', userId: claims.userId, slot: 1 });
    // A new token has no `p`, and one signed with another secret is refused.
    const fresh = tokens.sign(claims, now);
    expect(JSON.parse(Buffer.from(fresh.split('.')[0]!, 'base64url').toString())).not.toHaveProperty('p');
    expect(tokens.verify(fresh, now)).toMatchObject(claims);
    expect(new ActionTokenCodec('y'.repeat(40), 3_600_000).verify(fresh, now)).toBeNull();
  });
});
