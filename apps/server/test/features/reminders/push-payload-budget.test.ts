import { pushPayloadSchema } from '@medrem/contract';
import { randomUUID } from 'node:crypto';
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

describe('push payload size budget (issue 8, finding 8)', () => {
  it('keeps a reminder for 120 medicines due at once within the budget, buttons intact', () => {
    const names = Array.from({ length: 120 }, (_, i) => `Médicament numéro ${i} (500 mg) 💊`);
    const payload = reminderFor(names);
    expect(size(payload)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    expect(payload.body.startsWith('Take Médicament numéro 0')).toBe(true);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(payload.actions.map((a) => a.action)).toEqual(['take', 'snooze']);
    expect(pushPayloadSchema.safeParse(payload).success).toBe(true);
    // The declarative notification (decision 242) is cut alike and keeps its link whole.
    expect(payload.notification).toMatchObject({ title: payload.title, body: payload.body });
    expect(payload.notification!.navigate).toBe(`https://meds.example.org${payload.url}`);
    expect(payload.url).toMatch(/^\/dose\?token=[\w-]+\.[\w-]+$/);
    // Never half a character: the text is still valid when encoded and decoded again.
    expect(Buffer.from(payload.body, 'utf8').toString('utf8')).toBe(payload.body);
  });

  it('cuts an enormous title too, and leaves a small payload exactly as it was', () => {
    const huge = reminderFor(['A'], 'T'.repeat(10_000));
    expect(size(huge)).toBeLessThanOrEqual(PUSH_PAYLOAD_MAX_BYTES);
    const small = reminderFor(['Aspirin']);
    expect(small.body).toBe('Take Aspirin now.');
    expect(small.title).toBe('Time for your morning doses');
    expect(huge.notification!.title).toBe(huge.title);
    expect(huge.notification!.body).toBe('…');
  });

  it('adds what the dose page and the declarative format need, and says what that costs', () => {
    const payload = reminderFor(['Metformin (850 mg)', 'Lisinopril (10 mg)', 'Vitamin D']);
    const { web_push: _marker, notification: _declarative, ...own } = payload;
    // Decision 242: a three-medicine reminder was about 850 bytes; the dose page's token in `url`
    // makes its own members about 1,100, and the declarative copy (words, absolute link) about
    // 1,550 in all: half the 3,072-byte budget.
    expect(size(own)).toBeLessThan(1200);
    expect(size(payload) - size(own)).toBeLessThan(500);
    expect(size(payload)).toBeLessThan(1700);
  });
});
