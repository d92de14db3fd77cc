/**
 * The server's texts in every language (issue 54, decision 364): one JSON catalog per language
 * under messages/, keyed by a stable id, each value an ICU message. English (en.json) is the source
 * and the type of every key; the others are translations of it, in a format Weblate and Crowdin read
 * ("JSON file", monolingual, en.json as the template). A message missing from a language reads in
 * English; server-catalogs.test.ts fails on a missing, extra or malformed one before that can ship.
 *
 * The same library as the web app (Lingui), without its build-time macros: the messages are
 * compiled once per language at first use, then each text is a lookup and an interpolation.
 */
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Locale } from '@medrem/contract/locales';
import ar from './messages/ar.json';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import hi from './messages/hi.json';
import it from './messages/it.json';
import ptBR from './messages/pt-BR.json';
import reportsAr from './messages/reports/ar.json';
import reportsDe from './messages/reports/de.json';
import reportsEn from './messages/reports/en.json';
import reportsEs from './messages/reports/es.json';
import reportsFr from './messages/reports/fr.json';
import reportsHi from './messages/reports/hi.json';
import reportsIt from './messages/reports/it.json';
import reportsPtBR from './messages/reports/pt-BR.json';
import reportsTr from './messages/reports/tr.json';
import reportsZhHans from './messages/reports/zh-Hans.json';
import tr from './messages/tr.json';
import zhHans from './messages/zh-Hans.json';

const SOURCE = { ...en, ...reportsEn };

export type MessageId = keyof typeof SOURCE;
export type MessageValues = Record<string, string | number>;

/** The catalogs as written, by language (read by the catalogs' test too). */
export const SERVER_CATALOGS: Record<Locale, Partial<Record<MessageId, string>>> = {
  en: SOURCE,
  es: { ...es, ...reportsEs },
  de: { ...de, ...reportsDe },
  fr: { ...fr, ...reportsFr },
  'pt-BR': { ...ptBR, ...reportsPtBR },
  it: { ...it, ...reportsIt },
  tr: { ...tr, ...reportsTr },
  ar: { ...ar, ...reportsAr },
  hi: { ...hi, ...reportsHi },
  'zh-Hans': { ...zhHans, ...reportsZhHans },
};

const compiled = new Map<Locale, I18n>();

function i18nOf(locale: Locale): I18n {
  let i18n = compiled.get(locale);
  if (!i18n) {
    // English under every translation: a message not yet translated still says something.
    const messages = Object.fromEntries(
      Object.entries({ ...SOURCE, ...SERVER_CATALOGS[locale] }).map(([id, text]) => [
        id,
        compileMessage(text),
      ]),
    );
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    compiled.set(locale, i18n);
  }
  return i18n;
}

/** The text `id` in `locale`, its placeholders filled (numbers formatted in that language). */
export function translate(locale: Locale, id: MessageId, values?: MessageValues): string {
  return i18nOf(locale)._(id, values);
}
