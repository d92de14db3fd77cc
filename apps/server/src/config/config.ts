import path from 'node:path';
import { z } from 'zod';
import { defaultDatabasePoolSize } from '../db/pool-size';
import { mailConfig } from './mail-config';

/**
 * Which proxies may name the client in X-Forwarded-For: none (the default), or the proxies' own
 * addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal). Fastify's `true`
 * trusts every sender, so anyone reaching the port directly picks their own IP and escapes the
 * per-IP limits (issue 8, finding 3); a hop count makes Fastify trust nobody (every client then
 * shares the proxy's address and its limits). Both are refused with a message saying what to set.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PROXY_ADDRESS = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): false | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (
    text !== 'true' &&
    list.every((a) => PROXY_NAMES.has(a) || (PROXY_ADDRESS.test(a) && !/^\d+$/.test(a)))
  ) {
    return list;
  }
  ctx.addIssue({
    code: 'custom',
    message:
      'TRUST_PROXY must be false or the addresses/CIDRs of your proxies (e.g. loopback,uniquelocal), not true or a hop count',
  });
  return false;
}

/**
 * ADMIN_EMAILS: the administrators' addresses, comma-separated (issue 57). Each is trimmed and
 * lower-cased like an account's address; one that is not an address stops the start with its name,
 * so a typo never silently leaves the instance without its administrator.
 */
function parseAdminEmails(value: string | undefined, ctx: z.RefinementCtx): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const bad = list.filter((address) => !z.email().safeParse(address).success);
  if (bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `ADMIN_EMAILS must be email addresses separated by commas; not an address: ${bad.join(', ')}`,
    });
  }
  return [...new Set(list)];
}

/** Every environment variable the server reads; documented in the README's table. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(defaultDatabasePoolSize()),
  // Embedded database only: how often the autovacuum PGlite lacks looks for work; 0 turns it off
  // (decision 158).
  EMBEDDED_VACUUM_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  REDIS_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => parseTrustProxy(v, ctx)),
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(102_400),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Operations (README "Metrics", "Graceful shutdown")
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  // Reminder engine (docs/reminders.md)
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('medrem'),
  REMINDER_WORKER: z.enum(['embedded', 'off']).default('embedded'),
  REMINDER_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  REMINDER_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(2000),
  REMINDER_LANES: z.coerce.number().int().min(1).max(64).default(4),
  REMINDER_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(6),
  PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  REMINDER_PREPARE_SECONDS: z.coerce.number().int().min(0).max(3600).default(180),
  REMINDER_PREPARE_MAX: z.coerce.number().int().min(1).max(10_000_000).default(200_000),
  // on: preparation also stores ahead what it can, released at the instant (decision 017).
  REMINDER_STAGE_AHEAD: z.enum(['on', 'off']).default('on'),
  // Notifications older than this many days are pruned by the reminder workers; 0 keeps them all
  // (decision 276).
  NOTIFICATION_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
  // Web Push requests on a thread of their own (decision 019), on either database since decision
  // 159; `auto` (the default, kept for existing settings) is `on`.
  PUSH_SEND_THREAD: z.enum(['auto', 'on', 'off']).default('auto'),
  PUSH_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(3600),
  PUSH_ENDPOINT_ALLOWLIST: z.string().optional(),
  // Hosts on a private network ntfy and webhook channels may reach (decision 236); none by default.
  CHANNEL_PRIVATE_HOSTS: z.string().max(4000).optional(),
  VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .default('mailto:reminders@medicine-reminder.invalid'),
  ACTION_TOKEN_SECRET: z.string().min(32, 'ACTION_TOKEN_SECRET must be at least 32 characters').optional(),
  ACTION_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(240),
  FCM_SERVICE_ACCOUNT_JSON: z.string().optional(),
  FCM_SERVICE_ACCOUNT_FILE: z.string().optional(),
  // Sign-in with Google / OpenID Connect (features/auth/social, README "Google sign-in")
  FIREBASE_PROJECT_ID: z.string().min(1).max(100).optional(),
  FIREBASE_API_KEY: z.string().min(1).max(200).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).max(200).optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, 'host:port')
    .optional(),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(40).optional(),
  OIDC_REDIRECT_URI: z.string().url().optional(),
  // Mail and the account life cycle (issue 52, README "Mail")
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_USER: z.string().min(1).max(500).optional(),
  SMTP_PASSWORD: z.string().min(1).max(500).optional(),
  MAIL_FROM: z.string().min(3).max(320).optional(),
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s?#]+$/,
      'PUBLIC_URL must be the http(s) origin people open, e.g. https://meds.example.org',
    )
    .optional(),
  OPERATOR_CONTACT: z.string().min(3).max(320).optional(),
  REQUIRE_EMAIL_VERIFICATION: z.enum(['true', 'false']).default('false'),
  // The operator (issue 57): administrators, and who may register (the admin screen's choice,
  // once made, wins over SIGNUPS: decision 282)
  ADMIN_EMAILS: z
    .string()
    .max(10_000)
    .optional()
    .transform((v, ctx) => parseAdminEmails(v, ctx)),
  SIGNUPS: z
    .enum(['open', 'invite', 'closed'], { error: 'SIGNUPS must be open, invite or closed' })
    .default('open'),
  SIGNUP_INVITES_BY_USERS: z.enum(['true', 'false']).default('false'),
  // The outbox's sender (decision 200; defaults in mail-config.ts)
  MAIL_RETRY_SECONDS: z.coerce.number().min(0.01).max(3600).optional(),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(86_400).optional(),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).optional(),
  MAIL_LEASE_SECONDS: z.coerce.number().min(0.5).max(3600).optional(),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(60_000).optional(),
});

export type AppConfig = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedVacuumMs: e.EMBEDDED_VACUUM_SECONDS * 1000,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    logLevel: e.LOG_LEVEL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    loginThrottle: {
      maxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
    },
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    reminders: {
      redisKeyPrefix: e.REDIS_KEY_PREFIX,
      worker: e.REMINDER_WORKER,
      tickMs: e.REMINDER_TICK_MS,
      batchSize: e.REMINDER_BATCH_SIZE,
      lanes: e.REMINDER_LANES,
      workerConcurrency: e.REMINDER_WORKER_CONCURRENCY,
      pushConcurrency: e.PUSH_CONCURRENCY,
      prepareLeadMs: e.REMINDER_PREPARE_SECONDS * 1000,
      prepareMaxEntries: e.REMINDER_PREPARE_MAX,
      stageAhead: e.REMINDER_STAGE_AHEAD === 'on',
      notificationRetentionMs: e.NOTIFICATION_RETENTION_DAYS * 86_400_000,
      sendThread: e.PUSH_SEND_THREAD !== 'off',
      pushLeaseMs: e.PUSH_LEASE_SECONDS * 1000,
      pushMaxAttempts: e.PUSH_MAX_ATTEMPTS,
      pushTtlSeconds: e.PUSH_TTL_SECONDS,
      pushEndpointAllowlist: e.PUSH_ENDPOINT_ALLOWLIST,
      channelPrivateHosts: e.CHANNEL_PRIVATE_HOSTS,
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT,
      actionTokenSecret: e.ACTION_TOKEN_SECRET,
      actionTokenTtlMs: e.ACTION_TOKEN_TTL_MINUTES * 60_000,
      fcmServiceAccountJson: e.FCM_SERVICE_ACCOUNT_JSON,
      fcmServiceAccountFile: e.FCM_SERVICE_ACCOUNT_FILE,
    },
    operator: {
      adminEmails: e.ADMIN_EMAILS,
      signups: e.SIGNUPS,
      invitesByUsers: e.SIGNUP_INVITES_BY_USERS === 'true',
    },
    socialSignIn: socialSignInConfig(e),
    mail: mailConfig(e),
  };
}

/**
 * Firebase mode needs the web config (project id and API key); OIDC mode a client id and secret.
 * The Auth emulator skips signature checks, so it is accepted only for a `demo-*` project, which
 * Firebase itself reserves for emulators: a real project can never be verified that way.
 */
function socialSignInConfig(e: z.infer<typeof envSchema>) {
  const firebase =
    e.FIREBASE_PROJECT_ID && e.FIREBASE_API_KEY
      ? {
          projectId: e.FIREBASE_PROJECT_ID,
          apiKey: e.FIREBASE_API_KEY,
          authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
          emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
        }
      : undefined;
  if (firebase?.emulatorHost && !firebase.projectId.startsWith('demo-')) {
    throw new Error(
      'Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST is only accepted with a demo-* FIREBASE_PROJECT_ID.',
    );
  }
  const issuer = new URL(e.OIDC_ISSUER);
  const oidc =
    e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          providerName:
            e.OIDC_PROVIDER_NAME ?? (issuer.hostname === 'accounts.google.com' ? 'Google' : issuer.hostname),
          redirectUri: e.OIDC_REDIRECT_URI,
        }
      : undefined;
  return { firebase, oidc };
}
