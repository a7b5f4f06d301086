/** The list's query without the page: what a saved filter keeps and what marks the current one. */
export function listQuery(params: URLSearchParams): string {
  const next = new URLSearchParams(params.toString());
  next.delete('page');
  next.sort();
  return next.toString();
}

/** A server page's `searchParams` as URLSearchParams (every value of a repeated key, in order). */
export function toUrlSearchParams(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(key, one);
  }
  return out;
}
