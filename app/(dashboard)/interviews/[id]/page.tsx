import { InterviewDetail } from '@/components/dashboard/interviews/interview-detail';
import { getServerCaller, orNotFound, requireRecruiter } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Interview · Interview screening' };

/**
 * Read on the server through the same procedures the API serves, and rendered there: the page needs no data layer
 * in the browser (only a live interview's transcript loads one). Another organization's id is a 404, like a
 * missing one. Changes made on the page refresh it from here (router.refresh()).
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [caller, { role }] = await Promise.all([getServerCaller(), requireRecruiter()]);
  const canEdit = role !== 'viewer';
  const view = await orNotFound(() => caller.dashboard.interview({ id }));
  const [notes, me, teammates, watching, integrity, source, decisionHistory] = await Promise.all([
    caller.notes.list({ subjectType: 'interview', subjectId: id }),
    caller.dashboard.me(),
    canEdit ? caller.notes.mentionable() : [],
    caller.notifications.watching({ targetType: 'interview', targetId: id }),
    caller.interviews.integrity({ id }),
    caller.integrations.interviewSource({ interviewId: id }),
    // The decision card reads the history of a completed interview only.
    view.status === 'COMPLETED' ? caller.interviews.decisionHistory({ id }) : null,
  ]);
  return (
    <InterviewDetail
      view={view}
      panels={{ notes, meId: me.id, teammates, watching: watching.watching, integrity, source, decisionHistory, canEdit }}
    />
  );
}
