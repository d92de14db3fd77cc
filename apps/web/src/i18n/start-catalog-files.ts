/**
 * The source files whose texts the signed-out first paint shows, before the full app loads: their
 * messages make the small `start` catalog (decision 361). The build checks that every message the
 * entry's chunk uses is in it (vite.config.ts, `medrem:start-catalog`), so a file the first paint
 * comes to import without being listed here fails the build instead of painting a message id.
 */
export const START_CATALOG_FILES = [
  '<rootDir>/src/app/signed-out',
  '<rootDir>/src/app/shell/page-frame.component.tsx',
  '<rootDir>/src/app/shell/pwa-prompts.component.tsx',
  '<rootDir>/src/app/shell/update-prompt.component.tsx',
  '<rootDir>/src/app/shell/install-prompt.component.tsx',
  '<rootDir>/src/app/shell/offline-screen.component.tsx',
  '<rootDir>/src/app/shell/top-nav.component.tsx',
  '<rootDir>/src/features/auth/components/auth-card.component.tsx',
  '<rootDir>/src/features/auth/components/credential-fields.component.tsx',
  '<rootDir>/src/features/auth/components/form-footer.component.tsx',
  '<rootDir>/src/features/auth/components/login-form.component.tsx',
  '<rootDir>/src/features/auth/components/login-form.hook.ts',
  // The contract's messages of the account forms: the sign-in form's are shown before the app loads.
  '<rootDir>/src/features/auth/contract-messages.ts',
  '<rootDir>/src/features/auth/components/invitation-notice.component.tsx',
  '<rootDir>/src/features/auth/components/social-sign-in.component.tsx',
  '<rootDir>/src/features/auth/components/google-sign-in-button.component.tsx',
  '<rootDir>/src/features/auth/components/oidc-sign-in-button.component.tsx',
  '<rootDir>/src/features/passkeys/passkey-support.ts',
  '<rootDir>/src/features/auth/first-sign-in.ts',
  '<rootDir>/src/features/auth/social',
  '<rootDir>/src/features/passkeys/passkey-sign-in.component.tsx',
  '<rootDir>/src/i18n/language-select.component.tsx',
  '<rootDir>/src/i18n/signed-out-language.component.tsx',
  '<rootDir>/src/lib',
  '<rootDir>/src/shared/ui',
];
