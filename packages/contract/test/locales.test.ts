import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isLocale, matchLocale, textDirection } from '../src/locales';

describe('the product’s languages (issue 54)', () => {
  it('picks the first preferred language it speaks, by exact tag, then by language', () => {
    expect(matchLocale(['de-AT', 'en'])).toBe('de');
    expect(matchLocale(['xx', 'fr-CA'])).toBe('fr');
    expect(matchLocale(['pt-PT'])).toBe('pt-BR');
    expect(matchLocale(['pt_br'])).toBe('pt-BR');
    expect(matchLocale(['zh-TW'])).toBe('zh-Hans');
    expect(matchLocale(['ar-EG'])).toBe('ar');
    expect(matchLocale(['hi-IN'])).toBe('hi');
  });

  it('falls back to English for nothing, a wildcard, or languages it does not speak', () => {
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(['*'])).toBe('en');
    expect(matchLocale(['ja', 'ko-KR', ''])).toBe('en');
  });

  it('reads an Accept-Language header best first, dropping q=0 and junk', () => {
    expect(acceptedLanguages('fr;q=0.2, ar-EG;q=0.8, es')).toEqual(['es', 'ar-EG', 'fr']);
    expect(acceptedLanguages('de;q=0, it')).toEqual(['it']);
    expect(acceptedLanguages('en;q=abc, tr')).toEqual(['tr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(', ,;q=1')).toEqual([]);
    // A header of thousands of tags costs no more than its first 20.
    expect(acceptedLanguages(Array.from({ length: 5000 }, () => 'xx').join(','))).toHaveLength(20);
  });

  it('knows its codes, and which are written right to left', () => {
    expect(isLocale('zh-Hans')).toBe(true);
    expect(isLocale('zh')).toBe(false);
    expect(isLocale(7)).toBe(false);
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('hi')).toBe('ltr');
  });
});
