import { ArrowLeft, ExternalLink, Inbox, Mail, MailX } from 'lucide-react';
import Link from 'next/link';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import type { RouterOutputs } from '@/components/trpc/react';
import type { Settled } from '@/server/http/dashboard-session';
import { PageHeader } from '../page-header';
import { PartError } from '../part-error';
import { Time } from '../time';
import { isInvitationLink, linksIn } from './email-links';
import { LinkifiedText } from './linkified-text';
import { MailboxAutoRefresh, MailboxPagination } from './mailbox-islands';

type List = RouterOutputs['mailbox']['list'];
type Message = RouterOutputs['mailbox']['get'];

function MessageView({ message }: { message: Settled<Message> }) {
  if (message.error) {
    return <ErrorState title={message.error.code === 'NOT_FOUND' ? 'Message not found' : 'The message could not be loaded'} message={message.error.message} requestId={message.error.requestId} />;
  }
  const m = message.data;
  const invitation = linksIn(m.text).find(isInvitationLink);
  return (
    <article aria-labelledby="mailbox-subject" className="grid gap-5 p-5">
      <header className="grid gap-2 border-b border-slate-100 pb-4">
        <h2 id="mailbox-subject" className="text-lg font-semibold text-slate-900">
          {m.subject}
        </h2>
        <dl className="grid grid-cols-[3.5rem_1fr] gap-x-2 gap-y-1 text-sm">
          <dt className="text-slate-600">From</dt>
          <dd className="min-w-0 break-words text-slate-900">{m.from}</dd>
          <dt className="text-slate-600">To</dt>
          <dd className="min-w-0 break-words text-slate-900">{m.to}</dd>
          <dt className="text-slate-600">Sent</dt>
          <dd className="text-slate-900">
            <Time value={m.createdAt} />
          </dd>
        </dl>
      </header>
      {invitation ? (
        <a
          href={invitation}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 justify-self-start rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <ExternalLink className="size-4" aria-hidden /> Open the invitation link
        </a>
      ) : null}
      <section aria-labelledby="mailbox-text" className="grid gap-2">
        <h3 id="mailbox-text" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          Text version
        </h3>
        <div className="whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-xs leading-5 text-slate-800">
          <LinkifiedText text={m.text} />
        </div>
      </section>
      <section aria-labelledby="mailbox-html" className="grid gap-2">
        <h3 id="mailbox-html" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          HTML version
        </h3>
        {/* sandbox="" : no script, no form, no popup, and a unique origin, whatever the email contains. */}
        <iframe title={`HTML version of “${m.subject}”`} srcDoc={m.html} sandbox="" className="h-[36rem] w-full rounded-md border border-slate-200 bg-white" />
      </section>
    </article>
  );
}

/**
 * The local mailbox: while no RESEND_API_KEY is configured, the emails the service sends land here instead
 * (development, demos), for the recruiter to read and to follow the candidate's invitation link. Rendered on the
 * server from the URL (`page`, `pageSize`, the open `message`); new messages appear by themselves (the page looks every
 * few seconds whether the mailbox grew, and renders again when it did).
 */
export function MailboxPage({ enabled, list, message, page, pageSize, selected }: { enabled: boolean; list: Settled<List> | null; message: Settled<Message> | null; page: number; pageSize: number; selected: string }) {
  const header = (
    <PageHeader
      eyebrow={
        <Link href="/settings" className="inline-flex items-center gap-1 hover:text-brand-700 hover:underline">
          <ArrowLeft className="size-3.5" aria-hidden /> Settings
        </Link>
      }
      title="Local mailbox"
      description="Without an email provider (RESEND_API_KEY unset), the emails the service sends land here instead of in candidates' inboxes."
    />
  );
  if (!enabled || !list) {
    return (
      <>
        {header}
        <Card>
          <EmptyState icon={MailX} title="The local mailbox is off" description="Email is delivered by Resend (RESEND_API_KEY is set), so messages are not kept here." />
        </Card>
      </>
    );
  }

  const items = list.data?.items ?? [];
  return (
    <>
      {header}
      <MailboxAutoRefresh total={list.data?.pagination.total ?? null} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="self-start">
          <CardHeader title="Messages" description="Newest first; new ones appear by themselves." action={<Inbox className="size-4 text-slate-400" aria-hidden />} />
          {list.error ? (
            <PartError error={list.error} />
          ) : items.length === 0 ? (
            <EmptyState icon={Mail} title="No messages yet" description="Invitations and reminders appear here a moment after they are sent." />
          ) : (
            <>
              <ul aria-label="Messages" className="divide-y divide-slate-100">
                {items.map((m) => {
                  const current = m.id === selected;
                  return (
                    <li key={m.id}>
                      <Link
                        href={`/settings/mailbox?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), message: m.id })}`}
                        scroll={false}
                        aria-current={current ? 'true' : undefined}
                        className={cn('grid grid-cols-[minmax(0,1fr)] gap-0.5 px-5 py-3 text-sm hover:bg-slate-50', current && 'bg-brand-50 hover:bg-brand-50')}
                      >
                        <span className="truncate font-medium text-slate-900">{m.subject}</span>
                        <span className="flex items-baseline justify-between gap-3 text-xs text-slate-600">
                          <span className="min-w-0 truncate">To {m.to}</span>
                          <Time value={m.createdAt} relative className="shrink-0" />
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
              {list.data.pagination.totalPages > 1 ? (
                <MailboxPagination page={page} pageSize={pageSize} total={list.data.pagination.total} totalPages={list.data.pagination.totalPages} />
              ) : null}
            </>
          )}
        </Card>
        <Card className="min-w-0 self-start">
          {message ? (
            <MessageView message={message} />
          ) : (
            <CardContent>
              <EmptyState icon={Mail} title="No message open" description="Choose a message to read it." />
            </CardContent>
          )}
        </Card>
      </div>
    </>
  );
}
