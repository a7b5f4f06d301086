import { CandidatesPage } from '@/components/dashboard/candidates/candidates-page';
import { candidatesListInput, searchParamGetter } from '@/components/dashboard/list-inputs';
import { listQuery, toUrlSearchParams } from '@/components/dashboard/saved-filters/list-query';
import { getServerCaller, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Candidates · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The list the URL asks for (filters, sort, page), the saved filters above it and, for editors, the new-candidate
 * form's language are read on the server, through the same procedures as the API, and rendered there: a new URL
 * renders the page again with its rows. The page carries no data layer in the browser.
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [caller, { role }, params] = await Promise.all([getServerCaller(), requireRecruiter(), searchParams]);
  const input = candidatesListInput(searchParamGetter(params));
  const [list, savedFilters, defaults] = await Promise.all([
    caller.dashboard.candidates(input),
    caller.savedFilters.list({ list: 'candidates' }),
    role === 'viewer' ? null : caller.candidates.defaults(),
  ]);
  return <CandidatesPage list={list} input={input} savedFilters={savedFilters} query={listQuery(toUrlSearchParams(params))} defaultLocale={defaults?.locale} />;
}
