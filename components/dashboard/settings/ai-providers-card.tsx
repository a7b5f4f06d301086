'use client';

import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { Api } from '@/components/trpc/api-client';
import type { RouterOutputs } from '@/components/trpc/react';
import { useApiAction } from '@/components/trpc/use-api-action';
import { SavedNote } from './saved-note';

type ProviderSettings = RouterOutputs['settings']['providers'];
type Provider = ProviderSettings['providers'][number];
type Kind = Provider['kind'];
type TestResult = RouterOutputs['settings']['testProviders']['results'][number];

const KIND_LABELS: Record<Kind, { title: string; use: string }> = {
  realtime: { title: 'Real-time (speech to speech)', use: 'Live spoken interviews over the OpenAI Realtime protocol.' },
  llm: { title: 'Language model', use: 'Scores each answer, asks follow-ups, writes the report summary.' },
  stt: { title: 'Speech to text', use: 'Transcribes recorded answers.' },
  tts: { title: 'Text to speech', use: "Speaks the interviewer's questions." },
};
const ORDER: Kind[] = ['realtime', 'llm', 'stt', 'tts'];
type ProvidersInput = Parameters<Api['settings']['updateProviders']['mutate']>[0];
const updateProviders = (api: Api, input: ProvidersInput) => api.settings.updateProviders.mutate(input);
const testProviders = (api: Api, input: Parameters<Api['settings']['testProviders']['mutate']>[0]) => api.settings.testProviders.mutate(input);

type Draft = { baseUrl: string; apiKey: string; clearApiKey: boolean; model: string; voice: string };
const draftOf = (p: Provider): Draft => ({ baseUrl: p.baseUrl ?? '', apiKey: '', clearApiKey: false, model: p.model ?? '', voice: p.voice ?? '' });
const hasVoice = (kind: Kind) => kind === 'tts' || kind === 'realtime';

function effectiveLine(p: Provider): string {
  if (!p.effective.configured) return 'Not configured';
  const url = { organization: 'your base URL', environment: "the operator's provider", default: 'OpenAI (api.openai.com)' }[p.effective.baseUrlSource ?? 'environment'];
  const key = p.effective.keySource === 'organization' ? 'your key' : p.effective.keySource === 'environment' ? "the operator's key" : 'no key';
  return `Uses ${url} with ${key}, model ${p.effective.model}${p.effective.voice ? `, voice ${p.effective.voice}` : ''}`;
}

/**
 * Settings → AI providers (admins): the organization's own OpenAI-compatible providers per kind; every empty
 * field falls back to the operator's. Keys are write-only: the field is always empty, the placeholder says whether
 * one is stored (and its last 4 characters). "Test" makes one real call per kind with what is saved.
 */
export function AiProvidersCard({ initial }: { initial: ProviderSettings }) {
  const [settings, setSettings] = useState(initial);
  const [drafts, setDrafts] = useState<Record<Kind, Draft>>(() => Object.fromEntries(initial.providers.map((p) => [p.kind, draftOf(p)])) as Record<Kind, Draft>);
  const [oneKey, setOneKey] = useState('');
  const [saved, setSaved] = useState(false);
  const [results, setResults] = useState<TestResult[] | null>(null);
  const update = useApiAction(updateProviders, {
    onSuccess: (result) => {
      setSaved(true);
      setSettings(result);
      setDrafts(Object.fromEntries(result.providers.map((p) => [p.kind, draftOf(p)])) as Record<Kind, Draft>);
      setOneKey('');
      setResults(null);
    },
  });
  const test = useApiAction(testProviders, { onSuccess: (result) => setResults(result.results), refresh: false });
  const failure = update.error ?? undefined;
  const issueFor = (path: string) => failure?.issues?.find((issue) => issue.path === path)?.message;

  function set(kind: Kind, patch: Partial<Draft>) {
    setDrafts((current) => ({ ...current, [kind]: { ...current[kind], ...patch } }));
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = Object.fromEntries(
      ORDER.map((kind) => {
        const d = drafts[kind];
        const apiKey = d.apiKey.trim() || oneKey.trim();
        return [
          kind,
          {
            baseUrl: d.baseUrl,
            model: d.model,
            ...(hasVoice(kind) ? { voice: d.voice } : {}),
            ...(apiKey ? { apiKey } : d.clearApiKey ? { clearApiKey: true } : {}),
          },
        ];
      }),
    );
    setSaved(false);
    void update.run(input as ProvidersInput);
  }
  const byKind = new Map(settings.providers.map((p) => [p.kind, p]));
  return (
    <Card>
      <CardHeader
        title="AI providers"
        description="Your organization's own OpenAI-compatible providers (OpenAI, Azure OpenAI, or a self-hosted server). Every empty field uses the operator's default. Changes apply to the next call, without a restart."
      />
      <CardContent>
        <Form onSubmit={submit} noValidate className="grid gap-6" data-testid="ai-providers">
          {!settings.canStoreKeys ? (
            <p className="text-sm text-amber-900">
              Keys cannot be stored: the operator has not set <code className="font-mono text-xs">PROVIDER_KEY_SECRET</code>. Base URLs, models and voices can.
            </p>
          ) : (
            <Field label="One key for every provider" hint="Paste an OpenAI key here to use it for all four; a key given below wins for its provider." className="max-w-md">
              <Input type="password" autoComplete="off" value={oneKey} onChange={(e) => setOneKey(e.target.value)} placeholder="sk-…" data-testid="provider-one-key" />
            </Field>
          )}
          {ORDER.map((kind) => {
            const p = byKind.get(kind)!;
            const d = drafts[kind];
            const result = results?.find((r) => r.kind === kind);
            return (
              <fieldset key={kind} className="grid gap-3 rounded-md border border-slate-200 p-4" data-testid={`provider-${kind}`}>
                <legend className="px-1 text-sm font-medium text-slate-900">{KIND_LABELS[kind].title}</legend>
                <p className="text-sm text-slate-600">
                  {KIND_LABELS[kind].use}{' '}
                  <span className="inline-flex items-center gap-2">
                    <Badge tone={p.effective.configured ? 'green' : 'neutral'}>{p.effective.configured ? 'On' : 'Off'}</Badge>
                    <span data-testid={`provider-${kind}-effective`}>{effectiveLine(p)}</span>
                  </span>
                </p>
                <div className="grid gap-3 sm:grid-cols-2">
                  <Field label="Base URL" error={issueFor(`${kind}.baseUrl`)} hint={p.operatorDefault.configured ? "Empty: the operator's provider" : 'Empty: OpenAI when a key is set'}>
                    <Input type="url" value={d.baseUrl} onChange={(e) => set(kind, { baseUrl: e.target.value })} placeholder="https://api.openai.com/v1" />
                  </Field>
                  <Field
                    label="API key"
                    error={issueFor(`${kind}.apiKey`)}
                    hint={p.apiKey.unreadable ? 'The stored key can no longer be read (the operator changed PROVIDER_KEY_SECRET): paste it again.' : 'Write-only: never shown again.'}
                  >
                    <Input
                      type="password"
                      autoComplete="off"
                      disabled={!settings.canStoreKeys}
                      value={d.apiKey}
                      onChange={(e) => set(kind, { apiKey: e.target.value })}
                      placeholder={p.apiKey.set ? `Set${p.apiKey.last4 ? ` (ends in ${p.apiKey.last4})` : ''}: leave empty to keep` : 'Not set'}
                    />
                  </Field>
                  <Field label="Model" error={issueFor(`${kind}.model`)} hint={`Empty: ${p.operatorDefault.model}`}>
                    <Input value={d.model} onChange={(e) => set(kind, { model: e.target.value })} placeholder={p.operatorDefault.model} />
                  </Field>
                  {hasVoice(kind) ? (
                    <Field label="Voice" error={issueFor(`${kind}.voice`)} hint={`Empty: ${p.operatorDefault.voice ?? 'alloy'}`}>
                      <Input value={d.voice} onChange={(e) => set(kind, { voice: e.target.value })} placeholder={p.operatorDefault.voice ?? 'alloy'} />
                    </Field>
                  ) : null}
                </div>
                {p.apiKey.set ? (
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input type="checkbox" checked={d.clearApiKey} onChange={(e) => set(kind, { clearApiKey: e.target.checked })} /> Remove the stored key
                  </label>
                ) : null}
                {result ? (
                  <p role="status" className={result.ok ? 'text-sm text-green-700' : 'text-sm text-red-700'} data-testid={`provider-${kind}-test`}>
                    {result.ok ? '✓ ' : '✗ '}
                    {result.message}
                    {result.durationMs !== null ? ` (${result.durationMs} ms)` : ''}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          {failure && !failure.issues?.length ? (
            <p role="alert" className="text-sm text-red-700">
              {failure.message}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={update.pending}>
              Save
            </Button>
            <Button variant="outline" disabled={test.pending} onClick={() => void test.run({})}>
              {test.pending ? 'Testing…' : 'Test'}
            </Button>
            <SavedNote shown={saved} />
            {test.error ? (
              <p role="alert" className="text-sm text-red-700">
                {test.error.message}
              </p>
            ) : null}
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
