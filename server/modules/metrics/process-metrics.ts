import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * Node's own figures for this process (CPU, memory, event-loop delay, garbage collection, handles),
 * as prom-client names them. Made once per process, however many shops it runs (the tests run many):
 * each collection watches the event loop and the collector for as long as the process lives.
 */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
