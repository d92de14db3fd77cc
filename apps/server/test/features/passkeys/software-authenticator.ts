import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, as the WebAuthn spec lays out its bytes (attestation "none",
 * an ES256 key from node:crypto), so the API tests send the answers a browser would: built here, not
 * by the library under test. Each option makes one thing wrong on purpose.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

/** The CBOR subset WebAuthn's attestation object and COSE keys use (RFC 8949). */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  origin?: string;
  rpID?: string;
  /** false: the user was present but not verified (no PIN, no biometrics). */
  userVerified?: boolean;
  /** The signature counter to report (an assertion); default: one more than the last. */
  counter?: number;
  /** Signs with this key instead of the credential's own: a forged assertion. */
  forgeWith?: KeyObject;
  type?: string;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private counter = 0;

  constructor(
    readonly rpID: string,
    readonly origin: string,
    /** The user handle the registration options named (stored with the discoverable credential). */
    public userHandle = '',
  ) {}

  get id(): string {
    return b64(this.credentialId);
  }

  private clientData(type: string, challenge: string, options: CeremonyOptions): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: options.type ?? type,
        challenge,
        origin: options.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  private flags(options: CeremonyOptions, extra = 0): number {
    return UP | (options.userVerified === false ? 0 : UV) | extra;
  }

  private authData(flags: number, counter: number, options: CeremonyOptions): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(options.rpID ?? this.rpID), Buffer.from([flags]), count]);
  }

  /** A credential as @simplewebauthn/browser serialises it, around the ceremony's own response. */
  private answer<R>(response: R) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, response };
  }

  /** The answer of navigator.credentials.create() to options carrying `challenge`. */
  register(challenge: string, options: CeremonyOptions = {}) {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.authData(this.flags(options, AT), 0, options),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      this.credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return this.answer({
      clientDataJSON: b64(this.clientData('webauthn.create', challenge, options)),
      attestationObject: b64(attestationObject),
      transports: ['internal' as const],
    });
  }

  /** The answer of navigator.credentials.get() to options carrying `challenge`. */
  assert(challenge: string, options: CeremonyOptions = {}) {
    this.counter = options.counter ?? this.counter + 1;
    const authData = this.authData(this.flags(options), this.counter, options);
    const clientData = this.clientData('webauthn.get', challenge, options);
    const signed = Buffer.concat([authData, sha256(clientData)]);
    const signature = sign('sha256', signed, options.forgeWith ?? this.keys.privateKey);
    return this.answer({
      clientDataJSON: b64(clientData),
      authenticatorData: b64(authData),
      signature: b64(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }
}
