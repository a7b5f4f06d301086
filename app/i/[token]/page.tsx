import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { CandidateInterview } from '@/components/candidate/candidate-interview';
import { INTERVIEW_CSS } from '@/components/candidate/interview-style';
import { getEnv } from '@/server/env';
import type { CandidateLocale } from '@/server/i18n/candidate-locale';
import { LANGUAGE_NAMES } from '@/server/i18n/languages';
import { CANDIDATE_PAGE_COPY } from './candidate-page-copy';
import { CANDIDATE_PAGE_CSS } from './candidate-page-style';
import { getInvitationByToken, type InvitationView } from '@/server/services/invitations/get-invitation-by-token';
import { recordInvitationOpened } from '@/server/services/invitations/record-invitation-opened';
import { LocalExpiry } from './local-expiry';
import { renderClosedInvitation } from './render-closed-invitation';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ token: string }>; searchParams: Promise<{ lang?: string | string[] }> };

/** The language the candidate chose with the switcher (`?lang=`) when the page offers it, else the invitation's. */
function pageLocale(view: InvitationView, lang: string | string[] | undefined): CandidateLocale {
  const chosen = typeof lang === 'string' ? view.languages.find((l) => l === lang) : undefined;
  return chosen && chosen !== view.locale.language ? { language: chosen, intlLocale: chosen } : view.locale;
}

/** One lookup per request, shared by the metadata and the page. */
const loadInvitation = cache((token: string) => getInvitationByToken(getDb(), token));

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const view = await loadInvitation((await params).token);
  return {
    title: view ? CANDIDATE_PAGE_COPY[pageLocale(view, (await searchParams).lang).language].documentTitle(view.jobTitle, view.answerMode) : 'Interview',
    referrer: 'no-referrer',
    robots: { index: false, follow: false },
  };
}

/**
 * The candidate's invitation page for a link that is open or in progress. Closed links (expired, cancelled,
 * completed, unknown) are answered by the proxy with their HTTP status before this renders; the fallbacks here
 * only cover a state that changed in between.
 */
export default async function InvitationPage({ params, searchParams }: Props) {
  const { token } = await params;
  const view = await loadInvitation(token);
  if (!view) notFound();
  const closed = renderClosedInvitation(view);
  if (closed) {
    return (
      <>
        <style>{CANDIDATE_PAGE_CSS}</style>
        {/* Escaped HTML from the one renderer of closed links, shared with the proxy. */}
        <div dangerouslySetInnerHTML={{ __html: closed.bodyHtml }} />
      </>
    );
  }
  // The candidate sees the invitation: the funnel's "opened" (docs/DECISIONS.md, Analytics).
  await recordInvitationOpened(getDb(), token);
  const locale = pageLocale(view, (await searchParams).lang);
  const copy = CANDIDATE_PAGE_COPY[locale.language];
  const mode = view.answerMode;
  return (
    <div className="cp-root" lang={locale.language}>
      <style>{CANDIDATE_PAGE_CSS + INTERVIEW_CSS}</style>
      <main className="cp-card" data-testid="invitation-page">
        {view.languages.length > 1 ? (
          <nav className="cp-languages" aria-label={copy.languageLabel} data-testid="language-switcher">
            <ul>
              {view.languages.map((l) => (
                <li key={l}>
                  <a href={`?lang=${l}`} lang={l} hrefLang={l} aria-current={l === locale.language ? 'true' : undefined}>
                    {LANGUAGE_NAMES[l]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className="cp-eyebrow">{copy.eyebrow(mode)}</p>
        <p className="cp-org" data-testid="organization">
          {view.organizationName}
        </p>
        <h1 data-testid="job-title">{copy.heading(view.jobTitle)}</h1>
        <p>{copy.greeting(view.candidateFirstName)}</p>
        {/* A completed interview reaches this page only to ask the bias audit's optional questions: no "what to expect". */}
        {view.state !== 'completed' ? (
          <>
            <p data-testid="intro">{copy.intro(view.organizationName, view.jobTitle, mode)}</p>
            <h2>{copy.expectTitle}</h2>
            <ul>
              {view.questionCount ? <li data-testid="question-count">{copy.expectQuestions(view.questionCount, mode)}</li> : null}
              <li data-testid="duration">{copy.expectDuration(view.durationMinutes)}</li>
              <li>{copy.expectSetting(mode)}</li>
              <li>{copy.expectAgent(mode)}</li>
            </ul>
            <LocalExpiry language={locale.language} intlLocale={locale.intlLocale} expiresAt={view.expiresAt.toISOString()} serverTimeZone={getEnv().DISPLAY_TIME_ZONE} />
          </>
        ) : null}
        <CandidateInterview
          token={token}
          language={locale.language}
          organizationName={view.organizationName}
          contactEmail={view.contactEmail}
          retentionDays={view.retentionDays}
          nextSteps={view.nextSteps}
        />
      </main>
    </div>
  );
}
