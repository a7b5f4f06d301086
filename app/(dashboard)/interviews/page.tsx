import { InterviewsPage } from '@/components/dashboard/interviews/interviews-page';
import { catalogListInput, toCatalogOptions } from '@/components/dashboard/catalog/catalog-options';
import { interviewsListInput, searchParamGetter } from '@/components/dashboard/list-inputs';
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
    caller.jobs.list(catalogListInput(undefined)),
    caller.campaigns.list(catalogListInput(input.jobId ? { jobId: input.jobId } : undefined)),
  ]);
  return <InterviewsPage list={list} input={input} savedFilters={savedFilters} jobs={toCatalogOptions(jobs)} campaigns={toCatalogOptions(campaigns)} />;
}
