/** The push services a browser subscribes through, by the endpoint's host. */
const SERVICES: [RegExp, string][] = [
  [/(^|\.)fcm\.googleapis\.com$/, 'Chrome, Edge or Android browser'],
  [/(^|\.)push\.services\.mozilla\.com$/, 'Firefox'],
  [/(^|\.)push\.apple\.com$/, 'Safari (iPhone, iPad or Mac)'],
  [/(^|\.)notify\.windows\.com$/, 'Windows'],
];

/**
 * How a device or channel is named to its owner (Settings → Notifications, the "stopped receiving"
 * notice). A browser never tells the server its name, so the push service stands for it; a channel
 * is named by its kind and the host it posts to.
 */
export function deviceLabel(row: { kind: string; endpoint: string; token: string }): string {
  const hostOf = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return '';
    }
  };
  switch (row.kind) {
    case 'webpush': {
      const host = hostOf(row.endpoint);
      const named = SERVICES.find(([pattern]) => pattern.test(new URL(`https://${host || 'x'}`).hostname));
      return named ? `Browser: ${named[1]}` : `Browser (${host || 'push service'})`;
    }
    case 'fcm':
      return 'App on a phone (Firebase)';
    case 'email':
      return 'Email';
    case 'ntfy':
      return `ntfy: ${row.token.replace(/^https?:\/\//, '')}`;
    case 'webhook':
      return `Webhook: ${hostOf(row.token)}`;
    default:
      return row.kind;
  }
}
