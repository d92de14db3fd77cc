/** Starting the local push sink (push-sink.ts) in its own process, for both push benchmarks. */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `lean`: a socket-level HTTP/1.1 server (the default); `node-http`: the first sink, node:http. */
export const pushSinkKinds = ['lean', 'node-http'] as const;
export type PushSinkKind = (typeof pushSinkKinds)[number];
/** `h2c`: HTTP/2 without TLS (node:http2), for `bench:push-ceiling -- --transport http2` alone. */
export type AnyPushSinkKind = PushSinkKind | 'h2c';

export function pushSinkKindOf(value: string | undefined): PushSinkKind {
  const kind = value ?? 'lean';
  if (!(pushSinkKinds as readonly string[]).includes(kind)) {
    throw new Error(`--sink must be one of ${pushSinkKinds.join(', ')}, not ${kind}`);
  }
  return kind as PushSinkKind;
}

/** Forks the sink and resolves once it listens, with the port it listens on. */
export async function startPushSink(kind: AnyPushSinkKind): Promise<{ sink: ChildProcess; port: number }> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const sink = fork(path.join(here, 'push-sink.ts'), ['--kind', kind], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const port = await new Promise<number>((resolve, reject) => {
    sink.once('message', (m: { port: number }) => resolve(m.port));
    sink.once('exit', (code) => reject(new Error(`the push sink exited with ${code} before listening`)));
  });
  return { sink, port };
}
