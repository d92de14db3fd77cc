import type { DoctorReportView, MonthAggregatesView } from '@medrem/contract';
import {
  type AggregateItem,
  lastDayOfMonth,
  monthAggregates,
  monthTrendPoint,
  monthsEndingWith,
  zonedNow,
  zonedDateOf,
} from '@medrem/domain';
import type { MedicineRow } from '../medicines/medicine.repository';
import { badRequest } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type Caller, assertSelf } from '../auth/caller';
import type { AsNeededRepository } from '../medicines/as-needed.repository';
import type { DoseRecordRepository } from '../medicines/dose-record.repository';
import type { MedicineRepository } from '../medicines/medicine.repository';
import type { PlanChangeRepository } from '../medicines/plan-change.repository';
import type { RefillRepository } from '../medicines/refill.repository';
import type { SettingsService } from '../settings/settings.service';
import type { UserRepository } from '../users/user.repository';
import { textLanguageOf } from '../../i18n/server-language';
import { buildDoctorReport } from './doctor-report.builder';
import {
  type JournalAsk,
  type JournalReportSource,
  doctorReportJournal,
  localJournal,
} from './doctor-report-journal';
import { reportTextsFor } from './report-texts';

/** The trend shows the requested month and the five before it. */
export const TREND_MONTHS = 6;

export class ReportService {
  constructor(
    private readonly deps: {
      medicines: MedicineRepository;
      doses: DoseRecordRepository;
      asNeeded: AsNeededRepository;
      refills: RefillRepository;
      /** The plans' histories: each past day counted by the plan of that day (decision 315). */
      planChanges: PlanChangeRepository;
      settings: SettingsService;
      users: Pick<UserRepository, 'findById'>;
      clock: Clock;
      /** The health journal, for the report's optional journal part (issue 56). */
      journal: JournalReportSource;
    },
  ) {}

  /**
   * A month's aggregates and the trend up to it, counted by the domain's one rule (decision 100)
   * from two queries: the user's medicines, and their dose records of the six months.
   */
  async month(caller: Caller, userEmail: string, month?: string): Promise<MonthAggregatesView> {
    assertSelf(caller, userEmail);
    const { timezone, medicineDefaults } = await this.deps.settings.effective(caller.userId);
    const now = zonedNow(this.deps.clock.now(), timezone);
    const current = now.date.slice(0, 7);
    const wanted = month ?? current;
    if (wanted > current) throw badRequest(`There is no report for ${wanted} yet: it is after this month.`);

    const months = monthsEndingWith(wanted, TREND_MONTHS);
    const from = `${months[0]}-01`;
    const to = lastDayOfMonth(`${wanted}-01`);
    const [rows, records] = await Promise.all([
      this.deps.medicines.listForUser(caller.userId),
      this.deps.doses.takenBetweenForUser(caller.userId, from, to),
    ]);
    const histories = new Map(rows.map((row) => [row.id, [] as typeof records]));
    for (const record of records) histories.get(record.medicineId)?.push(record);
    const plans = await this.deps.planChanges.entriesOf(rows.map((row) => row.id));
    const items: AggregateItem[] = rows.map((row) => ({
      medicineId: row.id,
      name: row.name,
      medicine: row,
      history: histories.get(row.id) ?? [],
      plans: plans.get(row.id),
    }));
    const options = {
      today: now.date,
      nowMinutes: now.minutes,
      defaultReminderTimes: medicineDefaults.defaultReminderTimes,
      timeZone: timezone,
    };
    return {
      ...monthAggregates(items, { ...options, month: wanted }),
      asNeeded: await this.asNeededOf(rows, wanted, timezone),
      today: now.date,
      trend: months.map((m) => monthTrendPoint(items, m, options)),
    };
  }

  /**
   * The doctor's report for `from`..`to` (days in the saved zone, checked by the contract): the
   * same dose cells and rule as `month` (decisions 100, 101), plus dosage, schedule, every dose and
   * the refills. A range reaching past today is refused: the report is of what happened.
   */
  async doctor(
    caller: Caller,
    userEmail: string,
    from: string,
    to: string,
    ask: JournalAsk = {},
  ): Promise<DoctorReportView> {
    assertSelf(caller, userEmail);
    const [settings, user] = await Promise.all([
      this.deps.settings.effective(caller.userId),
      this.deps.users.findById(caller.userId),
    ]);
    const { timezone, medicineDefaults } = settings;
    // In the language of who asks for it (issue 54): its words, and the files made from it.
    const language = textLanguageOf(settings);
    const nowInstant = this.deps.clock.now();
    const today = zonedNow(nowInstant, timezone).date;
    if (to > today) throw badRequest(`The report can end today (${today}) at the latest, not ${to}.`);
    const [rows, records] = await Promise.all([
      this.deps.medicines.listForUser(caller.userId),
      this.deps.doses.takenBetweenForUser(caller.userId, from, to),
    ]);
    const ids = rows.map((row) => row.id);
    const [refills, intakes, journal, plans] = await Promise.all([
      this.deps.refills.allRefills(ids),
      this.deps.asNeeded.allAsNeeded(ids.filter((_, i) => rows[i]?.schedule?.kind === 'asNeeded')),
      doctorReportJournal(this.deps.journal, caller.userId, { from, to, timeZone: timezone }, ask),
      this.deps.planChanges.entriesOf(ids),
    ]);
    const report = buildDoctorReport({
      patient: { userId: caller.userId, name: user?.name ?? '', email: caller.email },
      from,
      to,
      now: nowInstant,
      timeZone: timezone,
      defaultReminderTimes: medicineDefaults.defaultReminderTimes,
      rows,
      records,
      refills,
      intakes,
      plans,
      texts: reportTextsFor(language),
    });
    return journal ? { ...report, journal: localJournal(journal, reportTextsFor(language)) } : report;
  }

  /** Each as-needed medicine's intakes in the month (local dates), overrides counted apart. */
  private async asNeededOf(rows: MedicineRow[], month: string, timeZone: string) {
    const prn = rows.filter((row) => row.schedule?.kind === 'asNeeded');
    const intakes = await this.deps.asNeeded.allAsNeeded(prn.map((row) => row.id));
    return prn.map((row) => {
      const mine = intakes.filter(
        (i) => i.medicineId === row.id && zonedDateOf(i.takenAt, timeZone).startsWith(month),
      );
      return {
        medicineId: row.id,
        name: row.name,
        taken: mine.length,
        overrides: mine.filter((i) => i.override).length,
      };
    });
  }
}
