/**
 * Reading Prometheus's text format as the tests need it: the sum of a metric's series whose labels
 * include the ones given (0 when there is none), so that a test can compare figures before and after.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const series = new Map([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair): [string, string] => [pair[1] ?? '', pair[2] ?? '']));
    if (Object.entries(labels).every(([key, value]) => series.get(key) === value)) total += Number(match[3]);
  }
  return total;
}

/** Every value a label takes among a metric's series. */
export function labelValues(text: string, name: string, label: string): string[] {
  const values = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const value = new RegExp(`[{,]${label}="((?:[^"\\\\]|\\\\.)*)"`).exec(line)?.[1];
    if (value !== undefined) values.add(value);
  }
  return [...values];
}
