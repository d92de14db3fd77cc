import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config';
import {
  withFirebaseSignIn,
  CONTENT_SECURITY_POLICY,
} from '../../../src/plugins/external/security-headers.plugin';

const social = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).socialSignIn;

describe('social sign-in configuration', () => {
  it('offers nothing unless configured', () => {
    expect(social({})).toEqual({ firebase: undefined, oidc: undefined });
    // Half a configuration is no configuration (no button that cannot work).
    expect(social({ FIREBASE_PROJECT_ID: 'medrem' }).firebase).toBeUndefined();
    expect(social({ OIDC_CLIENT_ID: 'app' }).oidc).toBeUndefined();
  });

  it('accepts the Auth emulator only for a demo-* project, which Firebase reserves for emulators', () => {
    expect(() =>
      social({
        FIREBASE_PROJECT_ID: 'medrem-prod',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(/demo-\*/);
    expect(
      social({
        FIREBASE_PROJECT_ID: 'demo-x',
        FIREBASE_API_KEY: 'k',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }).firebase,
    ).toEqual({
      projectId: 'demo-x',
      apiKey: 'k',
      authDomain: 'demo-x.firebaseapp.com',
      emulatorHost: '127.0.0.1:9099',
    });
  });

  it('names the OIDC provider: Google by default, else the issuer host, else OIDC_PROVIDER_NAME', () => {
    const base = { OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's' };
    expect(social(base).oidc).toMatchObject({
      issuer: 'https://accounts.google.com',
      providerName: 'Google',
    });
    expect(social({ ...base, OIDC_ISSUER: 'https://sso.example.org/realms/home' }).oidc?.providerName).toBe(
      'sso.example.org',
    );
    expect(
      social({ ...base, OIDC_ISSUER: 'https://sso.example.org', OIDC_PROVIDER_NAME: 'Keycloak' }).oidc
        ?.providerName,
    ).toBe('Keycloak');
  });

  it('widens the CSP for Firebase by exactly its popup’s needs', () => {
    const real = withFirebaseSignIn(CONTENT_SECURITY_POLICY, { authDomain: 'medrem.firebaseapp.com' });
    expect(real.scriptSrc).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://apis.google.com']);
    expect(real.frameSrc).toEqual(['https://medrem.firebaseapp.com']);
    expect(real.connectSrc).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    const { scriptSrc, frameSrc, connectSrc, ...unchanged } = real;
    const { scriptSrc: _s, connectSrc: _c, ...original } = CONTENT_SECURITY_POLICY;
    expect(unchanged).toEqual(original);
    expect(scriptSrc.length + frameSrc.length + connectSrc.length).toBe(7);
  });
});
