import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurationHistogram } from '../../src/lib/request-duration-histogram';

const NAME = 'medrem_http_request_duration_seconds';
const HELP = 'HTTP requests by route pattern, method and status class';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Requests on bucket bounds, between them, above them all, at zero; several series of each label. */
const REQUESTS: [method: string, route: string, status: number, seconds: number][] = [
  ['GET', '/api/health', 200, 0.0004],
  ['GET', '/api/health', 200, 0.005],
  ['GET', '/api/health', 204, 0.0050001],
  ['GET', '/api/health', 503, 0.25],
  ['GET', '/api/medicine/:id', 404, 0],
  ['GET', '/api/medicine/:id', 200, 1],
  ['PUT', '/api/medicine/:id', 200, 2.4999],
  ['PUT', '/api/medicine/:id', 422, 10],
  ['PUT', '/api/medicine/:id', 422, 12.5],
  ['POST', 'unmatched', 301, 0.07],
  ['GET', '/api/health', 200, 0.1],
];

/** The registry's text, one line each, in a fixed order (series may be listed in another order). */
async function linesOf(registry: Registry): Promise<string[]> {
  return (await registry.metrics()).split('\n').filter(Boolean).sort();
}

function registryWithRole(): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ role: 'server' });
  return registry;
}

describe('RequestDurationHistogram', () => {
  it("writes the text prom-client's own histogram writes for the same requests", async () => {
    const ours = registryWithRole();
    const histogram = new RequestDurationHistogram(NAME, HELP, BUCKETS, [ours]);
    const reference = registryWithRole();
    const theirs = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_class'],
      buckets: BUCKETS,
      registers: [reference],
    });
    for (const [method, route, status, seconds] of REQUESTS) {
      histogram.record(method, route, status, seconds);
      theirs.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    }

    const lines = await linesOf(ours);
    expect(lines).toEqual(await linesOf(reference));
    // Not two empty texts alike: the bounds are inclusive, and one series counts what it should.
    expect(lines).toContain(
      `${NAME}_bucket{le="0.005",role="server",method="GET",route="/api/health",status_class="2xx"} 2`,
    );
    expect(lines).toContain(
      `${NAME}_count{role="server",method="PUT",route="/api/medicine/:id",status_class="4xx"} 2`,
    );
    // The JSON too, in any order of series, but for prom-client's empty exemplar slots (null on a
    // bucket, absent elsewhere).
    const withoutExemplars = async (registry: Registry) =>
      (await registry.getMetricsAsJSON()).map((metric) => ({
        ...metric,
        values: metric.values
          .map((v) => JSON.stringify([v.labels, v.value, 'metricName' in v ? v.metricName : undefined]))
          .sort(),
      }));
    expect(await withoutExemplars(ours)).toEqual(await withoutExemplars(reference));
  });

  it('starts again from nothing when the registry resets its metrics', async () => {
    const registry = registryWithRole();
    const histogram = new RequestDurationHistogram(NAME, HELP, BUCKETS, [registry]);
    histogram.record('GET', '/api/health', 200, 0.001);
    expect((await linesOf(registry)).some((line) => line.startsWith(`${NAME}_count`))).toBe(true);
    registry.resetMetrics();
    expect(await linesOf(registry)).toEqual([`# HELP ${NAME} ${HELP}`, `# TYPE ${NAME} histogram`]);
  });

  it('refuses a duration that is not a number, and keeps what it had', async () => {
    const registry = registryWithRole();
    const histogram = new RequestDurationHistogram(NAME, HELP, BUCKETS, [registry]);
    histogram.record('GET', '/api/health', 200, 0.001);
    const before = await linesOf(registry);
    expect(() => histogram.record('GET', '/api/health', 200, Number.NaN)).toThrow(TypeError);
    expect(await linesOf(registry)).toEqual(before);
  });
});
