import { forEachOpenApiProcedure, getInputOutputParsers, type OpenApiRouter } from 'trpc-to-openapi';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault']);
const PINNED = Symbol.for('interview-screening.coerce-pinned');

type ZodLike = { _zod?: { def?: Record<string | symbol, any> } };

/**
 * trpc-to-openapi sets `coerce = true` on every number, boolean, bigint and date field of a procedure's input on
 * each call, body or query. That is right for query strings (all text) and wrong for JSON bodies:
 * `"sendInvite": "false"` became `true` (an invitation sent), `null` became `false`, `"1"` a number. This pins
 * `coerce` to false on the fields of procedures that take a JSON body, so a wrong type is the 400 the contract
 * promises. The setter swallows the library's write (a plain non-writable property would throw in strict mode).
 * Query procedures keep their coercion: their fields are separate schema instances.
 */
export function pinBodyInputsStrict(router: OpenApiRouter): void {
  forEachOpenApiProcedure((router as any)._def.procedures, ({ meta, procedure }) => {
    if (!BODY_METHODS.has(String(meta.openapi?.method).toUpperCase())) return;
    const { inputParser } = getInputOutputParsers(procedure);
    pinObjectFields(inputParser as ZodLike, 0);
  });
}

function pinObjectFields(schema: ZodLike, depth: number): void {
  const object = unwrap(schema);
  const def = object?._zod?.def;
  if (!def || def.type !== 'object' || depth > 8) return;
  for (const field of Object.values(def.shape ?? {}) as ZodLike[]) {
    const inner = unwrap(field);
    const innerDef = inner?._zod?.def;
    if (!innerDef) continue;
    if (COERCIBLE.has(innerDef.type)) pin(innerDef);
    else if (innerDef.type === 'object') pinObjectFields(inner, depth + 1);
  }
}

function unwrap(schema: ZodLike | undefined): ZodLike | undefined {
  let current = schema;
  for (let i = 0; i < 10 && current?._zod?.def && WRAPPERS.has(current._zod.def.type); i++) current = current._zod.def.innerType;
  return current;
}

function pin(def: Record<string | symbol, any>): void {
  if (def[PINNED]) return;
  const original = Boolean(def.coerce);
  Object.defineProperty(def, 'coerce', { configurable: true, enumerable: true, get: () => original, set: () => {} });
  def[PINNED] = true;
}
