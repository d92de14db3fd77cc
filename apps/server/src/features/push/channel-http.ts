import http from 'node:http';
import https from 'node:https';
import type { ChannelEndpointPolicy } from './channel-endpoints';
import { PrivateAddressError } from './channel-endpoints';
import type { PushResult } from './push-sender';

/** A channel's server has this long to answer; a reminder late by more is retried later. */
const TIMEOUT_MS = 10_000;
/** What is kept of an answer's text (for the status shown and the log). */
const ANSWER_KEPT = 200;

/**
 * POSTs a channel's JSON (ntfy, webhook) under the channel policy: the URL checked again (the
 * operator's list may have changed), every connection through the policy's lookup. 2xx is accepted;
 * 408, 429 and 5xx are worth retrying; any other answer is a refusal retrying cannot change. A
 * channel is never removed for a 404 (unlike a push subscription): its owner fixes or deletes it.
 */
export function postChannelJson(
  policy: ChannelEndpointPolicy,
  target: string,
  body: string,
  headers: Record<string, string>,
): Promise<PushResult> {
  const issue = policy.issueOf(target);
  if (issue)
    return Promise.resolve({ ok: false, gone: false, permanent: true, reason: 'refused', error: issue });
  const url = new URL(target);
  const options: http.RequestOptions = {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'MedicineReminder',
      ...headers,
    },
    lookup: policy.lookupFor(url) as http.RequestOptions['lookup'],
    timeout: TIMEOUT_MS,
  };
  return new Promise<PushResult>((resolve) => {
    const onResponse = (res: http.IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length < ANSWER_KEPT) text += chunk;
      });
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        if (status >= 200 && status < 300) return resolve({ ok: true });
        const retry = status === 408 || status === 429 || status >= 500;
        resolve({
          ok: false,
          gone: false,
          permanent: !retry,
          reason: retry ? 'unreachable' : 'refused',
          error: `answered ${status} ${text.slice(0, ANSWER_KEPT)}`.trim(),
        });
      });
      res.on('error', (error) =>
        resolve({ ok: false, gone: false, reason: 'unreachable', error: error.message }),
      );
    };
    const req =
      url.protocol === 'https:'
        ? https.request(url, options, onResponse)
        : http.request(url, options, onResponse);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => {
      const refused = error instanceof PrivateAddressError;
      resolve({
        ok: false,
        gone: false,
        permanent: refused,
        reason: refused ? 'refused' : 'unreachable',
        error: error.message,
      });
    });
    req.end(body);
  });
}
