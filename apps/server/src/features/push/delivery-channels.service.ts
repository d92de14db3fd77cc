import {
  CHANNELS_PER_KIND_MAX,
  type DELIVERY_FAILURE_REASONS,
  type DeliveryTargetView,
  pushPayloadOf,
} from '@medrem/contract';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { mayMailOthers } from '../account/mail-to-others-rules';
import { type Caller, assertSelf } from '../auth/caller';
import type { RealtimeHub } from '../notifications/live/live-hub';
import type { ChannelEndpointPolicy } from './channel-endpoints';
import { newWebhookSecret } from './channels/webhook.sender';
import { ntfyTopicOf } from './channels/ntfy.sender';
import {
  type ChannelWithStatus,
  DeliveryChannelRepository,
  isChannelKind,
} from './delivery-channel.repository';
import { DeliveryStatusRepository } from './delivery-status.repository';
import { deviceLabel } from './device-label';
import { tellDevicesStopped } from './device-stopped';
import { type PushSender, failureReason } from './push-sender';

type FailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];
interface AddInput {
  kind: 'email' | 'ntfy' | 'webhook';
  /** Required for ntfy and webhook (the contract says so); ignored for email. */
  url?: string | undefined;
  /** ntfy only: a protected topic's access token, kept as the row's secret. */
  accessToken?: string | undefined;
  mode: 'every' | 'fallback';
}

/**
 * Between two tests of one device, so a held-down button cannot flood a push service or a webhook;
 * shared by every server process (decision 261).
 */
const TEST_EVERY_MS = 5_000;

const FAILURE_WORDS: Record<FailureReason, string> = {
  expired: 'The subscription has expired: this device no longer receives reminders.',
  refused: 'The service refused the reminder.',
  unreachable: 'The service could not be reached.',
  unverified: 'Your email address is not verified yet: open the link we mailed you.',
};

/**
 * Where a user's reminders go (issue 53, decisions 233–236): the browser and app devices, and the
 * channels (email, ntfy, signed webhook), each with its last delivery and failure, and a test
 * reminder that says at once whether it was accepted. Sending reminders is the engine's work.
 */
export class DeliveryChannelsService {
  private sender: PushSender | undefined;

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      policy: ChannelEndpointPolicy;
      realtime: RealtimeHub;
    },
  ) {}

  private get channels() {
    return new DeliveryChannelRepository(this.deps.db);
  }

  /** The sender test reminders go through (the reminder runtime's, set when it starts). */
  useSender(sender: PushSender): void {
    this.sender = sender;
  }

  get endpoints(): ChannelEndpointPolicy {
    return this.deps.policy;
  }

  async list(caller: Caller, userEmail: string): Promise<{ targets: DeliveryTargetView[] }> {
    assertSelf(caller, userEmail);
    const rows = await this.channels.listWithStatus(caller.userId);
    // Browser and app devices first, then the channels, each in the order they were added.
    const devicesFirst = [...rows].sort(
      (a, b) => Number(isChannelKind(a.kind)) - Number(isChannelKind(b.kind)),
    );
    return { targets: devicesFirst.map(viewOf) };
  }

  async add(
    caller: Caller,
    userEmail: string,
    input: AddInput,
  ): Promise<{ target: DeliveryTargetView; secret: string | null }> {
    assertSelf(caller, userEmail);
    const url = input.kind === 'email' ? '' : (input.url ?? '').trim();
    if (input.kind === 'email') {
      const account = await this.channels.accountOf(caller.userId);
      if (!account || !mayMailOthers(account)) {
        throw badRequest('Please verify your email address first: open the link we mailed you.');
      }
      if ((await this.channels.countChannels(caller.userId, 'email')) > 0) {
        throw conflict('Reminders by email are on already.');
      }
    } else {
      const issue = this.deps.policy.issueOf(url);
      if (issue) throw badRequest(issue);
      if (input.kind === 'ntfy' && !ntfyTopicOf(url)) {
        throw badRequest(
          'This is not an ntfy topic URL. It looks like https://ntfy.sh/your-topic (letters, digits, - and _).',
        );
      }
      const unresolved = await this.deps.policy.resolveIssue(url);
      if (unresolved) throw badRequest(unresolved);
      if ((await this.channels.countChannels(caller.userId, input.kind)) >= CHANNELS_PER_KIND_MAX) {
        throw conflict(`You can add at most ${CHANNELS_PER_KIND_MAX} channels of this kind.`);
      }
    }
    const ntfyToken = input.kind === 'ntfy' && input.accessToken ? input.accessToken : null;
    const secret = input.kind === 'webhook' ? newWebhookSecret() : ntfyToken;
    const row = await this.channels.insert({
      id: randomUUID(),
      userId: caller.userId,
      kind: input.kind,
      url,
      mode: input.mode,
      secret,
      at: this.deps.clock.now(),
    });
    // Only a webhook's secret is answered (once); an ntfy token is the person's own, never echoed.
    return { target: viewOf({ ...row, ...NO_STATUS }), secret: input.kind === 'webhook' ? secret : null };
  }

  async update(
    caller: Caller,
    userEmail: string,
    id: string,
    mode: 'every' | 'fallback',
  ): Promise<{ target: DeliveryTargetView }> {
    assertSelf(caller, userEmail);
    const row = await this.channels.findOwned(caller.userId, id);
    if (!row) throw notFound('No such channel.');
    if (!isChannelKind(row.kind)) throw badRequest('A browser or app device gets every reminder.');
    await this.channels.setMode(caller.userId, id, mode);
    const updated = (await this.channels.listWithStatus(caller.userId)).find((r) => r.id === id);
    if (!updated) throw notFound('No such channel.');
    return { target: viewOf(updated) };
  }

  async remove(caller: Caller, userEmail: string, id: string): Promise<{ success: true; message: string }> {
    assertSelf(caller, userEmail);
    if (!(await this.channels.delete(caller.userId, id))) throw notFound('No such device or channel.');
    return { success: true, message: 'Removed: it gets no more reminders.' };
  }

  /**
   * Sends a test reminder to one device or channel now and answers whether it was accepted; the
   * outcome is its delivery status too. A device its push service reports gone is removed and its
   * owner told, as the engine does.
   */
  async test(caller: Caller, userEmail: string, id: string) {
    assertSelf(caller, userEmail);
    const row = await this.channels.findOwned(caller.userId, id);
    if (!row) throw notFound('No such device or channel.');
    const now = this.deps.clock.now();
    if (!(await this.channels.claimTest(caller.userId, row.id, now, TEST_EVERY_MS))) {
      throw tooManyRequests('A test reminder was just sent. Please wait a few seconds.');
    }
    if (!this.sender) throw badRequest('Reminders are sent by the reminder workers, which are not running.');
    const tag = `test-${row.id.replaceAll('-', '').slice(0, 24)}`;
    const payload = pushPayloadOf({
      id: randomUUID(),
      type: 'generic',
      title: 'Test reminder',
      body: 'Reminders reach you here. (Sent from Settings → Notifications.)',
      tag,
      navigate: '/settings',
      createdAt: now.toISOString(),
      actions: [],
    });
    const result = await this.sender
      .send(row, { payload: JSON.stringify(payload), topic: tag, ttlSeconds: 300, urgency: 'high' })
      .catch((error: unknown) => ({ ok: false as const, gone: false, error: String(error) }));
    const at = this.deps.clock.now();
    const status = new DeliveryStatusRepository(this.deps.db);
    if (result.ok) {
      await status.record([{ subscriptionId: row.id, okAt: at, failure: null }]);
      const message =
        row.kind === 'email'
          ? 'Accepted: the test reminder is on its way to your email address.'
          : `Accepted: ${deviceLabel(row)} took the test reminder.`;
      return { accepted: true, reason: null, message, removed: false };
    }
    const reason = failureReason(result);
    if (result.gone && (row.kind === 'webpush' || row.kind === 'fcm')) {
      const removed = await this.channels.deleteGone([row.id]);
      await tellDevicesStopped(
        {
          db: this.deps.db,
          realtime: this.deps.realtime,
          now: at,
          leaseMs: 0,
          queuePush: () => Promise.resolve(),
        },
        removed,
      );
      return {
        accepted: false,
        reason,
        message: `${FAILURE_WORDS.expired} It has been removed.`,
        removed: true,
      };
    }
    await status.record([
      { subscriptionId: row.id, okAt: null, failure: { at, reason, detail: result.error } },
    ]);
    return {
      accepted: false,
      reason,
      message: `${FAILURE_WORDS[reason]} (${result.error.slice(0, 160)})`,
      removed: false,
    };
  }
}

const NO_STATUS = {
  lastSuccessAt: null,
  lastFailureAt: null,
  lastFailureReason: null,
  lastFailureDetail: null,
};

const REASONS = new Set<string>(['expired', 'refused', 'unreachable', 'unverified']);

function viewOf(row: ChannelWithStatus): DeliveryTargetView {
  const reason =
    row.lastFailureReason && REASONS.has(row.lastFailureReason)
      ? (row.lastFailureReason as FailureReason)
      : null;
  return {
    id: row.id,
    kind: row.kind as DeliveryTargetView['kind'],
    label: deviceLabel(row),
    mode: row.mode === 'fallback' ? 'fallback' : 'every',
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
    lastFailureReason: reason,
    lastFailure: reason ? FAILURE_WORDS[reason] : null,
  };
}
