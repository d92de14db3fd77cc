/**
 * A local push sink for the benchmark (a child process, so its CPU is not the engine's): it answers
 * every Web Push request 201 and records when each Topic first arrived. It does not decrypt (the
 * round-trip test does that); it only counts, so the measurement is of the sender.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const firstSeen = new Map<string, number>();
let requests = 0;

const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    requests += 1;
    const topic = String(request.headers.topic ?? request.url);
    if (!firstSeen.has(topic)) firstSeen.set(topic, Date.now());
    response.writeHead(201);
    response.end();
  });
});
server.keepAliveTimeout = 30_000;

server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});

process.on('message', (message: { type: string }) => {
  if (message.type === 'count') process.send?.({ type: 'count', unique: firstSeen.size, requests });
  if (message.type === 'report') {
    process.send?.({ type: 'report', requests, times: [...firstSeen.values()], cpu: process.cpuUsage() });
  }
  if (message.type === 'stop') server.close(() => process.exit(0));
});
