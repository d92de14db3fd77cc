import type { SignInProviders } from '@medrem/contract';
import { useEffect, useState } from 'react';
import { plainQuery } from '../../../lib/plain-trpc';

// They change only with the server's configuration: asked once per page load, shared by every caller.
let providers: Promise<SignInProviders> | undefined;
let known: SignInProviders | undefined;

function loadProviders(): Promise<SignInProviders> {
  providers ??= plainQuery<SignInProviders>('social.providers').then(
    (answer) => (known = answer),
    (error: unknown) => {
      providers = undefined; // asked again by the next screen that needs them
      throw error;
    },
  );
  return providers;
}

/**
 * The third-party sign-in options of this server: undefined until known, null when they could not
 * be fetched (then no button is shown). A plain fetch, not a tRPC query: the login form is part of
 * the signed-out first paint, which has no query client (decision 051).
 */
export function useSignInProviders(enabled = true): SignInProviders | null | undefined {
  const [value, setValue] = useState<SignInProviders | null | undefined>(known);
  useEffect(() => {
    if (!enabled || value !== undefined) return;
    let current = true;
    loadProviders().then(
      (answer) => current && setValue(answer),
      (error: unknown) => {
        console.warn('Could not fetch the sign-in options', error);
        if (current) setValue(null);
      },
    );
    return () => {
      current = false;
    };
  }, [enabled, value]);
  return value;
}
