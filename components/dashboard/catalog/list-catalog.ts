import type { ServerCaller } from '@/server/http/dashboard-session';
import { toAppError } from '@/server/errors';
import { catalogListInput, toCatalogOptions, type CatalogKind, type CatalogOption } from './catalog-options';

/** A catalog procedure's first page, through a server-side caller (the pickers' list, read on the server). */
export function listCatalog(caller: ServerCaller, kind: CatalogKind, input?: Record<string, string>): Promise<unknown> {
  const listInput = catalogListInput(input);
  if (kind === 'jobs') return caller.jobs.list(listInput);
  if (kind === 'campaigns') return caller.campaigns.list(listInput);
  if (kind === 'stages') return caller.stages.list(listInput as Parameters<typeof caller.stages.list>[0]);
  return caller.interviewConfigs.list(listInput);
}

/** What a server-rendered picker shows: the options, or why there are none (it then asks for the id). */
export type ServerCatalogOptions = { status: 'ready'; options: CatalogOption[] } | { status: 'error'; message: string };

export async function loadCatalogOptions(caller: ServerCaller, kind: CatalogKind, input?: Record<string, string>): Promise<ServerCatalogOptions> {
  try {
    return { status: 'ready', options: toCatalogOptions(await listCatalog(caller, kind, input)) };
  } catch (error) {
    return { status: 'error', message: toAppError(error).message };
  }
}
