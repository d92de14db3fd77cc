import type { MailConfig } from '../config/mail-config';
import type { OperatorSettings } from './create-admin-services';
import type { Database } from '../db/database';
import type { LoginThrottlePolicy } from '../features/auth/sign-in-limiter';
import type { SocialSignInSettings } from '../features/auth/social/social.composition';
import type { ChannelEndpointPolicy } from '../features/push/channel-endpoints';
import type { PushEndpointPolicy } from '../features/push/endpoint-allowlist';
import type { ActionTokenCodec } from '../features/reminders/action-tokens';
import type { AttemptCounter } from '../lib/attempt-counter';
import type { Clock } from '../lib/clock';
import type { InvalidationBus } from '../lib/invalidation-bus';
import type { OperationLog } from '../lib/operation-log';
import type { PasswordHasher } from '../lib/password-hasher';

/** The keys of the push channel, loaded (or generated) before any service exists. */
export interface PushKeys {
  /** Signs and verifies the tokens of a notification's buttons. */
  tokens: ActionTokenCodec;
  vapidPublicKey: string;
  endpoints: PushEndpointPolicy;
  fcmConfigured: boolean;
  /** Where ntfy and webhook channels may post (decision 236); none private when absent. */
  channels?: ChannelEndpointPolicy;
}

export interface ServiceDependencies {
  db: Database;
  clock: Clock;
  jwtSecret: string;
  failures: AttemptCounter;
  throttle: LoginThrottlePolicy;
  sessionTtlDays: number;
  hasher?: PasswordHasher;
  push: PushKeys;
  /** Google (Firebase) and OpenID Connect sign-in; unset: neither is offered. */
  social?: SocialSignInSettings;
  log?: OperationLog;
  /** How the per-process caches hear of changes in other processes (Redis); unset: this process only. */
  invalidations?: InvalidationBus;
  /** Mail: the public origin for links, the operator's contact, whether verification is required. */
  mail: MailConfig;
  /** Administrators and the sign-up policy (issue 57); unset: none, and sign-ups open. */
  operator?: OperatorSettings;
  /** TRUST_PROXY is set: without PUBLIC_URL, no passkey site is taken from a request (decision 292). */
  behindProxy?: boolean;
}
