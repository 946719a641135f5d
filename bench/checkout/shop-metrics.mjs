// The shop's own figures (`GET /metrics`, Prometheus text, with METRICS_TOKEN), read before and after
// the checkout benchmark's run to be printed beside its own. Without the token, or where the shop
// answers no metrics, there are none.

/**
 * Prometheus text as samples: `name{labels}` to value.
 * @param {string} text
 * @returns {Map<string, number>}
 */
function samplesOf(text) {
  /** @type {Map<string, number>} */
  const samples = new Map();
  for (const line of text.split('\n')) {
    // `name{labels} value [timestamp]`; comments and blank lines do not match.
    const [, series, value] = /^([a-zA-Z_:][\w:]*(?:\{[^}]*\})?)\s+(\S+)/.exec(line) ?? [];
    if (series && Number.isFinite(Number(value))) samples.set(series, Number(value));
  }
  return samples;
}

/**
 * What grew between two readings, summed over the series whose name passes `named`.
 * @param {Map<string, number>} after
 * @param {Map<string, number>} before
 * @param {(name: string) => boolean} named
 */
function growth(after, before, named) {
  let sum = 0;
  for (const [series, value] of after) if (named(series.split('{')[0] ?? '')) sum += value - (before.get(series) ?? 0);
  return sum;
}

/**
 * The quantile of a Prometheus histogram's growth between two readings, from its cumulative `le`
 * buckets summed over their other labels: the upper bound of the bucket it falls in, in ms.
 * @param {Map<string, number>} after
 * @param {Map<string, number>} before
 * @param {string} histogram the name before `_bucket`
 * @param {number} q
 */
function bucketQuantile(after, before, histogram, q) {
  /** @type {Map<number, number>} */
  const byBound = new Map();
  for (const [series, value] of after) {
    if (!series.startsWith(`${histogram}_bucket{`)) continue;
    const bound = /le="([^"]+)"/.exec(series)?.[1];
    if (bound === undefined) continue;
    const le = bound === '+Inf' ? Infinity : Number(bound);
    byBound.set(le, (byBound.get(le) ?? 0) + value - (before.get(series) ?? 0));
  }
  const bounds = [...byBound].sort(([a], [b]) => a - b);
  const total = bounds.at(-1)?.[1] ?? 0;
  const found = bounds.find(([, count]) => count >= q * total);
  if (!found || total === 0) return undefined;
  // Seconds, as Prometheus names them, unless the histogram says milliseconds.
  return histogram.endsWith('_ms') || histogram.endsWith('_milliseconds') ? found[0] : found[0] * 1000;
}

/**
 * The shop's metrics now, or undefined when there is no token or no answer.
 * @param {string} shopUrl
 */
export async function shopMetrics(shopUrl) {
  const token = process.env.METRICS_TOKEN;
  if (!token) return undefined;
  const response = await fetch(`${shopUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
  if (response?.status !== 200) return undefined;
  const samples = samplesOf(await response.text());
  return {
    samples,
    /**
     * The paid orders counted and the requests' latency, since an earlier reading.
     * @param {{ samples: Map<string, number> }} earlier
     */
    describeSince(earlier) {
      const paid = growth(samples, earlier.samples, (name) => /order/.test(name) && /paid/.test(name) && name.endsWith('_total'));
      const histogram = [...samples.keys()]
        .map((series) => series.split('{')[0] ?? '')
        .find((name) => /request.*duration.*_bucket$/.test(name))
        ?.replace(/_bucket$/, '');
      /** @param {string} name a histogram's name */
      const p50AndP95 = (name) => [0.5, 0.95].map((q) => `p${q * 100} ≤ ${bucketQuantile(samples, earlier.samples, name, q)?.toFixed(0) ?? '?'} ms`).join(', ');
      const latency = histogram ? p50AndP95(histogram) : 'no request duration histogram';
      // The shop's own placing→paid, from each order's placing to its payment taken, beside the bench's.
      const placedToPaid = [...samples.keys()].some((series) => series.startsWith('joinery_order_placed_to_paid_seconds_bucket'))
        ? p50AndP95('joinery_order_placed_to_paid_seconds')
        : 'not reported';
      return `paid orders counted ${paid}; placing→paid (joinery_order_placed_to_paid_seconds) ${placedToPaid}; requests (${histogram ?? '–'}) ${latency}`;
    },
  };
}
