/**
 * A local push sink for the benchmarks (a child process, so its CPU is not the engine's): it answers
 * every Web Push request 201 and records when each Topic first arrived. It does not decrypt (the
 * round-trip test does that); it only counts, so the measurement is of the sender.
 *
 * It stands in for the push services, which run on other machines; here it shares the two cores
 * with what is measured. So by default it is the leanest HTTP/1.1 server that still reads every
 * request whole (`lean`: a socket, the head's end, Content-Length, a canned answer), at about two
 * thirds of a `node:http` server's CPU per push (decision 156). `--sink node-http` keeps the first
 * sink, to compare with the figures measured with it. `--kind h2c` answers HTTP/2 without TLS, for
 * `bench:push-ceiling -- --transport http2`.
 */
import http from 'node:http';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { pushSinkKindOf } from './push-sink-process';

const { values: args } = parseArgs({ options: { kind: { type: 'string' } } });
const kind = args.kind === 'h2c' ? 'h2c' : pushSinkKindOf(args.kind);

const firstSeen = new Map<string, number>();
let requests = 0;
/** The sink's CPU is reported from here: its start, or the last 'reset' (the next burst). */
let cpuFrom: NodeJS.CpuUsage | undefined;

function arrived(topic: string) {
  requests += 1;
  if (!firstSeen.has(topic)) firstSeen.set(topic, Date.now());
}

function nodeHttpSink(): net.Server {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrived(String(request.headers.topic ?? request.url));
      response.writeHead(201);
      response.end();
    });
  });
  server.keepAliveTimeout = 30_000;
  return server;
}

/** HTTP/2 streams, counted when the body has arrived whole, as node:http's 'end' above. */
function http2Sink(): net.Server {
  const server = http2.createServer({ settings: { maxConcurrentStreams: 1000 } });
  server.on('stream', (stream, headers) => {
    stream.resume();
    stream.on('end', () => {
      arrived(String(headers.topic ?? headers[':path']));
      stream.respond({ ':status': 201 }, { endStream: true });
    });
    stream.on('error', () => stream.destroy());
  });
  return server;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const CREATED = Buffer.from('HTTP/1.1 201 Created\r\ncontent-length: 0\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:[ \t]*(\d+)/i;
const TOPIC = /\r\ntopic:[ \t]*([^\r]*)/i;
const TRANSFER_ENCODING = /\r\ntransfer-encoding:/i;
/** Longer than any push request's head (VAPID's header is the largest, under 1 KiB). */
const MAX_HEAD_BYTES = 16_384;

/**
 * One connection's requests, in order (the sender may pipeline): a request counts when its body has
 * arrived whole, as with node:http's 'end'. Anything this sink does not read (a chunked body, a head
 * without an end) closes the connection, so the sender sees a failure instead of a wrong count.
 */
function readRequests(socket: net.Socket) {
  let pending: Buffer | undefined;
  let bodyLeft = 0;
  let topic = '';
  const refuse = (why: string) => {
    console.error(`push sink: ${why}; closing the connection`);
    socket.destroy();
  };
  socket.on('data', (chunk: Buffer) => {
    const buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    pending = undefined;
    let offset = 0;
    let answers = 0;
    while (offset < buffer.length) {
      if (bodyLeft > 0) {
        const taken = Math.min(bodyLeft, buffer.length - offset);
        bodyLeft -= taken;
        offset += taken;
        if (bodyLeft > 0) break;
        arrived(topic);
        answers += 1;
        continue;
      }
      const end = buffer.indexOf(HEAD_END, offset);
      if (end < 0) {
        if (buffer.length - offset > MAX_HEAD_BYTES) return refuse('a request head without an end');
        pending = buffer.subarray(offset);
        break;
      }
      const head = buffer.toString('latin1', offset, end);
      if (TRANSFER_ENCODING.test(head)) return refuse('a chunked body');
      topic = TOPIC.exec(head)?.[1] ?? head.slice(0, head.indexOf('\r\n'));
      bodyLeft = Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
      offset = end + HEAD_END.length;
      if (bodyLeft === 0) {
        arrived(topic);
        answers += 1;
      }
    }
    if (answers === 0) return;
    socket.cork();
    for (let i = 0; i < answers; i++) socket.write(CREATED);
    socket.uncork();
  });
  socket.on('error', () => socket.destroy());
}

function leanSink(): net.Server {
  return net.createServer({ noDelay: true }, readRequests);
}

const server = kind === 'h2c' ? http2Sink() : kind === 'node-http' ? nodeHttpSink() : leanSink();
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});

process.on('message', (message: { type: string }) => {
  if (message.type === 'count') process.send?.({ type: 'count', unique: firstSeen.size, requests });
  if (message.type === 'report') {
    const cpu = process.cpuUsage(cpuFrom);
    process.send?.({ type: 'report', requests, times: [...firstSeen.values()], cpu });
  }
  // The next burst is counted on its own (bench:reminders --bursts).
  if (message.type === 'reset') {
    firstSeen.clear();
    requests = 0;
    cpuFrom = process.cpuUsage();
    process.send?.({ type: 'reset' });
  }
  // Everything was counted and reported: nothing is left to flush or to wait for.
  if (message.type === 'stop') process.exit(0);
});
