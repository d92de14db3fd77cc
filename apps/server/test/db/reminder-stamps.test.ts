import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '../../src/db/database';
import { ReminderRepository } from '../../src/features/reminders/reminder.repository';
import { TEST_ENGINE, type TestDatabase, createTestDatabase } from '../support/test-database';

/**
 * The reminder stamp (decision 015, migration 0010): every write to what a user's reminders are
 * decided from changes that user's stamp, whichever path writes it, because triggers keep it. A
 * write the triggers missed would let the engine fire from a state read before that write: each
 * table and kind of change is therefore checked here, on both engines.
 */
describe(`reminder stamps (${TEST_ENGINE})`, () => {
  let database: TestDatabase;
  let db: Database;
  let reminders: ReminderRepository;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    reminders = new ReminderRepository(db);
  });
  afterAll(() => database?.drop());

  const stampOf = async (userId: string) => (await reminders.stampsOf([userId])).get(userId) ?? null;
  /** Runs `write` and says whether it changed the stamp of each of `userIds`. */
  async function changes(userIds: string[], write: () => Promise<unknown>): Promise<boolean[]> {
    const before = await Promise.all(userIds.map(stampOf));
    await write();
    const after = await Promise.all(userIds.map(stampOf));
    return after.map((stamp, i) => stamp !== before[i]);
  }

  async function user(name = 'Ann'): Promise<string> {
    const id = randomUUID();
    await db.execute(
      sql`insert into users (id, name, email) values (${id}, ${name}, ${`${id}@example.com`})`,
    );
    return id;
  }

  async function medicine(userId: string): Promise<string> {
    const id = randomUUID();
    await db.execute(sql`insert into medicines (id, user_id, name, frequency, start_date, duration_days,
        original_duration_days, total_pills, original_total_pills, pills_per_dose, doses_per_day)
      values (${id}, ${userId}, 'Aspirin', '1-0-0', '2026-11-01', 30, 30, 30, 30, 1, 1)`);
    return id;
  }

  it('reads as null for a user nothing was written for yet', async () => {
    expect(await stampOf(await user())).toBeNull();
  });

  it('changes with the settings', async () => {
    const ann = await user();
    const bob = await user('Bob');
    expect(
      await changes([ann, bob], () =>
        db.execute(sql`insert into user_settings (user_id, preferences) values (${ann}, '{}'::jsonb)`),
      ),
    ).toEqual([true, false]);
    expect(
      await changes([ann, bob], () =>
        db.execute(sql`update user_settings set timezone = 'Europe/Berlin' where user_id = ${ann}`),
      ),
    ).toEqual([true, false]);
    expect(
      await changes([ann], () => db.execute(sql`delete from user_settings where user_id = ${ann}`)),
    ).toEqual([true]);
  });

  it('changes with a medicine added, edited, moved to another user or deleted', async () => {
    const ann = await user();
    const bob = await user('Bob');
    let id = '';
    expect(
      await changes([ann, bob], async () => {
        id = await medicine(ann);
      }),
    ).toEqual([true, false]);
    expect(
      await changes([ann, bob], () =>
        db.execute(sql`update medicines set name = 'Ibuprofen' where id = ${id}`),
      ),
    ).toEqual([true, false]);
    expect(
      await changes([ann, bob], () =>
        db.execute(sql`update medicines set user_id = ${bob} where id = ${id}`),
      ),
    ).toEqual([true, true]);
    expect(await changes([ann, bob], () => db.execute(sql`delete from medicines where id = ${id}`))).toEqual([
      false,
      true,
    ]);
  });

  it("changes with a dose ticked or unticked and an as-needed intake, for the medicine's owner", async () => {
    const ann = await user();
    const bob = await user('Bob');
    const aspirin = await medicine(ann);
    expect(
      await changes([ann, bob], () =>
        db.execute(sql`insert into dose_records (medicine_id, date, taken, taken_count)
          values (${aspirin}, '2026-11-21', '0', 0)`),
      ),
    ).toEqual([true, false]);
    expect(
      await changes([ann, bob], () =>
        db.execute(sql`update dose_records set taken = '1', taken_count = 1
          where medicine_id = ${aspirin} and date = '2026-11-21'`),
      ),
    ).toEqual([true, false]);
    expect(
      await changes([ann], () =>
        db.execute(sql`delete from dose_records where medicine_id = ${aspirin} and date = '2026-11-21'`),
      ),
    ).toEqual([true]);
    expect(
      await changes([ann, bob], () =>
        db.execute(sql`insert into as_needed_intakes (medicine_id, taken_at) values (${aspirin}, now())`),
      ),
    ).toEqual([true, false]);
  });

  it("changes the patient's stamp with a care link, and with the patient's name (their caregivers' alerts carry it)", async () => {
    const patient = await user('Pat');
    const caregiver = await user('Cary');
    expect(
      await changes([patient, caregiver], () =>
        db.execute(sql`insert into care_links (patient_id, caregiver_id) values (${patient}, ${caregiver})`),
      ),
    ).toEqual([true, false]);
    expect(
      await changes([patient], () =>
        db.execute(sql`update care_links set missed_dose_alerts = false where patient_id = ${patient}`),
      ),
    ).toEqual([true]);
    expect(
      await changes([patient], () =>
        db.execute(sql`update users set name = 'Patricia' where id = ${patient}`),
      ),
    ).toEqual([true]);
    // Writes that change nothing a reminder reads leave it alone.
    expect(
      await changes([patient], () =>
        db.execute(
          sql`update users set token_version = token_version + 1, last_login = now() where id = ${patient}`,
        ),
      ),
    ).toEqual([false]);
    expect(
      await changes([patient], () =>
        db.execute(sql`update users set name = 'Patricia' where id = ${patient}`),
      ),
    ).toEqual([false]);
    expect(
      await changes([patient], () => db.execute(sql`delete from care_links where patient_id = ${patient}`)),
    ).toEqual([true]);
  });

  it("changes with the user's devices", async () => {
    const ann = await user();
    const endpoint = `https://push.example.com/${randomUUID()}`;
    expect(
      await changes([ann], () =>
        db.execute(sql`insert into push_subscriptions (user_id, kind, endpoint, token)
          values (${ann}, 'webpush', ${endpoint}, '{}')`),
      ),
    ).toEqual([true]);
    expect(
      await changes([ann], () =>
        db.execute(
          sql`update push_subscriptions set token = '{"renewed":true}' where endpoint = ${endpoint}`,
        ),
      ),
    ).toEqual([true]);
    expect(
      await changes([ann], () =>
        db.execute(sql`delete from push_subscriptions where endpoint = ${endpoint}`),
      ),
    ).toEqual([true]);
  });

  it('is raised at commit, so its lock is the last a write takes (no deadlock between two ticks)', async () => {
    const ann = await user();
    const aspirin = await medicine(ann);
    const before = await stampOf(ann);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into dose_records (medicine_id, date, taken, taken_count)
        values (${aspirin}, '2026-11-22', '1', 1)`);
      // Written, not yet committed: the stamp is untouched until the commit raises it.
      expect((await new ReminderRepository(tx).stampsOf([ann])).get(ann) ?? null).toBe(before);
    });
    expect(await stampOf(ann)).not.toBe(before);
  });

  it('leaves no stamp behind when the account is deleted with everything it had', async () => {
    const ann = await user();
    const aspirin = await medicine(ann);
    await db.execute(sql`insert into dose_records (medicine_id, date, taken, taken_count)
      values (${aspirin}, '2026-11-21', '1', 1)`);
    await db.execute(sql`insert into user_settings (user_id, preferences) values (${ann}, '{}'::jsonb)`);
    expect(await stampOf(ann)).not.toBeNull();
    // The cascades delete the medicine, its doses and the settings, whose triggers stamp Ann again.
    await db.execute(sql`delete from users where id = ${ann}`);
    const left = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from reminder_stamps where user_id = ${ann}`),
    );
    expect(left[0]?.n).toBe(0);
  });
});
