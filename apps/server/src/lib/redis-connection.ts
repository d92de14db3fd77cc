import { Redis, type RedisOptions } from 'ioredis';

/**
 * Every Redis connection of the app. ioredis prints each failed reconnect of a connection that has
 * no 'error' listener straight to stderr ("[ioredis] Unhandled error event"), a line per attempt and
 * outside the JSON log. Here each connection reports its first failure of an outage through
 * `onOutage` (the caller's logger) and stays quiet until it is ready again; ioredis keeps
 * reconnecting by itself, and callers already treat a failed command as an outage.
 */
export function redisConnection(url: string, options: RedisOptions, onOutage: (error: Error) => void): Redis {
  const redis = new Redis(url, options);
  let reported = false;
  redis.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    onOutage(error);
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}
