import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import { type VerifiedIdentity, normaliseEmail } from './verified-identity';

export interface FirebaseAuthSettings {
  projectId: string;
  /** A service-account JSON: needed to delete the Firebase user with the account (not to verify). */
  serviceAccountJson?: string | undefined;
}

/**
 * Verifies Firebase ID tokens with firebase-admin: RS256 signature against Google's published keys
 * (or, with FIREBASE_AUTH_EMULATOR_HOST, the emulator's unsigned tokens, for demo-* projects only),
 * audience = the project id, issuer = securetoken.google.com/<project>, expiry and issue time.
 */
export class FirebaseIdTokenVerifier {
  private auth: Promise<Auth> | undefined;

  constructor(private readonly settings: FirebaseAuthSettings) {}

  private open(): Promise<Auth> {
    this.auth ??= (async () => {
      const { cert, getApps, initializeApp } = await import('firebase-admin/app');
      const { getAuth } = await import('firebase-admin/auth');
      const name = `medrem-auth-${this.settings.projectId}`;
      const options: Parameters<typeof initializeApp>[0] = { projectId: this.settings.projectId };
      if (this.settings.serviceAccountJson) {
        options.credential = cert(JSON.parse(this.settings.serviceAccountJson) as Record<string, string>);
      }
      const app: App = getApps().find((a) => a.name === name) ?? initializeApp(options, name);
      return getAuth(app);
    })();
    return this.auth;
  }

  /** The identity of a valid token; null for any token firebase-admin refuses. */
  async verify(idToken: string): Promise<VerifiedIdentity | null> {
    const auth = await this.open();
    try {
      const claims = await auth.verifyIdToken(idToken);
      return {
        subject: claims.uid,
        email: normaliseEmail(claims.email),
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      };
    } catch {
      return null;
    }
  }

  /** Deletes the Firebase user, which also ends its Firebase refresh tokens. */
  async deleteUser(uid: string): Promise<void> {
    const auth = await this.open();
    try {
      await auth.deleteUser(uid);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    }
  }
}
