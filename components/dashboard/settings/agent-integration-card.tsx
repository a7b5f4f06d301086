import { BookOpen, FileJson, Webhook } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';

export type IntegrationSettings = RouterOutputs['settings']['integration'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Code({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800">{children}</code>;
}

function Configured({ ok, yes = 'Configured', no = 'Not configured' }: { ok: boolean; yes?: string; no?: string }) {
  return <Badge tone={ok ? 'green' : 'red'}>{ok ? yes : no}</Badge>;
}

function duration(seconds: number): string {
  return seconds % 3600 === 0 ? `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}` : `${Math.round(seconds / 60)} minutes`;
}

/**
 * How a voice agent plugs into this deployment: its routes and their credentials, the media token it receives,
 * where a started interview is dispatched. States only: the secrets themselves never reach the browser.
 */
export function AgentIntegrationCard({ settings }: { settings: IntegrationSettings }) {
  const { agent, mediaToken, dispatch } = settings;
  return (
    <Card>
      <CardHeader title="Agent integration" description="How the voice agent that conducts interviews talks to this service." />
      <CardContent className="py-1">
        <dl className="divide-y divide-slate-100">
          <Row label="Agent secret">
            <div className="grid gap-1.5">
              <span className="flex flex-wrap items-center gap-2">
                <Configured ok={agent.secretConfigured} /> sent by the agent as the <Code>X-Agent-Secret</Code> header
              </span>
              <p className="text-slate-600">
                Set on the server in the <Code>AGENT_SECRET</Code> environment variable (at least 16 characters; in development it is generated once and
                kept in <Code>.data/dev-secrets.json</Code>). It opens the internal routes of every organization: keep it on the agent&apos;s servers,
                never in a browser or a URL. It is not shown here.
              </p>
            </div>
          </Row>
          <Row label="Media tokens">
            <div className="grid gap-1.5">
              <span className="flex flex-wrap items-center gap-2">
                <Configured ok={mediaToken.secretConfigured} /> <Code>Authorization: Bearer &lt;media token&gt;</Code>
              </span>
              <p className="text-slate-600">
                When the candidate presses Start on the invitation page, the service mints an {mediaToken.algorithm} JWT signed with{' '}
                <Code>MEDIA_TOKEN_SECRET</Code>: <Code>sub</Code> is the interview id, <Code>aud</Code> is <Code>{mediaToken.audience}</Code>, and it
                expires after {duration(mediaToken.lifetimeSeconds)}. It opens the routes of that one interview only (another interview: 403). An API key
                never opens these routes (401).
              </p>
            </div>
          </Row>
          <Row label="Dispatch">
            {dispatch.mode === 'webhook' ? (
              <div className="grid gap-1.5">
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone="brand">
                    <Webhook aria-hidden /> Agent platform
                  </Badge>
                  <Code>{dispatch.url}</Code>
                </span>
                <p className="text-slate-600">
                  A started interview is POSTed to <Code>AGENT_DISPATCH_URL</Code> with its media token and context, signed with HMAC-SHA256 of{' '}
                  <Code>AGENT_DISPATCH_SECRET</Code> over the timestamp and body (headers{' '}
                  {dispatch.signatureHeaders.map((h, i) => (
                    <span key={h}>
                      {i > 0 ? ' and ' : ''}
                      <Code>{h}</Code>
                    </span>
                  ))}
                  ). Time limit{' '}
                  {dispatch.timeoutMs / 1000} s; a failure asks the candidate to try again.
                </p>
              </div>
            ) : (
              <div className="grid gap-1.5">
                <span className="flex flex-wrap items-center gap-2">
                  <Badge tone="amber">Built-in interviewer</Badge>
                </span>
                <p className="text-slate-600">
                  <Code>AGENT_DISPATCH_URL</Code> is not set: the service&apos;s own interviewer asks the configuration&apos;s questions on the candidate&apos;s page,
                  through the same routes and media token a real agent would use. Set <Code>AGENT_DISPATCH_URL</Code> and{' '}
                  <Code>AGENT_DISPATCH_SECRET</Code> to hand interviews to a voice agent platform.
                </p>
                <ul className="grid gap-0.5 text-slate-600" aria-label="Interviewer settings">
                  <li>
                    Voice answers:{' '}
                    {dispatch.transcription ? (
                      <>
                        transcribed with <Code>{dispatch.transcription.model}</Code>
                      </>
                    ) : (
                      <>
                        off, candidates answer in writing (set <Code>STT_BASE_URL</Code>)
                      </>
                    )}
                  </li>
                  <li>
                    Questions spoken by:{' '}
                    {dispatch.speech ? (
                      <>
                        <Code>{dispatch.speech.model}</Code> ({dispatch.speech.voice})
                      </>
                    ) : (
                      "the candidate's browser"
                    )}
                  </li>
                  <li>
                    Per-answer scores:{' '}
                    {dispatch.evaluation ? <Code>{dispatch.evaluation.model}</Code> : 'none without a language model (reports say NO_DECISION)'}
                    {dispatch.followUps ? ', with one follow-up after a thin answer' : ''}
                  </li>
                  <li>
                    Recordings: {dispatch.storage === 's3' ? 'S3-compatible bucket' : 'local directory'}; {dispatch.answerTimeLimitSeconds} s per answer
                  </li>
                </ul>
              </div>
            )}
          </Row>
          <Row label="Internal routes">
            <ul className="grid gap-1.5" aria-label="Internal agent routes">
              {agent.routes.map((route) => (
                <li key={`${route.method} ${route.path}`} className="grid gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    <Badge tone={route.method === 'GET' ? 'blue' : route.method === 'PATCH' ? 'violet' : 'green'} className="font-mono">
                      {route.method}
                    </Badge>
                    <Code>{route.path}</Code>
                  </span>
                  <span className="text-xs text-slate-600">{route.description}</span>
                </li>
              ))}
            </ul>
          </Row>
          <Row label="Reports">
            {settings.reports.generator === 'llm' ? (
              <>Summaries written by the language model <Code>{settings.reports.model}</Code> (<Code>LLM_BASE_URL</Code>), scores computed from the agent&apos;s evaluations.</>
            ) : (
              <>Summaries and scores computed by rules from the agent&apos;s evaluations (<Code>LLM_BASE_URL</Code> is not set).</>
            )}
          </Row>
          <Row label="API reference">
            <span className="flex flex-wrap gap-x-5 gap-y-2">
              <a href="/api/docs" className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
                <BookOpen className="size-4" aria-hidden /> Interactive reference (/api/docs)
              </a>
              <a href="/api/v1/openapi.json" className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
                <FileJson className="size-4" aria-hidden /> OpenAPI document (/api/v1/openapi.json)
              </a>
            </span>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}
