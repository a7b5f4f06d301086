import { z } from 'zod';
import {
  forEachOpenApiProcedure,
  generateOpenApiDocument,
  getInputOutputParsers,
  normalizePath,
  type OpenAPIObject,
  type OpenApiRouter,
  type SecuritySchemeObject,
} from 'trpc-to-openapi';
import { SCOPES, SCOPE_DESCRIPTIONS, type Scope } from '@/server/auth/scopes';
import { EnvSchema } from '@/server/env';
import { ERROR_STATUS, type ErrorCode } from '@/server/errors';
import { MAX_BODY_BYTES } from '@/server/http/read-json-body';
import { appRouter } from '@/server/routers/app-router';
import { IDEMPOTENCY_TTL_MS } from '@/server/services/idempotency/idempotency';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@/server/services/pagination';
import type { Meta } from '@/server/trpc';
import { MANUAL_PATHS, MANUAL_SCHEMAS } from './manual-paths';
import { buildWebhooksSection, WEBHOOK_SECURITY_SCHEME } from './webhooks-section';

/**
 * The OpenAPI 3.1 document of REST v1. trpc-to-openapi generates the operations from the procedures' zod
 * schemas and meta; everything it cannot know (the contract's error envelope, scopes, 201s, rate-limit and
 * idempotency headers, the routes that are not procedures) is completed here, in one place, so that a new
 * procedure is documented correctly without repeating any of it.
 */

export const OPENAPI_VERSION = '1.0.0';
/** Relative on purpose: the document is the same whatever APP_URL a deployment runs under. */
export const OPENAPI_SERVER_URL = '/api/v1';

const DEFAULT_RATE_LIMIT = EnvSchema.shape.RATE_LIMIT_PER_MINUTE.parse(undefined);
const IDEMPOTENCY_TTL_HOURS = IDEMPOTENCY_TTL_MS / 3_600_000;

type JsonObject = Record<string, any>;
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
const METHOD_ORDER: HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'API key',
    description: 'An API key (`isk_…`) as `Authorization: Bearer isk_…`.',
  },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same API key in the `X-API-Key` header, for clients that cannot set Authorization.',
  },
};
/** Either scheme satisfies an operation (OpenAPI: alternatives are separate entries). */
const SECURITY = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }));

const TAGS: { name: string; description: string }[] = [
  { name: 'Interviews', description: 'AI voice interview sessions: list, retrieve, create (and invite).' },
  { name: 'Candidates', description: "The organization's pool of candidate profiles." },
  { name: 'Reports', description: 'Interview and technical-test reports, and the bulk export of a campaign.' },
  { name: 'Webhooks', description: 'Endpoints that receive signed events (Standard Webhooks), their delivery log, replay and test events.' },
  { name: 'Audit log', description: 'Who did what to which record, when, from which request (append-only).' },
  { name: 'Analytics', description: "The hiring funnel and how far people's reviews agree with the AI, per campaign, job or configuration." },
];

const ErrorIssueSchema = z.object({
  path: z.string().describe('The offending field, dotted for nested ones ("tags.2"), "(root)" for the whole body.'),
  message: z.string().describe('What is wrong with it.'),
});

/** The contract's error envelope (CONTRACT §4), the body of every error response. */
export const ErrorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z
        .enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]])
        .describe('Stable machine-readable code; the HTTP status follows from it.'),
      message: z.string().describe('Human-readable explanation. It may change: do not parse it.'),
      requestId: z.string().describe('The id of this request (`req_…`), also in the X-Request-Id header. Quote it when reporting a problem.'),
      issues: z.array(ErrorIssueSchema).optional().describe('VALIDATION_ERROR only: one entry per invalid field.'),
      existingId: z.string().optional().describe('CONFLICT on a duplicate only: the id of the existing resource.'),
    }),
  })
  .describe('The error envelope: every error of every route has this body.');

function formatBytes(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

type ErrorResponseSpec = { name: string; code: ErrorCode; description: string; example: JsonObject };

/** One shared response per error status; each refers to the envelope and carries an example of its own code. */
const ERROR_RESPONSES: Record<number, ErrorResponseSpec> = {
  400: {
    name: 'ValidationError',
    code: 'VALIDATION_ERROR',
    description: 'A bad query, path or body field, malformed JSON, or an unknown reference; `issues` names each field.',
    example: { message: 'Validation failed', issues: [{ path: 'pageSize', message: 'Must be at most 100' }] },
  },
  401: {
    name: 'Unauthorized',
    code: 'UNAUTHORIZED',
    description: 'No API key, or an invalid or revoked one.',
    example: { message: 'Missing API key: send Authorization: Bearer <key> or X-API-Key' },
  },
  403: {
    name: 'Forbidden',
    code: 'FORBIDDEN',
    description: 'The API key lacks the scope this operation requires; the message names it.',
    example: { message: 'This API key lacks the required scope: interviews:read' },
  },
  404: {
    name: 'NotFound',
    code: 'NOT_FOUND',
    description: 'No such resource in your organization. An id of another organization, or of the wrong shape, gives exactly this.',
    example: { message: 'Interview not found' },
  },
  409: {
    name: 'Conflict',
    code: 'CONFLICT',
    description:
      'A duplicate (with `existingId`), an action the resource\'s state does not allow, or a request with the same Idempotency-Key still in progress.',
    example: { message: 'A candidate with this email already exists', existingId: 'cnd_1Ab9Hs4kLm7PqR2tVw5xYz' },
  },
  413: {
    name: 'PayloadTooLarge',
    code: 'PAYLOAD_TOO_LARGE',
    description: `The request body is larger than ${formatBytes(MAX_BODY_BYTES)}.`,
    example: { message: `The request body must be at most ${Math.round(MAX_BODY_BYTES / 1024)} KiB` },
  },
  415: {
    name: 'UnsupportedMediaType',
    code: 'UNSUPPORTED_MEDIA_TYPE',
    description: 'The request body is not JSON (send `Content-Type: application/json`).',
    example: { message: 'The request body must be JSON (Content-Type: application/json)' },
  },
  422: {
    name: 'IdempotencyKeyReused',
    code: 'IDEMPOTENCY_KEY_REUSED',
    description: 'This Idempotency-Key was used before with a different request.',
    example: { message: 'This Idempotency-Key was used with a different request' },
  },
  429: {
    name: 'RateLimited',
    code: 'RATE_LIMITED',
    description: 'The API key went over its rate limit; wait `Retry-After` seconds.',
    example: { message: `Rate limit of ${DEFAULT_RATE_LIMIT} requests per minute exceeded; retry after 12 s` },
  },
  500: {
    name: 'InternalError',
    code: 'INTERNAL',
    description: 'An unexpected failure, logged with the request id. Safe to retry with the same Idempotency-Key.',
    example: { message: 'Internal server error' },
  },
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

const HEADERS: Record<string, JsonObject> = {
  'X-Request-Id': { description: 'The id of this request (`req_…`), on every response.', schema: { type: 'string', example: 'req_8Zk2Qv5hJr1NcW6uTy0a' } },
  'RateLimit-Limit': { description: "Requests this API key may make per one-minute window.", schema: { type: 'integer', example: DEFAULT_RATE_LIMIT } },
  'RateLimit-Remaining': { description: 'Requests left in the current window.', schema: { type: 'integer', example: DEFAULT_RATE_LIMIT - 1 } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends.', schema: { type: 'integer', example: 42 } },
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', example: 42 } },
  'Idempotent-Replayed': {
    description: '`true` when this response replays the first response to the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};
const RATE_LIMIT_HEADERS = { 'RateLimit-Limit': headerRef('RateLimit-Limit'), 'RateLimit-Remaining': headerRef('RateLimit-Remaining'), 'RateLimit-Reset': headerRef('RateLimit-Reset') };

function errorResponseHeaders(status: number): JsonObject {
  // 401 is answered before the request is counted against a key, so it has no rate-limit headers.
  return {
    'X-Request-Id': headerRef('X-Request-Id'),
    ...(status === 401 ? {} : RATE_LIMIT_HEADERS),
    ...(status === 429 ? { 'Retry-After': headerRef('Retry-After') } : {}),
  };
}

/** A status outside the shared table (say a 410 a procedure declares) still gets the envelope, with its code. */
function errorSpecFor(status: number): ErrorResponseSpec {
  const spec = ERROR_RESPONSES[status];
  if (spec) return spec;
  const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((c) => ERROR_STATUS[c] === status);
  if (!code) throw new Error(`HTTP ${status} is not a status of any error code in server/errors.ts`);
  return { name: '', code, description: `${code}.`, example: { message: `${code}` } };
}

function errorResponseObject(status: number, description?: string): JsonObject {
  const spec = errorSpecFor(status);
  return {
    description: description ?? spec.description,
    headers: errorResponseHeaders(status),
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/Error' },
        example: { error: { code: spec.code, ...spec.example, requestId: 'req_8Zk2Qv5hJr1NcW6uTy0a' } },
      },
    },
  };
}

const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'Idempotency-Key',
  required: false,
  description: `Makes the request safe to retry: the same key with the same body within ${IDEMPOTENCY_TTL_HOURS} h replays the first status and body (with \`Idempotent-Replayed: true\`) and does nothing twice. Another body → 422; the first still in progress → 409.`,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

const INFO_DESCRIPTION = `The REST API of the interview screening service: AI voice interviews, candidates and reports of one organization.
Paths are relative to \`/api/v1\`. Bodies are JSON (UTF-8), fields camelCase, timestamps ISO 8601 UTC.

## Authentication
Send an API key as \`Authorization: Bearer isk_…\` or as \`X-API-Key: isk_…\` (the Authorize button below accepts either).
Keys are shown once when created and belong to one organization; everything you read or write is that
organization's. Each operation states the scope it requires (also as \`x-required-scopes\`):

| scope | grants |
|---|---|
${SCOPES.map((scope) => `| \`${scope}\` | ${SCOPE_DESCRIPTIONS[scope]} |`).join('\n')}

A missing, invalid or revoked key → 401 \`UNAUTHORIZED\`; a key without the scope → 403 \`FORBIDDEN\` naming the scope.

## Errors
Every error has the same body, schema \`Error\`:
\`{ "error": { "code": "NOT_FOUND", "message": "Interview not found", "requestId": "req_…" } }\`, with \`issues\`
(\`[{ path, message }]\`) on validation errors and \`existingId\` on a duplicate. Every response carries \`X-Request-Id\`.

| status | code | when |
|---|---|---|
${Object.entries(ERROR_RESPONSES)
  .map(([status, spec]) => `| ${status} | \`${spec.code}\` | ${spec.description} |`)
  .join('\n')}

A request refused because of a resource's state may carry the code \`INVALID_STATE\` (409) instead of \`CONFLICT\`.

## Pagination
Lists take \`page\` (from 1, default 1) and \`pageSize\` (1 to ${PAGE_SIZE_MAX}, default ${PAGE_SIZE_DEFAULT}) and answer
\`{ "items": [ … ], "pagination": { "page", "pageSize", "total", "totalPages" } }\`, newest first, stable across pages.
A page past the end has no items; a value out of range → 400.

## Rate limits
Each API key may make ${DEFAULT_RATE_LIMIT} requests per minute by default (counted across all instances of the service). Every
response to an authenticated request carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds);
past the limit the answer is 429 \`RATE_LIMITED\` with \`Retry-After\` (seconds).

## Idempotency
\`POST\` requests accept an \`Idempotency-Key\` header (1 to 255 characters). The same key and body within
${IDEMPOTENCY_TTL_HOURS} hours replay the first response (status and body, \`Idempotent-Replayed: true\`) without doing anything again,
so a create is safe to retry after a timeout. The same key with another body → 422 \`IDEMPOTENCY_KEY_REUSED\`; while the
first request is still running → 409 \`CONFLICT\`.`;

type ProcedureInfo = { meta: Meta; input: unknown };

/** The OpenAPI-exposed procedures by "method path", as the generated document names them. */
function collectProcedures(router: OpenApiRouter): Map<string, ProcedureInfo> {
  const procedures = new Map<string, ProcedureInfo>();
  forEachOpenApiProcedure(router._def.procedures as any, ({ meta, procedure }) => {
    const openapi = meta.openapi!;
    const { inputParser } = getInputOutputParsers(procedure);
    procedures.set(`${openapi.method.toLowerCase()} ${normalizePath(openapi.path)}`, { meta: meta as Meta, input: inputParser });
  });
  return procedures;
}

function describedField(input: unknown, name: string): string | undefined {
  const shape = (input as { shape?: Record<string, { description?: string }> } | undefined)?.shape;
  return shape?.[name]?.description;
}

function toJsonSchema(schema: z.ZodType): JsonObject {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonObject;
  return json;
}

type OperationSource = { method: HttpMethod; path: string; procedure?: ProcedureInfo };

function completeOperation(op: JsonObject, { method, path, procedure }: OperationSource): JsonObject {
  const meta = procedure?.meta;
  const scope: Scope | undefined = meta?.scope ?? op['x-required-scopes']?.[0];
  const extraErrors: Record<number, string | undefined> = {};
  const declared = meta?.openapi?.errorResponses ?? op.errorResponses;
  delete op.errorResponses;
  if (Array.isArray(declared)) for (const status of declared) extraErrors[status] = undefined;
  else if (declared) for (const [status, description] of Object.entries(declared)) extraErrors[Number(status)] = description as string;

  // The scope is stated once, uniformly, at the end; a description that already says "Scope x." loses that.
  op['x-required-scopes'] = scope ? [scope] : [];
  const given = String(op.description ?? '');
  const prose = (scope ? given.replace(`Scope ${scope}.`, '') : given).replace(/ {2,}/g, ' ').trim();
  const scopeLine = scope ? `Required scope: \`${scope}\`.` : 'Any valid API key of the organization.';
  op.description = prose ? `${prose}\n\n${scopeLine}` : scopeLine;
  op.security = SECURITY;

  const parameters: JsonObject[] = (op.parameters ?? []).map((parameter: JsonObject) => {
    if (parameter.description || !procedure) return parameter;
    const description = describedField(procedure.input, parameter.name) ?? parameter.schema?.description;
    return description ? { ...parameter, description } : parameter;
  });
  if (method === 'post') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (parameters.length > 0) op.parameters = parameters;
  else delete op.parameters;

  const responses: JsonObject = {};
  const success = op.responses?.['200'];
  if (!success) throw new Error(`${method.toUpperCase()} ${path} has no success response`);
  const successStatus = meta?.successStatus ?? 200;
  responses[String(successStatus)] = {
    description: success.description,
    headers: {
      ...(success.headers ?? {}),
      'X-Request-Id': headerRef('X-Request-Id'),
      ...RATE_LIMIT_HEADERS,
      ...(method === 'post' ? { 'Idempotent-Replayed': headerRef('Idempotent-Replayed') } : {}),
    },
    // 204 No Content has no body to describe.
    ...(successStatus === 204 ? {} : { content: success.content }),
  };
  for (const [status, other] of Object.entries(meta?.otherResponses ?? {})) {
    responses[status] = {
      description: other.description,
      headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...RATE_LIMIT_HEADERS },
      content: { 'application/json': { schema: toJsonSchema(other.schema) } },
    };
  }

  const hasParameters = parameters.some((p) => p.in === 'query' || p.in === 'path');
  const hasBody = Boolean(op.requestBody);
  const errors = new Set<number>([401, 403, 429, 500]);
  if (hasParameters || hasBody) errors.add(400);
  if (parameters.some((p) => p.in === 'path')) errors.add(404);
  if (hasBody) {
    errors.add(413);
    errors.add(415);
  }
  if (method === 'post') {
    errors.add(409);
    errors.add(422);
  }
  for (const status of Object.keys(extraErrors)) errors.add(Number(status));
  for (const status of errors) {
    const description = extraErrors[status];
    const shared = ERROR_RESPONSES[status];
    responses[String(status)] = shared && !description ? { $ref: `#/components/responses/${shared.name}` } : errorResponseObject(status, description);
  }
  op.responses = sortKeys(responses, (a, b) => Number(a) - Number(b));
  return orderKeys(op, OPERATION_KEY_ORDER);
}

const OPERATION_KEY_ORDER = ['operationId', 'summary', 'description', 'tags', 'x-required-scopes', 'security', 'parameters', 'requestBody', 'responses'];

/** `first` keys in that order, then the rest as they were: a reader finds the same thing at the same place. */
function orderKeys(object: JsonObject, first: string[]): JsonObject {
  const ordered: JsonObject = {};
  for (const key of first) if (key in object) ordered[key] = object[key];
  for (const [key, value] of Object.entries(object)) if (!(key in ordered)) ordered[key] = value;
  return ordered;
}

function sortKeys<T extends JsonObject>(object: T, compare: (a: string, b: string) => number = (a, b) => (a < b ? -1 : a > b ? 1 : 0)): T {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => compare(a, b))) as T;
}

/** zod's integer bounds (±2^53−1) say nothing to a reader; drop them everywhere. */
function dropSafeIntegerBounds(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(dropSafeIntegerBounds);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const object = value as JsonObject;
  if (object.minimum === Number.MIN_SAFE_INTEGER) delete object.minimum;
  if (object.maximum === Number.MAX_SAFE_INTEGER) delete object.maximum;
  Object.values(object).forEach(dropSafeIntegerBounds);
}

export function buildOpenApiDocument(router: OpenApiRouter = appRouter): OpenAPIObject {
  const procedures = collectProcedures(router);
  const generated = generateOpenApiDocument(router, {
    title: 'Interview Screening API',
    version: OPENAPI_VERSION,
    description: INFO_DESCRIPTION,
    baseUrl: OPENAPI_SERVER_URL,
    securitySchemes: SECURITY_SCHEMES,
    defs: { Error: ErrorEnvelopeSchema },
  });
  const doc = JSON.parse(JSON.stringify(generated)) as JsonObject;

  for (const [path, item] of Object.entries(MANUAL_PATHS)) {
    for (const [method, operation] of Object.entries(item)) {
      if (doc.paths[path]?.[method]) {
        throw new Error(`${method.toUpperCase()} ${path} is both a procedure and a hand-written route; the route handler would shadow the procedure`);
      }
      doc.paths[path] = { ...doc.paths[path], [method]: structuredClone(operation) };
    }
  }

  const paths: JsonObject = {};
  for (const path of Object.keys(doc.paths).sort()) {
    const item: JsonObject = {};
    for (const method of METHOD_ORDER) {
      const op = doc.paths[path][method];
      if (!op) continue;
      item[method] = completeOperation(op, { method, path, procedure: procedures.get(`${method} ${path}`) });
    }
    paths[path] = item;
  }

  // trpc-to-openapi's own error schemas (error.BAD_REQUEST, …) describe its default body, which we never send.
  const schemas = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith('error.')));
  const usedTags = new Set(Object.values(paths).flatMap((item) => Object.values(item as JsonObject).flatMap((op) => (op as JsonObject).tags ?? [])));
  const tags = [
    ...TAGS.filter((tag) => usedTags.has(tag.name)),
    ...[...usedTags].filter((name) => !TAGS.some((tag) => tag.name === name)).sort().map((name) => ({ name })),
  ];

  const document: JsonObject = {
    openapi: doc.openapi,
    info: { title: doc.info.title, version: doc.info.version, description: doc.info.description },
    servers: [{ url: OPENAPI_SERVER_URL, description: 'REST v1, relative to the host serving this document' }],
    tags,
    paths,
    webhooks: buildWebhooksSection(toJsonSchema),
    components: {
      securitySchemes: sortKeys({ ...doc.components.securitySchemes, ...WEBHOOK_SECURITY_SCHEME }),
      parameters: { IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER },
      headers: sortKeys(HEADERS),
      responses: sortKeys(
        Object.fromEntries(Object.entries(ERROR_RESPONSES).map(([status, spec]) => [spec.name, errorResponseObject(Number(status))])),
      ),
      schemas: sortKeys({ ...schemas, ...structuredClone(MANUAL_SCHEMAS) }),
    },
  };
  dropSafeIntegerBounds(document);
  return document as OpenAPIObject;
}

/** The committed and the served form: two-space JSON with a final newline. */
export function serializeOpenApiDocument(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
