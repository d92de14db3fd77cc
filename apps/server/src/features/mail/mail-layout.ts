/**
 * Every message's frame: the product's name, the text, an optional button with its link written
 * out as well (for mail clients that show no HTML), and who runs this server. One plain-text and
 * one HTML part from the same content, so they never say different things.
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

function footerLines(brand: MailBrand): string[] {
  const lines = [`${brand.productName} · ${brand.publicUrl}`];
  lines.push(
    brand.operatorContact
      ? `This server is run by ${brand.operatorContact}. Questions about your account go there.`
      : 'This mail was sent by the Medicine Reminder server you have an account on.',
  );
  return lines;
}

export function renderMail(content: MailContent, brand: MailBrand): RenderedMail {
  const after = content.after ?? [];
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...after,
    ['—', ...footerLines(brand)].join('\n'),
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this link: <a href="${escapeHtml(content.action.url)}" style="color:#0f766e">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<meta name="viewport" content="width=device-width"><title>${escapeHtml(brand.productName)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<p style="margin:0 0 24px;font-weight:700;color:#0f766e">${escapeHtml(brand.productName)}</p>`,
    p(content.greeting),
    ...content.paragraphs.map(p),
    button,
    ...after.map(p),
    `<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0">`,
    ...footerLines(brand).map(
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
