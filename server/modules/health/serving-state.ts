/**
 * Whether this process still takes new work. It drains from the moment it is told to stop
 * (SIGTERM): its readiness check answers 503 so that a load balancer sends its traffic elsewhere,
 * and each answer closes its connection so that clients reconnect to another host (ADR 051).
 */
export function createServingState() {
  let draining = false;
  return {
    get draining(): boolean {
      return draining;
    },
    startDraining(): void {
      draining = true;
    },
  };
}

export type ServingState = ReturnType<typeof createServingState>;
