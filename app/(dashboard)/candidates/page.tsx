import { Suspense } from 'react';
import { CandidatesPage } from '@/components/dashboard/candidates/candidates-page';
import { candidatesListInput, searchParamGetter } from '@/components/dashboard/list-inputs';
import { serverTrpc } from '@/components/trpc/server';
import { requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Candidates · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The list the URL asks for (filters, sort, page) is read on the server and arrives in the HTML, under the query
 * key the client component builds from the same params (components/dashboard/list-inputs.ts).
 */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const { trpc, HydrateClient } = serverTrpc();
  const get = searchParamGetter(await searchParams);
  const { role } = await requireRecruiter();
  // The list, the saved filters above it and, for editors, the new-candidate form's defaults, read together.
  await Promise.all([
    trpc.dashboard.candidates.prefetch(candidatesListInput(get)),
    trpc.savedFilters.list.prefetch({ list: 'candidates' }),
    role === 'viewer' ? null : trpc.candidates.defaults.prefetch(),
  ]);
  return (
    <HydrateClient>
      <Suspense>
        <CandidatesPage />
      </Suspense>
    </HydrateClient>
  );
}
