/**
 * What the door (define-route.ts) and REST v1 read of a request: its method, URL, headers and body stream. A fetch
 * Request has all of it, so route files and in-process fetches pass theirs; the Node server builds just this from
 * its IncomingMessage (v1-fast-path.ts), because a fetch Request's constructor (an AbortSignal, the headers
 * checked and copied again, a body wrapper) cost more CPU than an agent turn's own parsing.
 */
export type DoorRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: ReadableStream<Uint8Array> | null;
};
