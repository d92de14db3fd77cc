import { formatTime12h } from '@medrem/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { setClockChoice } from './clock-choice';
import { formatTimeOfDay } from './intl-formats';
import { i18n } from './lingui-runtime';

const everyMinute = Array.from({ length: 24 * 60 }, (_, m) => {
  const hh = String(Math.floor(m / 60)).padStart(2, '0');
  return `${hh}:${String(m % 60).padStart(2, '0')}`;
});

describe('formatTimeOfDay (issue 54)', () => {
  afterEach(() => {
    setClockChoice('auto');
    i18n.activate('en');
  });

  it('writes English times exactly as the spec does ("8:00 AM"), every minute of the day', () => {
    expect(everyMinute.map(formatTimeOfDay)).toEqual(everyMinute.map(formatTime12h));
  });

  it('follows a 24-hour clock chosen for the account, in English too', () => {
    setClockChoice('24h');
    expect(formatTimeOfDay('08:05')).toBe('08:05');
    expect(formatTimeOfDay('20:30')).toBe('20:30');
  });

  it('writes other languages’ times their own way, and a chosen 12-hour clock in them', () => {
    i18n.loadAndActivate({ locale: 'de', messages: {} });
    expect(formatTimeOfDay('20:30')).toBe('20:30');
    setClockChoice('12h');
    expect(formatTimeOfDay('20:30')).toMatch(/^8:30\s?PM$/);
  });
});
