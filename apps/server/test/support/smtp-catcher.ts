import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { freePort } from './free-port';

/** A message as the catcher received it over SMTP, parsed. */
export interface CaughtMail {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The envelope's sender (MAIL FROM). */
  envelopeFrom: string;
  /** The From header's display name and address. */
  from: { name: string; address: string };
  subject: string;
  text: string;
  /** The HTML part, or '' when the message had none. */
  html: string;
  messageId: string;
  /** Every http(s) link in the text and HTML parts (href values decoded), each once, in order. */
  links: string[];
  /** The message as it came over the wire. */
  raw: string;
  /** The user the client authenticated as, when it did. */
  authUser: string | undefined;
}

export interface SmtpCatcherOptions {
  /** A fixed port (a restart always reuses the port of the first start). Default: a free one. */
  port?: number;
  /** When set, the catcher requires AUTH PLAIN/LOGIN with these credentials. */
  credentials?: { user: string; password: string };
}

const firstAddress = (value: AddressObject | undefined) => {
  const first = value?.value[0];
  return { name: first?.name ?? '', address: first?.address ?? '' };
};

const decodeEntities = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
    e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
  );

/** The links a reader could follow: hrefs of the HTML part and URLs written out in the text part. */
export function linksIn(text: string, html: string): string[] {
  const links = [
    ...[...html.matchAll(/href="([^"]+)"/g)].map((m) => decodeEntities(m[1]!)),
    ...[...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0].replace(/[.,;:)]+$/, '')),
  ].filter((link) => /^https?:\/\//.test(link));
  return [...new Set(links)];
}

/**
 * A real SMTP server for tests (the `smtp-server` package, messages parsed by `mailparser`): the
 * app sends to it over TCP exactly as it would to an operator's relay. It can refuse the next
 * messages with a reply code (4xx: try again later, 5xx: never) and be stopped and started again
 * on the same port, so outage tests see a real connection refused and a real recovery.
 * Used by the server's tests and, through a relative import, by the browser suite.
 */
export class SmtpCatcher {
  readonly messages: CaughtMail[] = [];
  private readonly events = new EventEmitter();
  private readonly refusals: number[] = [];
  private holding = false;
  private readonly held: (() => void)[] = [];
  private server: SMTPServer | null = null;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly options: SmtpCatcherOptions,
  ) {}

  static async start(options: SmtpCatcherOptions = {}): Promise<SmtpCatcher> {
    const catcher = new SmtpCatcher(options.port ?? (await freePort()), options);
    await catcher.restart();
    return catcher;
  }

  /** `smtp://127.0.0.1:<port>` (with the credentials when the catcher requires them). */
  get url(): string {
    const auth = this.options.credentials;
    const userinfo = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@` : '';
    return `smtp://${userinfo}127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.server !== null;
  }

  /** Refuses the next `count` messages at RCPT TO with `code` (451: temporary, 550: permanent). */
  refuseNext(count: number, code = 451): void {
    for (let i = 0; i < count; i += 1) this.refusals.push(code);
  }

  /**
   * Leaves every message from now on unanswered at RCPT TO until `releaseHeld()`: a test can kill
   * the sending process while its message is on the wire, neither accepted nor refused.
   */
  hold(): void {
    this.holding = true;
  }

  /** How many messages wait unanswered (a held connection whose client died still counts). */
  get heldCount(): number {
    return this.held.length;
  }

  /** Stops holding and answers the held messages (those whose client is still there go on). */
  releaseHeld(): void {
    this.holding = false;
    for (const answer of this.held.splice(0)) answer();
  }

  /** How many refusals are still to be answered. */
  get refusalsLeft(): number {
    return this.refusals.length;
  }

  /** Messages received for `to` (case-insensitive). */
  received(to: string): CaughtMail[] {
    const address = to.toLowerCase();
    return this.messages.filter((m) => m.to.includes(address));
  }

  /**
   * The first message (already received or still to come) for `to` that matches `match` (a
   * subject pattern or a predicate). Fails after `timeoutMs` naming what did arrive.
   */
  waitFor(
    to: string,
    match?: RegExp | ((mail: CaughtMail) => boolean),
    timeoutMs = 10_000,
  ): Promise<CaughtMail> {
    const address = to.toLowerCase();
    const fits = (m: CaughtMail) =>
      m.to.includes(address) &&
      (match === undefined || (match instanceof RegExp ? match.test(m.subject) : match(m)));
    const found = this.messages.find(fits);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const onMail = (m: CaughtMail) => {
        if (!fits(m)) return;
        clearTimeout(timer);
        this.events.off('mail', onMail);
        resolve(m);
      };
      const timer = setTimeout(() => {
        this.events.off('mail', onMail);
        const seen = this.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
        reject(
          new Error(`no mail for ${to}${match ? ` matching ${String(match)}` : ''} (received: ${seen})`),
        );
      }, timeoutMs);
      this.events.on('mail', onMail);
    });
  }

  /** Forgets the messages received so far (refusals still pending stay). */
  clear(): void {
    this.messages.length = 0;
  }

  /**
   * Stops listening and cuts every open connection at once, as a crashed or unplugged relay
   * would: a client in the middle of a message sees its connection drop, a new one is refused.
   */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  /** Listens (again) on the same port. */
  async restart(): Promise<void> {
    if (this.server) return;
    const credentials = this.options.credentials;
    const server = new SMTPServer({
      logger: false,
      disabledCommands: credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !credentials,
      allowInsecureAuth: true,
      closeTimeout: 50,
      onAuth: (auth, _session, callback) => {
        if (credentials && auth.username === credentials.user && auth.password === credentials.password)
          callback(null, { user: auth.username });
        else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
      },
      onRcptTo: (_address, _session, callback) => {
        if (this.holding) {
          this.held.push(() => callback());
          return;
        }
        const code = this.refusals.shift();
        if (code === undefined) return callback();
        const word = code >= 500 ? 'Mailbox unavailable' : 'Try again later';
        callback(Object.assign(new Error(`${word} (test refusal)`), { responseCode: code }));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.record(raw, session).then(
            () => callback(),
            (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
          );
        });
      },
    });
    server.on('error', () => undefined);
    // The raw sockets, so stop() can cut them like a crash instead of waiting for a polite QUIT.
    server.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  private async record(raw: string, session: SMTPServerSession): Promise<void> {
    const parsed = await simpleParser(raw);
    const text = parsed.text ?? '';
    const html = typeof parsed.html === 'string' ? parsed.html : '';
    const envelopeFrom = session.envelope.mailFrom;
    const mail: CaughtMail = {
      to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
      envelopeFrom: envelopeFrom ? envelopeFrom.address : '',
      from: firstAddress(parsed.from),
      subject: parsed.subject ?? '',
      text,
      html,
      messageId: parsed.messageId ?? '',
      links: linksIn(text, html),
      raw,
      authUser: typeof session.user === 'string' ? session.user : undefined,
    };
    this.messages.push(mail);
    this.events.emit('mail', mail);
  }
}
