const GLOBAL_KEY = Symbol.for('interview-screening.shutting-down');
type GlobalWithFlag = typeof globalThis & { [GLOBAL_KEY]?: boolean };

/** Set when SIGTERM arrives: readiness turns 503 so the load balancer stops sending new requests. */
export function markShuttingDown(): void {
  (globalThis as GlobalWithFlag)[GLOBAL_KEY] = true;
}

export function isShuttingDown(): boolean {
  return (globalThis as GlobalWithFlag)[GLOBAL_KEY] === true;
}
