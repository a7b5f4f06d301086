import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { newRequestId } from './respond';

/**
 * Server-action POSTs checked before Next.js decodes them. Next.js answers a body it cannot decode (`garbage`, a
 * cut multipart form) or arguments an action cannot take (`[]` for an action that expects a form) with a bare 500,
 * an error digest and nothing in our log. Every server action of this app is a form action (the sign-in, sign-out
 * and join forms: `(…bound, previousState, form)` or `(form)`), so React always sends its arguments as
 * multipart/form-data whose root field `0` is a JSON array ending with the form (`"$K<hex>"`); a form posted
 * without JavaScript is multipart too, its action named in `$ACTION_…` fields of JSON. Anything else is a
 * malformed request: a 400 in the contract's envelope, logged as a warning with its request id.
 *
 * An action with other arguments (`startTransition(() => action(id))`) would be refused here: give it a form,
 * or teach `formActionProblem` its shape.
 */

/** Next.js's own limit on an action's body (serverActions.bodySizeLimit, 1 MB). */
const MAX_ACTION_BODY_BYTES = 1024 * 1024;
/** Next.js's request metadata (next/dist/server/request-meta.js); `actionBody` is read instead of the stream. */
const NEXT_REQUEST_META = Symbol.for('NextInternalRequestMeta');

/** A POST to a page that Next.js would try as a server action: its Next-Action header, or a multipart body. */
export function isServerActionRequest(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/_next/')) return false;
  return req.headers['next-action'] !== undefined || isMultipart(req.headers['content-type']);
}

function isMultipart(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.toLowerCase().startsWith('multipart/form-data');
}

/**
 * Reads and checks a server action's body (see above). Answers the request (true) when it is malformed;
 * otherwise hands the body it read to Next.js, which decodes it from there instead of the consumed stream.
 */
export async function refuseMalformedAction(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const started = performance.now();
  const problem = await readActionBody(req);
  if (typeof problem !== 'string' && !(problem instanceof AppError)) {
    const meta = ((req as unknown as Record<symbol, Record<string, unknown> | undefined>)[NEXT_REQUEST_META] ??= {});
    meta.actionBody = problem;
    return false;
  }
  const error = problem instanceof AppError ? problem : new AppError('VALIDATION_ERROR', 'Malformed server action request', { issues: [{ path: 'body', message: problem }] });
  const requestId = newRequestId();
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    // What was not read of a body past the limit is not waited for.
    ...(error.status === 413 ? { Connection: 'close' } : {}),
  });
  res.end(JSON.stringify({ error: error.toBody(requestId) }));
  const path = (req.url ?? '/').split('?')[0];
  log.warn(
    {
      kind: 'action',
      method: req.method,
      path: path.length > 300 ? `${path.slice(0, 300)}…` : path,
      status: error.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      requestId,
      problem: typeof problem === 'string' ? problem : error.message,
    },
    'request',
  );
  return true;
}

/** The body when it is a well-formed form action, else what is wrong (a sentence, or the 413). */
async function readActionBody(req: IncomingMessage): Promise<Buffer | string | AppError> {
  const actionId = req.headers['next-action'];
  const contentType = req.headers['content-type'];
  // Next.js's own rule for an action id (server-reference-info.js: 42 characters).
  if (actionId !== undefined && (typeof actionId !== 'string' || actionId.length !== 42)) return 'The Next-Action header is not an action id';
  // Next.js leaves out the arguments an action does not use (its id's first byte says which): an action that uses
  // none (the sign-outs) is sent `[]` as text, whatever form it was bound to.
  const usesNoArgument = actionId !== undefined && (parseInt(actionId.slice(0, 2), 16) & 0x7f) === 0;
  if (!usesNoArgument && !isMultipart(contentType)) return "This application's server actions take a multipart form";
  const tooLarge = new AppError('PAYLOAD_TOO_LARGE', `The form is too large (at most ${MAX_ACTION_BODY_BYTES} bytes)`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_ACTION_BODY_BYTES) return tooLarge;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_ACTION_BODY_BYTES) return tooLarge;
      chunks.push(chunk as Buffer);
    }
  } catch {
    return 'The body could not be read';
  }
  const body = Buffer.concat(chunks);
  if (usesNoArgument && !isMultipart(contentType)) return Array.isArray(parseJson(body.toString('utf8'))) ? body : 'The action arguments are not a list';
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType! } }).formData();
  } catch {
    return 'The body is not a multipart form';
  }
  const problem = actionId === undefined ? formPostProblem(form) : formActionProblem(form, usesNoArgument);
  return problem ?? body;
}

/** React's encoding of a form action's arguments (encodeReply): field `0`, a JSON array whose last item is the form. */
function formActionProblem(form: FormData, usesNoArgument: boolean): string | undefined {
  const root = form.get('0');
  if (typeof root !== 'string') return 'The form has no action arguments';
  const args = parseJson(root);
  if (!Array.isArray(args)) return 'The action arguments are not a list';
  if (usesNoArgument) return undefined;
  if (args.length === 0) return 'The action arguments are empty';
  const last = args[args.length - 1];
  if (typeof last !== 'string' || !/^\$K[0-9a-f]+$/.test(last)) return 'The action arguments do not end with a form';
  return undefined;
}

/** A form posted without JavaScript: its `$ACTION_…` fields, when it has any, are JSON (React's decodeAction). */
function formPostProblem(form: FormData): string | undefined {
  for (const [name, value] of form) {
    if (!name.startsWith('$ACTION_') || name.startsWith('$ACTION_ID_') || name === '$ACTION_KEY') continue;
    if (name.startsWith('$ACTION_REF_')) {
      const reference = form.get(`$ACTION_${name.slice('$ACTION_REF_'.length)}:0`);
      const parsed = typeof reference === 'string' ? parseJson(reference) : undefined;
      if (!isRecord(parsed) || typeof parsed.id !== 'string') return `The form's ${name} names no action`;
    } else if (typeof value !== 'string' || parseJson(value) === undefined) return `The form's ${name} is not JSON`;
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
