import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { LogEvent } from 'kysely';

/** A no-op until traces are exported (server/telemetry.ts registers a tracer then). */
const tracer = trace.getTracer('joinery');

/**
 * A span for each SQLite query run inside a traced request or job (ADR 052), made when Kysely logs
 * the query, with its measured duration: better-sqlite3 has no instrumentation of its own, and
 * PostgreSQL's queries get theirs from instrumentation-pg. A query outside any span (the job runner
 * polling) makes none; without a tracer nothing is ever active, so this costs the shop nothing then.
 */
export function sqliteQuerySpan(event: LogEvent): void {
  if (!trace.getActiveSpan()) return;
  const endTime = Date.now();
  const text = event.query.sql;
  // Named by its statement (SELECT, INSERT…); the whole text is an attribute.
  const span = tracer.startSpan(/^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY', {
    kind: SpanKind.CLIENT,
    startTime: endTime - event.queryDurationMillis,
    attributes: { 'db.system.name': 'sqlite', 'db.query.text': text },
  });
  if (event.level === 'error') {
    span.recordException(event.error instanceof Error ? event.error : String(event.error));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
  span.end(endTime);
}
