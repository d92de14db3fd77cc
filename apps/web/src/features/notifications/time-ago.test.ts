import { formatDistanceToNow } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLanguage } from '../../test/languages';
import { timeAgo } from './time-ago';

const now = Date.parse('2026-12-06T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const minutes = [0.2, 1, 5, 44, 50, 90, 60 * 5, 60 * 30, 60 * 24 * 3, 60 * 24 * 40, 60 * 24 * 400];

describe('a notification’s age in words (issue 54)', () => {
  afterEach(() => {
    vi.useRealTimers();
    return inLanguage('en');
  });

  it('reads in English exactly as date-fns wrote it before', () => {
    vi.useFakeTimers({ now });
    for (const m of minutes) {
      const iso = ago(m * 60_000);
      expect(timeAgo(iso, now)).toBe(formatDistanceToNow(new Date(iso), { addSuffix: true, locale: enUS }));
    }
  });

  it('reads in Spanish and German through Intl', async () => {
    await inLanguage('es');
    expect(timeAgo(ago(5 * 60_000), now)).toBe('hace 5 minutos');
    expect(timeAgo(ago(3 * 3_600_000), now)).toBe('hace 3 horas');
    expect(timeAgo(ago(86_400_000), now)).toBe('ayer');
    await inLanguage('de');
    expect(timeAgo(ago(10_000), now)).toBe('in dieser Minute');
    expect(timeAgo(ago(2 * 86_400_000), now)).toBe('vorgestern');
  });
});
