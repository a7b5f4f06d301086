import { Suspense } from 'react';
import { InterviewsPage } from '@/components/dashboard/interviews/interviews-page';
import { interviewsListInput, searchParamGetter } from '@/components/dashboard/list-inputs';
import { prefetchCatalog, serverTrpc } from '@/components/trpc/server';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interviews · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The list the URL asks for (filters, sort, page) is read on the server and arrives in the HTML, under the query
 * key the client component builds from the same params (components/dashboard/list-inputs.ts).
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { trpc, HydrateClient } = serverTrpc();
  const get = searchParamGetter(await searchParams);
  const jobId = get('jobId');
  // The list, the saved filters above it and the filter pickers' lists (the campaigns of the chosen job), read together.
  await Promise.all([
    trpc.dashboard.interviews.prefetch(interviewsListInput(get)),
    trpc.savedFilters.list.prefetch({ list: 'interviews' }),
    prefetchCatalog('jobs'),
    prefetchCatalog('campaigns', jobId ? { jobId } : undefined),
  ]);
  return (
    <HydrateClient>
      <Suspense>
        <InterviewsPage />
      </Suspense>
    </HydrateClient>
  );
}
