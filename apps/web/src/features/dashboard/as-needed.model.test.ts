import type { AsNeededIntake } from '@medrem/contract';
import { allowedAtText, asNeededRefusal, checkAsNeeded, durationText } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { inLanguage } from '../../test/languages';
import { allowedAtWords, asNeededWarning, durationWords } from './as-needed.model';

const zone = 'Europe/Berlin';
const at = Date.parse('2026-11-21T09:00:00Z');
const intake = (iso: string) => ({ takenAt: iso }) as AsNeededIntake;
const intakes = [intake('2026-11-21T07:00:00Z'), intake('2026-11-21T08:30:00Z')];
const cases = [
  { maxPer24h: 2, minIntervalMinutes: null },
  { maxPer24h: 1, minIntervalMinutes: null },
  { maxPer24h: null, minIntervalMinutes: 120 },
  { maxPer24h: null, minIntervalMinutes: 45 },
  { maxPer24h: 2, minIntervalMinutes: 90 },
];

describe('an as-needed dose’s refusal in words (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('reads in English word for word as the server’s (the domain’s asNeededRefusal)', () => {
    for (const limits of cases) {
      const verdict = checkAsNeeded(
        intakes.map((i) => Date.parse(i.takenAt)),
        at,
        limits,
      );
      if (verdict.allowed) throw new Error('each case passes a limit');
      const server = asNeededRefusal('Ibuprofen', verdict, limits, allowedAtText(verdict.allowedAt, zone));
      expect(asNeededWarning('Ibuprofen', intakes, at, limits, zone)).toBe(server);
    }
    for (const minutes of [0, 1, 45, 60, 61, 90, 120, 360])
      expect(durationWords(minutes)).toBe(durationText(minutes));
  });

  it('reads in Spanish, with the date as Spanish writes it', async () => {
    await inLanguage('es');
    expect(asNeededWarning('Ibuprofeno', intakes, at, { maxPer24h: 2, minIntervalMinutes: 90 }, zone)).toBe(
      'Ibuprofeno está limitado a un máximo de 2 en 24 horas y a un mínimo de 1 hora 30 minutos entre tomas. La próxima dosis está permitida a las 8:00 del 22/11/2026.',
    );
    expect(allowedAtWords(Date.parse('2026-11-24T14:15:00Z'), zone)).toBe('15:15 del 24/11/2026');
  });

  it('reads in German', async () => {
    await inLanguage('de');
    expect(
      asNeededWarning('Ibuprofen', intakes, at, { maxPer24h: null, minIntervalMinutes: 120 }, zone),
    ).toBe(
      'Ibuprofen ist auf mindestens 2 Stunden Abstand begrenzt. Die nächste Dosis ist am 21.11.2026 um 11:30 erlaubt.',
    );
  });
});
