import { register } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/**
 * Traces sent to OTEL_EXPORTER_OTLP_ENDPOINT over OTLP/HTTP (ADR 052), loaded by server/telemetry.ts
 * only when that is set: the HTTP requests the server answers (named by route in
 * plugins/request-telemetry.ts), PostgreSQL's queries, and the spans the shop makes itself through
 * @opentelemetry/api (SQLite's queries, each background job). The exporter reads OpenTelemetry's own
 * variables (OTEL_EXPORTER_OTLP_HEADERS for a collector's key, OTEL_BSP_SCHEDULE_DELAY…).
 */

// `pg` is imported by the shop's ES modules, which only a loader hook can patch; it runs on its own
// thread, so it intercepts pg alone and leaves every other import as Node loads it.
register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, { data: { include: ['pg', 'pg-pool'] } });

const provider = new NodeTracerProvider({
  resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'joinery' }),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
provider.register();

registerInstrumentations({
  instrumentations: [
    // Calls out through node:http (Stripe's library) are spans of the request that made them; Prometheus's
    // scrapes would only crowd the traces.
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/metrics' }),
    // Only queries made for a request or a job: graphile-worker's polling alone would fill the traces.
    new PgInstrumentation({ requireParentSpan: true }),
  ],
});
