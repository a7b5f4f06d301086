import { pageParam, withParam } from '@/components/dashboard/detail/page-links';
import { CandidateProfile } from '@/components/dashboard/candidates/candidate-profile';
import { getServerCaller, orNotFound, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Candidate · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Where each table's page is in the URL: `?interviews=2&tests=3`. */
const PARAMS = { interviews: 'interviews', tests: 'tests' } as const;
const PAGE_SIZE = 10;

/**
 * The candidate and the pages of their interviews and test results are read on the server, through the same
 * procedures as the API (another organization's id is a 404, like a missing one), and rendered there: the page
 * needs no data layer in the browser. So are the notes (with the user and the teammates to @mention); the dialogs
 * load their data layer when they are used.
 */
export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const [{ id }, query, caller, { role }] = await Promise.all([params, searchParams, getServerCaller(), requireRecruiter()]);
  const candidate = await orNotFound(() => caller.candidates.get({ id }));
  const [interviews, testResults, notes, me, teammates] = await Promise.all([
    caller.dashboard.interviews({ candidateId: id, page: pageParam(query[PARAMS.interviews]), pageSize: PAGE_SIZE }),
    caller.dashboard.testResults({ candidateId: id, page: pageParam(query[PARAMS.tests]), pageSize: PAGE_SIZE }),
    caller.notes.list({ subjectType: 'candidate', subjectId: id }),
    caller.dashboard.me(),
    role !== 'viewer' ? caller.notes.mentionable() : [],
  ]);
  const path = `/candidates/${encodeURIComponent(id)}`;
  return (
    <CandidateProfile
      candidate={candidate}
      interviews={interviews}
      testResults={testResults}
      notes={{ notes, meId: me.id, teammates }}
      role={role}
      hrefFor={(table, page) => withParam(path, query, PARAMS[table], page)}
    />
  );
}
