import { forEachOpenApiProcedure, getInputOutputParsers, type OpenApiRouter } from 'trpc-to-openapi';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const COERCIBLE = new Set(['number', 'boolean', 'bigint', 'date']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault']);
const PINNED = Symbol.for('interview-screening.coerce-pinned');

type ZodDef = Record<string | symbol, any>;
type ZodLike = { _zod?: { def?: ZodDef } };

/**
 * trpc-to-openapi sets `coerce = true` on every number, boolean, bigint and date field of a procedure's input on
 * each call, body or query. That is right for query strings (all text) and wrong for JSON bodies:
 * `"sendInvite": "false"` became `true` (an invitation sent), `null` became `false`, `"1"` a number. This pins
 * `coerce` to its declared value on the fields of procedures that take a JSON body, so a wrong type is the 400
 * the contract promises. The setter swallows the library's write (a non-writable property would throw in strict
 * mode). A field schema shared with a query procedure is left alone, or its query strings would stop converting.
 */
export function pinBodyInputsStrict(router: OpenApiRouter): void {
  const bodyInputs: ZodLike[] = [];
  const queryFields = new Set<ZodDef>();
  forEachOpenApiProcedure((router as any)._def.procedures, ({ meta, procedure }) => {
    const { inputParser } = getInputOutputParsers(procedure);
    if (BODY_METHODS.has(String(meta.openapi?.method).toUpperCase())) bodyInputs.push(inputParser as ZodLike);
    else forEachCoercibleField(inputParser as ZodLike, (def) => queryFields.add(def));
  });
  for (const input of bodyInputs) forEachCoercibleField(input, (def) => !queryFields.has(def) && pin(def));
}

function forEachCoercibleField(schema: ZodLike, visit: (def: ZodDef) => void, depth = 0): void {
  const def = unwrap(schema)?._zod?.def;
  if (!def || def.type !== 'object' || depth > 8) return;
  for (const field of Object.values(def.shape ?? {}) as ZodLike[]) {
    const inner = unwrap(field);
    const innerDef = inner?._zod?.def;
    if (!innerDef) continue;
    if (COERCIBLE.has(innerDef.type)) visit(innerDef);
    else if (innerDef.type === 'object') forEachCoercibleField(inner!, visit, depth + 1);
  }
}

function unwrap(schema: ZodLike | undefined): ZodLike | undefined {
  let current = schema;
  for (let i = 0; i < 10 && current?._zod?.def && WRAPPERS.has(current._zod.def.type); i++) current = current._zod.def.innerType;
  return current;
}

function pin(def: ZodDef): void {
  if (def[PINNED]) return;
  const declared = Boolean(def.coerce);
  Object.defineProperty(def, 'coerce', { configurable: true, enumerable: true, get: () => declared, set: () => {} });
  def[PINNED] = true;
}
