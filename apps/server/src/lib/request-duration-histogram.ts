import type { Histogram, Registry } from 'prom-client';

type Label = 'method' | 'route' | 'status_class';

interface Series {
  labels: Record<Label, string>;
  /** Observations per bucket, not cumulative; the last one is above every bound (+Inf only). */
  counts: number[];
  sum: number;
  count: number;
}

type Labels = Record<string, string | number>;

/** One sample as prom-client's registry reads it (the shape of its histogram's). */
interface Sample {
  metricName: string;
  labels: Labels;
  sharedLabels: Labels | undefined;
  value: number;
}

interface Exported {
  name: string;
  help: string;
  type: string;
  aggregator: string;
  values: Sample[];
}

/**
 * The HTTP request histogram, recorded on every answer (decision 163). prom-client's `Histogram`
 * builds a label object per observation, validates it, hashes it into a string key and finds the
 * bucket by a number-to-string key: about 0.8 µs a call, a few per cent of a health check. Here
 * each series sits in nested maps by route and method, indexed by status class, with its buckets in
 * an array: two map lookups and a short scan (under 0.1 µs). A scrape reads the same Prometheus
 * histogram through prom-client's registry, which asks a metric for its `name`, `help`, `type` and
 * `get()` (and `reset()` when reset); `test/lib/request-duration-histogram.test.ts` checks the text
 * is the one prom-client's own histogram writes for the same observations.
 */
export class RequestDurationHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly bounds: readonly number[];
  private readonly series = new Map<string, Map<string, (Series | undefined)[]>>();

  constructor(
    readonly name: string,
    readonly help: string,
    buckets: readonly number[],
    registers: Registry[],
  ) {
    this.bounds = [...buckets].sort((a, b) => a - b);
    // Its types list only prom-client's own classes; at run time the registry reads the fields above.
    for (const registry of registers) registry.registerMetric(this as unknown as Histogram);
  }

  /** One answered request: its method, route pattern, status code and duration in seconds. */
  record(method: string, route: string, statusCode: number, seconds: number): void {
    if (!Number.isFinite(seconds)) throw new TypeError(`not a duration: ${seconds}`);
    const statusClass = Math.floor(statusCode / 100);
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map<string, (Series | undefined)[]>()));
    let slots = byMethod.get(method);
    if (!slots) byMethod.set(method, (slots = []));
    const series = (slots[statusClass] ??= {
      labels: { method, route, status_class: `${statusClass}xx` },
      counts: new Array<number>(this.bounds.length + 1).fill(0),
      sum: 0,
      count: 0,
    });
    // A bucket holds what is at most its bound (Prometheus's `le`).
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket += 1;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The samples with their labels in one object (the registry's JSON). */
  get(): Promise<Exported> {
    return Promise.resolve(
      this.exported((own, series) => ({ labels: { ...own, ...series }, sharedLabels: undefined })),
    );
  }

  /**
   * What the registry reads for the text format, which it asks for first: a bucket's `le` apart from
   * the series' labels, so each line lists its labels in the order prom-client's histogram does.
   */
  getForPromString(): Promise<Exported> {
    return Promise.resolve(this.exported((own, series) => ({ labels: own, sharedLabels: series })));
  }

  reset(): void {
    this.series.clear();
  }

  private exported(
    labelled: (own: Labels, series: Labels) => Pick<Sample, 'labels' | 'sharedLabels'>,
  ): Exported {
    const values: Sample[] = [];
    const sample = (suffix: string, own: Labels, series: Series, value: number) =>
      values.push({ metricName: `${this.name}${suffix}`, value, ...labelled(own, series.labels) });
    for (const byMethod of this.series.values())
      for (const slots of byMethod.values())
        for (const series of slots) {
          if (!series) continue;
          let cumulative = 0;
          this.bounds.forEach((le, i) => {
            cumulative += series.counts[i]!;
            sample('_bucket', { le }, series, cumulative);
          });
          sample('_bucket', { le: '+Inf' }, series, series.count);
          sample('_sum', {}, series, series.sum);
          sample('_count', {}, series, series.count);
        }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }
}
