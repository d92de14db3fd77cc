import { formatTime12h } from '@medrem/domain';
import { describe, expect, it } from 'vitest';
import { dateText, listText, timeText } from '../../src/i18n/server-formats';
import type { TextLanguage } from '../../src/i18n/server-language';

const english: TextLanguage = { locale: 'en', clock: 'auto' };
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

describe('times, dates and lists in the reader’s language (decision 364)', () => {
  it('keeps the spec’s English times for all 1,440 minutes of the day (a plain space before AM/PM)', () => {
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      expect(timeText(hhmm(minute), english)).toBe(formatTime12h(hhmm(minute)));
      expect(timeText(hhmm(minute), { locale: 'en', clock: '12h' })).toBe(formatTime12h(hhmm(minute)));
    }
    expect(timeText('20:00', english)).toBe('8:00 PM');
  });

  it('writes the clock the reader chose: two-digit hours on 24, the language’s own form otherwise', () => {
    expect(timeText('08:05', { locale: 'en', clock: '24h' })).toBe('08:05');
    expect(timeText('20:05', { locale: 'de', clock: '24h' })).toBe('20:05');
    expect(timeText('08:05', { locale: 'de', clock: '24h' })).toBe('08:05');
    expect(timeText('08:05', { locale: 'de', clock: 'auto' })).toBe('8:05');
    // A 12-hour clock chosen in a language that uses 24 hours by convention.
    expect(timeText('20:05', { locale: 'de', clock: '12h' })).toMatch(/^8:05\s?PM$/);
    expect(timeText('20:05', { locale: 'zh-Hans', clock: 'auto' })).toBe('20:05');
    expect(timeText('20:05', { locale: 'zh-Hans', clock: '12h' })).toBe('下午8:05');
    expect(timeText('20:05', { locale: 'ar', clock: 'auto' })).toContain('م');
  });

  it('writes a date out in the language, never one day off', () => {
    expect(dateText('2027-01-20', english)).toBe('Jan 20, 2027');
    expect(dateText('2027-01-20', { locale: 'de', clock: 'auto' })).toBe('20.01.2027');
    expect(dateText('2027-12-31', { locale: 'es', clock: 'auto' })).toBe('31 dic 2027');
    expect(dateText('2027-01-01', { locale: 'zh-Hans', clock: 'auto' })).toBe('2027年1月1日');
  });

  it('joins names as the language does, English with commas alone as before', () => {
    expect(listText(['Aspirin', 'Metformin', 'Enalapril'], english)).toBe('Aspirin, Metformin, Enalapril');
    expect(listText(['A', 'B', 'C'], { locale: 'de', clock: 'auto' })).toBe('A, B und C');
    expect(listText(['A'], { locale: 'es', clock: 'auto' })).toBe('A');
  });
});
