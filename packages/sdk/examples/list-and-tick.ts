/**
 * Lists today's doses and, with `tick`, marks the first one not yet taken as taken.
 *
 *   MEDREM_URL=https://meds.example.org MEDREM_TOKEN=mr_pat_… MEDREM_EMAIL=ada@example.com \
 *     npx tsx packages/sdk/examples/list-and-tick.ts [tick]
 *
 * The token needs the `read` scope to list and `doses:write` to tick. MEDREM_TODAY (YYYY-MM-DD)
 * names the day; by default it is today on this machine's clock and time zone, which should be the
 * account's. "Today's doses" here are the flags of each medicine whose course covers the day (its
 * `frequency`, one 0/1 per slot): the app's dashboard applies the full schedule rules (weekdays,
 * cycles, tapers) of packages/domain, which this short example leaves out.
 */
import { createClient } from '@medrem/sdk';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Set ${name} (see the comment at the top of this file).`);
  return value;
}

const localDate = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

interface Dose {
  medicineId: string;
  name: string;
  slot: number;
  time: string | undefined;
  taken: boolean;
}

async function main(): Promise<void> {
  const client = createClient({ baseUrl: required('MEDREM_URL'), token: required('MEDREM_TOKEN') });
  const userEmail = required('MEDREM_EMAIL');
  const today = process.env.MEDREM_TODAY ?? localDate(new Date());

  const listed = await client.GET('/api/medicine/user/{userEmail}', { params: { path: { userEmail } } });
  if (listed.error)
    throw new Error(`Listing medicines failed (${listed.response.status}): ${listed.error.message}`);
  const doses: Dose[] = [];
  for (const medicine of listed.data.findMedicine) {
    if (medicine.schedule?.kind === 'asNeeded') continue;
    if (today < medicine.startDate || today > medicine.courseEndDate) continue;
    const day = await client.GET('/api/medicine/{id}/taken', {
      params: { path: { id: medicine.id }, query: { date: today } },
    });
    if (day.error) throw new Error(`Reading ${medicine.name} failed: ${day.error.message}`);
    const taken = (day.data.takenDay?.taken ?? '').split('-');
    const flags = medicine.frequency.split('-');
    const times = medicine.doseTimes ?? medicine.scheduledTimes;
    flags.forEach((flag, slot) => {
      if (flag !== '1') return;
      const time = times.length === flags.length ? times[slot] : undefined;
      doses.push({ medicineId: medicine.id, name: medicine.name, slot, time, taken: taken[slot] === '1' });
    });
  }

  console.log(`Doses on ${today}:`);
  for (const dose of doses) {
    console.log(
      `  [${dose.taken ? 'x' : ' '}] ${dose.name}, slot ${dose.slot}${dose.time ? ` at ${dose.time}` : ''}`,
    );
  }
  if (doses.length === 0) console.log('  (none)');
  if (process.argv[2] !== 'tick') return;

  const next = doses.find((dose) => !dose.taken);
  if (!next) {
    console.log('Every dose of the day is taken already.');
    return;
  }
  const ticked = await client.PUT('/api/medicine/{id}/dose', {
    params: { path: { id: next.medicineId } },
    // The key makes a retry after a lost answer harmless: the server applies the tick once.
    body: {
      date: today,
      slot: next.slot,
      taken: true,
      idempotencyKey: `example-${next.medicineId}-${today}-${next.slot}`,
    },
  });
  if (ticked.error) throw new Error(`Ticking failed (${ticked.response.status}): ${ticked.error.message}`);
  console.log(`Ticked: ${next.name}, slot ${next.slot} (taken flags now ${ticked.data.takenDay.taken}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
