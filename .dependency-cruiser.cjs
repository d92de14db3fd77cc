/**
 * The dependency rules the folders promise (docs/ARCHITECTURE.md). `npm run lint` fails on any
 * violation. Type-only imports count: a type-level cycle still ties two files together.
 */
const SERVER = '^apps/server/src/';
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Dependencies run one way; a cycle (even type-only) means two files must change together.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'features-own-their-ports',
      severity: 'error',
      comment:
        'The reminder engine depends on the other features and implements the interfaces they declare, not the reverse.',
      from: { path: `${SERVER}features/(?!reminders/)` },
      to: { path: `${SERVER}features/reminders/` },
    },
    {
      name: 'shared-infrastructure-knows-no-feature',
      severity: 'error',
      comment: 'config, db, lib and the tRPC core serve every feature and depend on none.',
      from: { path: `${SERVER}(config|db|lib)/` },
      to: { path: `${SERVER}(features|plugins|composition)/` },
    },
    {
      name: 'services-know-no-http',
      severity: 'error',
      comment:
        'Services and repositories hold the rules and the SQL; HTTP and tRPC stay in routers and plugins.',
      from: { path: `${SERVER}features/.+\\.(service|repository)\\.ts$` },
      to: { path: `(^node_modules/(fastify|@trpc)/|${SERVER}(plugins|trpc)/)` },
    },
    {
      name: 'operations-stand-below-the-app',
      comment:
        'Backup, restore and the move to PostgreSQL work on the database and DATA_DIR alone: no feature, no HTTP, no app wiring (decision 114).',
      severity: 'error',
      from: { path: `${SERVER}operations/` },
      to: { path: `(^node_modules/(fastify|@trpc)/|${SERVER}(features|plugins|composition|trpc)/)` },
    },
    {
      name: 'commands-stand-below-the-app',
      comment:
        'The command entries call operations; the one feature rule a command needs is the reset link an operator hands over (reset-password, decision 207).',
      severity: 'error',
      from: { path: `${SERVER}cli/` },
      to: {
        path: `(^node_modules/(fastify|@trpc)/|${SERVER}(features|plugins|composition|trpc)/)`,
        pathNot: `${SERVER}features/account/operator-reset-link\\.ts$`,
      },
    },
    {
      name: 'packages-stay-below-apps',
      severity: 'error',
      comment: 'domain <- contract <- apps: the shared packages never reach into an app.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain holds pure rules shared by web and server: no contract, no I/O.',
      from: { path: '^packages/domain/' },
      to: { path: '^(packages/contract/|node_modules/)' },
    },
    {
      name: 'sdk-knows-only-the-document',
      severity: 'error',
      comment:
        'packages/sdk is generated from openapi.json for outside clients: it imports no workspace package (decision 274).',
      from: { path: '^packages/sdk/' },
      to: { path: '^(packages/(contract|domain)|apps)/' },
    },
    {
      name: 'web-takes-only-types-from-server',
      severity: 'error',
      comment: 'The web app needs the router type for the tRPC client, never server code.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(/dist/|/node_modules/|\\.d\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
