import { searchParamGetter, intParam } from '@/components/dashboard/list-inputs';
import { MailboxPage } from '@/components/dashboard/settings/mailbox-page';
import { RoleGate } from '@/components/dashboard/role-gate';
import { getServerCaller, requireRecruiter, settle } from '@/server/http/dashboard-session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Local mailbox · Interview screening' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** Settings → Local mailbox, admins: the page of messages and the open one (the URL's `message`), read on the server. */
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  if ((await requireRecruiter()).role !== 'admin') return <RoleGate needs="admin" title="Local mailbox">{null}</RoleGate>;
  const [caller, params] = await Promise.all([getServerCaller(), searchParams]);
  const get = searchParamGetter(params);
  const page = intParam(get('page'), 1);
  const pageSize = intParam(get('pageSize'), 20, 100);
  const selected = get('message');
  const integration = await caller.settings.integration();
  const enabled = integration.email.transport === 'mailbox';
  const [list, message] = await Promise.all([
    enabled ? settle(() => caller.mailbox.list({ page, pageSize })) : null,
    enabled && selected ? settle(() => caller.mailbox.get({ id: selected })) : null,
  ]);
  return <MailboxPage enabled={enabled} list={list} message={message} page={page} pageSize={pageSize} selected={selected} />;
}
