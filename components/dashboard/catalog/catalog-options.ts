/**
 * The catalog pickers' query (key, input, result) in a plain module, so that a server page reads exactly what a
 * picker would ask for (list-catalog.ts `loadCatalogOptions`) and the browser sends no request for it.
 */
/**
 * Job postings, campaigns, stages and interview configurations come from the catalog routers (`jobs.list`,
 * `campaigns.list` with `{ jobId? }`, `stages.list` with `{ campaignId }`, `interviewConfigs.list`). They are
 * called by name rather than through the typed hooks so that this dashboard works both before and after those
 * routers are merged: while a procedure does not exist the server answers NOT_FOUND, and the pickers fall back
 * to typing the id (which the create procedure validates anyway).
 */
export type CatalogKind = 'jobs' | 'campaigns' | 'stages' | 'interviewConfigs';

export type CatalogOption = { id: string; label: string; detail?: string };

/** Accepts a plain array or a page (`{ items }`); labels from `title` (jobs) or `name` (the others). */
export function toCatalogOptions(result: unknown): CatalogOption[] {
  const items = Array.isArray(result) ? result : Array.isArray((result as { items?: unknown })?.items) ? (result as { items: unknown[] }).items : [];
  return items.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { id, title, name } = item as { id?: unknown; title?: unknown; name?: unknown };
    if (typeof id !== 'string') return [];
    const label = typeof title === 'string' ? title : typeof name === 'string' ? name : id;
    return [{ id, label, detail: id }];
  });
}

/** What a picker asks the catalog procedure for: the first hundred items. */
export const catalogListInput = (input: Record<string, string> | undefined) => ({ pageSize: 100, ...(input ?? {}) });
