import compress from '@fastify/compress';
import fp from 'fastify-plugin';

/**
 * Compresses answers above 1 KiB (API JSON, the API docs) for clients that accept brotli or gzip,
 * with `Vary: Accept-Encoding`. Brotli at quality 4: answers are compressed on every request, and
 * 11 costs far more CPU for a few per cent. The web app's files are compressed once, at build time
 * (apps/web/scripts/precompress.mjs), and served as they are (web-app.plugin.ts): an answer that
 * already has a Content-Encoding is left alone. Server-sent events (text/event-stream) are never
 * compressed, so that each event is flushed at once.
 */
export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'compression' },
);
