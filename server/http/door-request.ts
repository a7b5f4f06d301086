/**
 * What the door (define-route.ts) and REST v1 read of a request: its method, URL, headers and body stream. A fetch
 * Request has all of it, so route files and in-process fetches pass theirs; the Node server builds just this from
 * its IncomingMessage (v1-fast-path.ts), because a fetch Request's constructor (an AbortSignal, the headers
 * checked and copied again, a body wrapper) cost more CPU than an agent turn's own parsing.
 */
export type DoorRequest = {
  readonly method: string;
  readonly url: string;
  readonly headers: RequestHeaders;
  readonly body: ReadableStream<Uint8Array> | null;
};

const parsedUrls = new WeakMap<DoorRequest, URL>();

/**
 * The request's URL, parsed once per request: the route table, the request log and the handler all read it (it was
 * parsed four times on an agent turn). Treat it as read-only: everyone shares it.
 */
export function requestUrl(req: DoorRequest): URL {
  let url = parsedUrls.get(req);
  if (url === undefined) {
    url = new URL(req.url);
    parsedUrls.set(req, url);
  }
  return url;
}

/** For the Node server, which parsed the URL to route the request: the same object, not a second parse. */
export function rememberRequestUrl(req: DoorRequest, url: URL): void {
  parsedUrls.set(req, url);
}

/** The part of fetch's Headers a request is read through: a fetch Request's own, or RawRequestHeaders. */
export type RequestHeaders = Pick<Headers, 'get' | 'has'>;

/**
 * A request's headers read straight from Node's `rawHeaders` ([name, value, name, value, …]), answering as fetch's
 * Headers does (names case-insensitive, repeated headers joined by ", "), without copying and validating every
 * header into an undici Headers first: most requests read three or four of them. `overrides` replace what the
 * client sent under those (lower-case) names; null removes it.
 */
export class RawRequestHeaders implements RequestHeaders {
  constructor(
    private readonly raw: readonly string[],
    private readonly overrides: Readonly<Record<string, string | null>> = {},
  ) {}

  get(name: string): string | null {
    const wanted = name.toLowerCase();
    if (Object.hasOwn(this.overrides, wanted)) return this.overrides[wanted];
    let value: string | null = null;
    for (let i = 0; i + 1 < this.raw.length; i += 2) {
      const key = this.raw[i];
      if (key.length === wanted.length && key.toLowerCase() === wanted) value = value === null ? this.raw[i + 1] : `${value}, ${this.raw[i + 1]}`;
    }
    return value;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }
}
