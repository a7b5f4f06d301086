import { InterviewsPage } from '@/components/dashboard/interviews/interviews-page';
import { catalogListInput, toCatalogOptions } from '@/components/dashboard/catalog/catalog-options';
import { interviewsListInput, searchParamGetter } from '@/components/dashboard/list-inputs';
import { listQuery, toUrlSearchParams } from '@/components/dashboard/saved-filters/list-query';
import { getServerCaller } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interviews · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The list the URL asks for (filters, sort, page), the saved filters above it and the filters' choices (the job
 * postings, the campaigns of the chosen job) are read on the server, through the same procedures as the API, and
 * rendered there: a new URL renders the page again with its rows. The page carries no data layer in the browser.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const input = interviewsListInput(searchParamGetter(params));
  const [list, savedFilters, jobs, campaigns] = await Promise.all([
    caller.dashboard.interviews(input),
    caller.savedFilters.list({ list: 'interviews' }),
    // The filters' choices are a convenience: if they cannot be read (a malformed jobId in the URL), the selects
    // offer what the URL holds, and the list itself says what is wrong.
    caller.jobs.list(catalogListInput(undefined)).catch(() => []),
    caller.campaigns.list(catalogListInput(input.jobId ? { jobId: input.jobId } : undefined)).catch(() => []),
  ]);
  return <InterviewsPage list={list} input={input} savedFilters={savedFilters} query={listQuery(toUrlSearchParams(params))} jobs={toCatalogOptions(jobs)} campaigns={toCatalogOptions(campaigns)} />;
}
