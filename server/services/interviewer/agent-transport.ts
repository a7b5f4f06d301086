import type { FetchLike } from './agent-client';

/**
 * How the built-in interviewer reaches the internal routes. The process entry (server/http/start-server.ts, the
 * admin CLI) registers a fetch that serves them in-process (server/agent/in-process-fetch.ts); services never
 * import the HTTP layer themselves, which would close an import circle routes → services → routes.
 * Held on globalThis: Next.js bundles route handlers into a module graph of their own, which must see the fetch
 * the entry registered (as db/client.ts shares the database).
 */
const KEY = Symbol.for('interview-screening.agent-fetch');
type Holder = { [KEY]?: FetchLike };

export function registerAgentFetch(fetch: FetchLike | undefined): void {
  (globalThis as Holder)[KEY] = fetch;
}

/** The registered in-process fetch; the network fetch when no entry registered one (the service calls itself). */
export function agentFetch(): FetchLike {
  return (globalThis as Holder)[KEY] ?? fetch;
}
