import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createShopMetrics } from './shop-metrics.ts';

/** The dashboard in deploy/grafana reads only figures the shop reports, by the names it reports them under (ADR 052). */
const dashboardFile = path.resolve(import.meta.dirname, '../../../deploy/grafana/joinery-dashboard.json');

/** Every series name a metric exposes: a histogram's buckets, sum and count besides its own. */
function exposedNames(): Set<string> {
  const metrics = createShopMetrics();
  metrics.watchQueue(() => Promise.reject(new Error('not read here')));
  // A pool that is never asked for a connection opens none.
  metrics.watchPool(new pg.Pool());
  const names = new Set<string>();
  for (const metric of metrics.registry.getMetricsAsArray()) {
    const { name } = metric as unknown as { name: string };
    for (const suffix of ['', '_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('the Grafana dashboard', () => {
  it('charts requests, payments, mail, the queue and the pool, each from a metric the shop reports', () => {
    const dashboard = fs.readFileSync(dashboardFile, 'utf8');
    const used = new Set(dashboard.match(/joinery_[a-z_]+/g));
    expect(used.size).toBeGreaterThan(8);
    const exposed = exposedNames();
    for (const name of used) expect(exposed, name).toContain(name);
    for (const needed of [
      'joinery_http_request_duration_seconds_bucket',
      'joinery_orders_paid_total',
      'joinery_order_placed_to_paid_seconds_bucket',
      'joinery_payments_total',
      'joinery_mail_messages_total',
      'joinery_jobs',
      'joinery_jobs_oldest_due_age_seconds',
      'joinery_db_pool_waiting_clients',
    ]) {
      expect(used, needed).toContain(needed);
    }
  });
});
