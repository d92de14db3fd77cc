/** The server routes of the OpenID Connect sign-in (a full-page navigation, not an API call). */
export const OIDC_START_PATH = '/api/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
