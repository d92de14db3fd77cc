/**
 * The social sign-in E2E setup: the ports right after E2E_PORT (so agents and CI runs with their
 * own E2E_PORT never clash) for the second server, the Firebase Auth emulator and the OIDC provider.
 */
export function socialSetup(port = Number(process.env.E2E_PORT ?? 3123)) {
  const ports = {
    server: port + 1,
    emulator: port + 2,
    emulatorHub: port + 3,
    emulatorLogging: port + 4,
    oidc: port + 5,
  };
  return {
    ports,
    baseURL: `http://127.0.0.1:${ports.server}`,
    oidcIssuer: `http://127.0.0.1:${ports.oidc}`,
    oidcSecret: 'e2e-oidc-client-secret',
    emulatorHost: `127.0.0.1:${ports.emulator}`,
  };
}
