import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals TOTP secrets at rest (decision 287): AES-256-GCM under a key derived (HKDF) from the
 * server's own secret, so a copy of the database (a backup, a leaked dump) does not give the
 * codes. The server's secret lives in DATA_DIR or JWT_SECRET, not in the database.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'medrem', 'two-factor-secret', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
  }

  /** Null when it was sealed under another key (the server's secret changed) or altered. */
  open(sealed: string): string | null {
    const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !body || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
