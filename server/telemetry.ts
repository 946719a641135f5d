/**
 * Preloaded before the server (`node --import ./dist/server/telemetry.js dist/server/server.js`, as
 * `npm start` and `npm run serve` do): OpenTelemetry must patch `node:http` and `pg` before anything
 * loads them, and the server's static imports load them before any line of server.ts runs. With
 * OTEL_EXPORTER_OTLP_ENDPOINT unset this is the whole cost: nothing of OpenTelemetry's SDK is loaded
 * (ADR 052). The variable is read here, before the configuration is; server/config/env.ts checks it too.
 */
if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await import('./trace-export.ts');
