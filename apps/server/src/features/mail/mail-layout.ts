import { textDirection } from '@medrem/contract/locales';
import { type MessageId, type MessageValues, translate } from '../../i18n/server-catalogs';
import { SOURCE_LANGUAGE, type TextLanguage } from '../../i18n/server-language';

/**
 * Every message's frame: the product's name, the text, an optional button with its link written
 * out as well (for mail clients that show no HTML), and who runs this server. One plain-text and
 * one HTML part from the same content, so they never say different things. The frame's own words
 * are in the reader's language (decision 364), the same as the content's.
 */
export interface MailContent {
  /** The first line, e.g. "Hello Ada,". */
  greeting: string;
  /** Paragraphs of plain text (escaped for HTML here). */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button, e.g. "If you did not ask for this, ignore this mail." */
  after?: string[];
}

export interface MailBrand {
  productName: string;
  /** The operator's contact (an address or a URL), or undefined when none is configured. */
  operatorContact?: string;
  /** The instance's public origin, e.g. https://meds.example.org. */
  publicUrl: string;
}

export interface RenderedMail {
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The texts of the reader's language (decision 364): `t(id, values)`, what every mail is written with. */
export const mailWordsIn =
  (language: TextLanguage) =>
  (id: MessageId, values?: MessageValues): string =>
    translate(language.locale, id, values);

function footerLines(brand: MailBrand, language: TextLanguage): string[] {
  const t = mailWordsIn(language);
  const lines = [`${brand.productName} · ${brand.publicUrl}`];
  lines.push(
    brand.operatorContact
      ? t('mail.footerOperator', { contact: brand.operatorContact })
      : t('mail.footerNoOperator', { product: brand.productName }),
  );
  return lines;
}

/** Stands for the link inside its translated sentence until the sentence is escaped. */
const LINK_MARK = '\u0000';

/** "Or open this link: …" with the link as an anchor; the sentence's words escaped, the link's HTML not. */
function orOpenLinkHtml(url: string, language: TextLanguage): string {
  const anchor = `<a href="${escapeHtml(url)}" style="color:#0f766e">${escapeHtml(url)}</a>`;
  return escapeHtml(mailWordsIn(language)('mail.orOpenLink', { link: LINK_MARK })).replace(LINK_MARK, anchor);
}

/**
 * Both parts of a message in `language` (English for a reader who chose none): its frame's words
 * and the HTML's `lang` and `dir`, so a right-to-left language is laid out as it reads.
 */
export function renderMail(
  content: MailContent,
  brand: MailBrand,
  language: TextLanguage = SOURCE_LANGUAGE,
): RenderedMail {
  const after = content.after ?? [];
  const { action } = content;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(action ? [mailWordsIn(language)('mail.actionLink', { label: action.label, url: action.url })] : []),
    ...after,
    ['—', ...footerLines(brand, language)].join('\n'),
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">${orOpenLinkHtml(action.url, language)}</p>`
    : '';
  const html = [
    `<!doctype html><html lang="${language.locale}" dir="${textDirection(language.locale)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(brand.productName)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 24px;font-weight:700;color:#0f766e">${escapeHtml(brand.productName)}</p>`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    button,
    ...after.map(p),
    `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">`,
    ...footerLines(brand, language).map(
      (line) => `<p style="margin:0 0 8px;font-size:12px;color:#64748b">${escapeHtml(line)}</p>`,
    ),
    '</div></body></html>',
  ].join('');
  return { text, html };
}

/**
 * A link into the app on the configured public origin, never the request's Host header (a forged
 * Host would otherwise put an attacker's origin in a reset mail).
 */
export function publicLink(publicUrl: string, path: string, params: Record<string, string> = {}): string {
  // Relative to the origin's own path, so an instance served under /meds/ keeps it.
  const url = new URL(path.replace(/^\/+/, ''), publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}
