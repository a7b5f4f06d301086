'use client';

import { KeyRound, Plug, RotateCcw, Trash2 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, inputClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Api } from '@/components/trpc/api-client';
import { contractError, type ContractError } from '@/components/trpc/errors';
import type { RouterOutputs } from '@/components/trpc/react';
import { loadApi, useApiAction } from '@/components/trpc/use-api-action';
import { PageHeader } from '../page-header';
import { Time } from '../time';
import { useSearchState } from '../use-search-state';

/** The dialogs that show a new key or webhook address load when there is one to show, not with the page. */
const IntegrationSecretDialogs = dynamic(() => import('./integration-secret-dialogs').then((m) => m.IntegrationSecretDialogs), { ssr: false });

type Overview = RouterOutputs['integrations']['get'];
type Ats = Overview['ats'];
export type NamedOption = { id: string; name: string };
type LeverStage = { id: string; name: string };

type CredentialInput = Parameters<Api['integrations']['createCredential']['mutate']>[0];
type MappingInput = Parameters<Api['integrations']['createTestMapping']['mutate']>[0];
const createCredentialFor = (api: Api, input: CredentialInput) => api.integrations.createCredential.mutate(input);
const revokeCredential = (api: Api, input: { id: string }) => api.integrations.revokeCredential.mutate(input);
const retryWriteback = (api: Api, input: { id: string }) => api.integrations.retryWriteback.mutate(input);
const createTestMapping = (api: Api, input: MappingInput) => api.integrations.createTestMapping.mutate(input);
const setSigningSecret = (api: Api, input: { id: string; signingSecret: string }) => api.integrations.setCredentialSecrets.mutate(input);

/**
 * Settings → Integrations: connect an ATS (its key shown once), map its tests to campaigns, follow its log, retry
 * write-backs. Greenhouse, Ashby and Lever today; each further ATS (docs/INTEGRATIONS.md) adds its section here.
 * Lever calls no operation of ours: it sends webhooks to the integration's own address, signed with a token Lever
 * shows once the webhook exists, which the admin pastes back here.
 */
const AVAILABLE: { ats: Ats; label: string }[] = [
  { ats: 'greenhouse', label: 'Greenhouse' },
  { ats: 'ashby', label: 'Ashby' },
  { ats: 'lever', label: 'Lever' },
];

/**
 * The page the server rendered for one ATS (the URL's `ats`, Greenhouse by default): its overview, and the campaigns
 * and configurations a test maps to. Choosing another ATS changes the URL; a change re-renders the page.
 */
export function IntegrationsPage({ ats, overview, campaigns, configs }: { ats: Ats; overview: Overview; campaigns: NamedOption[]; configs: NamedOption[] }) {
  // One ATS at a time: each section's form fields and lists keep names of their own on the page.
  const { set } = useSearchState();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PageHeader title="Integrations" description="Applicant tracking systems that order interviews here and hear back the results, with no glue code." />
      <div role="group" aria-label="Applicant tracking system" className="flex gap-2">
        {AVAILABLE.map((option) => (
          <Button key={option.ats} variant={option.ats === ats ? 'primary' : 'secondary'} aria-pressed={option.ats === ats} onClick={() => set({ ats: option.ats === 'greenhouse' ? null : option.ats })}>
            {option.label}
          </Button>
        ))}
      </div>
      <AtsIntegration key={ats} ats={ats} data={overview} campaigns={campaigns} configs={configs} />
    </div>
  );
}

function AtsIntegration({ ats, data, campaigns, configs }: { ats: Ats; data: Overview; campaigns: NamedOption[]; configs: NamedOption[] }) {
  const [shownKey, setShownKey] = useState<string | null>(null);
  // Lever: the new integration's webhook address, to paste into Lever.
  const [shownWebhookUrl, setShownWebhookUrl] = useState<string | null>(null);
  const [signingSecret, setSigningSecret] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // Ashby: the customer's own Ashby API key, with which we call its assessment.update (write-only).
  const [apiKey, setApiKey] = useState('');
  const onError = (error: ContractError) => setFailure(error.message);
  const createCredential = useApiAction(createCredentialFor, {
    onError,
    onSuccess: (created) => {
      if (created.webhookUrl) setShownWebhookUrl(created.webhookUrl);
      else setShownKey(created.key);
      setApiKey('');
      setSigningSecret('');
    },
  });
  const revoke = useApiAction(revokeCredential, { onError });
  const retry = useApiAction(retryWriteback, { onError });
  const active = data.credentials.filter((c) => !c.revokedAt);
  return (
    <>
      {failure ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure}
        </p>
      ) : null}
      <Card>
        <CardHeader
          title={`${data.label} connection`}
          description={
            ats === 'lever'
              ? 'Lever sends a Candidate Stage Change webhook to the address of your integration; we check its signature with the signature token Lever shows for that webhook, read the opportunity and write the result back as a note, with your Lever API key.'
              : `${data.label} calls these addresses with HTTP Basic authentication, the key as the username. Send them to ${data.label}'s partner team with a key.`
          }
          action={
            active.length > 0 ? <Badge tone="green">Connected</Badge> : <Badge tone="neutral">Not connected</Badge>
          }
        />
        <CardContent className="grid gap-4 text-sm text-slate-700">
          <ul className="grid gap-1">
            {data.endpoints.map((endpoint) => (
              <li key={endpoint.operation} className="flex flex-wrap gap-2">
                <Badge tone="neutral" className="font-mono">{endpoint.method}</Badge>
                <code className="break-all font-mono text-xs">{endpoint.url}</code>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-end gap-3">
            {ats === 'ashby' ? (
              <div className="grid gap-1">
                <Label htmlFor="ashby-api-key">Your Ashby API key (with candidatesWrite), for assessment.update</Label>
                <Input id="ashby-api-key" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} maxLength={500} />
              </div>
            ) : null}
            {ats === 'lever' ? (
              <>
                <div className="grid gap-1">
                  <Label htmlFor="lever-api-key">Your Lever API key (opportunities read, notes write)</Label>
                  <Input id="lever-api-key" type="password" autoComplete="off" value={apiKey} onChange={(e) => setApiKey(e.target.value)} maxLength={500} />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="lever-signature-token">Webhook signature token (optional now: Lever shows it once the webhook exists)</Label>
                  <Input id="lever-signature-token" type="password" autoComplete="off" value={signingSecret} onChange={(e) => setSigningSecret(e.target.value)} maxLength={500} />
                </div>
              </>
            ) : null}
            <Button
              disabled={createCredential.pending || ((ats === 'ashby' || ats === 'lever') && !apiKey.trim())}
              onClick={() => {
                setFailure(null);
                void createCredential.run(
                  ats === 'ashby' ? { ats, apiKey: apiKey.trim() } : ats === 'lever' ? { ats, apiKey: apiKey.trim(), ...(signingSecret.trim() ? { signingSecret: signingSecret.trim() } : {}) } : { ats },
                );
              }}
            >
              <Plug aria-hidden /> {active.length > 0 ? (ats === 'lever' ? 'Add another Lever integration' : `Create another ${data.label} key`) : `Connect ${data.label}`}
            </Button>
          </div>
          {data.credentials.length > 0 ? (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Keys</caption>
              <thead className="text-xs text-slate-600">
                <tr><th className="py-1">{ats === 'lever' ? 'Webhook address' : 'Key'}</th><th>Created</th><th>Last used</th><th>Status</th><th><span className="sr-only">Actions</span></th></tr>
              </thead>
              <tbody>
                {data.credentials.map((credential) => (
                  <tr key={credential.id} className="border-t border-slate-100">
                    <td className="py-2 font-mono text-xs">
                      {credential.webhookUrl ? <span className="break-all">{credential.webhookUrl}</span> : `${credential.prefix}…`}
                      {credential.hasApiKey ? <span className="ml-2 font-sans text-slate-600">with your API key</span> : null}
                      {ats === 'lever' && !credential.revokedAt ? <LeverSignatureToken credentialId={credential.id} given={credential.hasSigningSecret} onError={onError} /> : null}
                    </td>
                    <td><Time value={credential.createdAt} withTime={false} /></td>
                    <td>{credential.lastUsedAt ? <Time value={credential.lastUsedAt} /> : 'never'}</td>
                    <td>{credential.revokedAt ? <Badge tone="red">Revoked</Badge> : <Badge tone="green">Active</Badge>}</td>
                    <td className="text-right">
                      {credential.revokedAt ? null : (
                        <Button variant="ghost" size="sm" className="text-red-700" disabled={revoke.pending} onClick={() => void revoke.run({ id: credential.id })}>
                          <Trash2 aria-hidden /> Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </CardContent>
      </Card>
      <TestMappings ats={ats} overview={data} campaigns={campaigns} configs={configs} onError={onError} />
      <Card>
        <CardHeader title="Write-backs" description={`What we tell ${data.label} (${ats === 'lever' ? 'a note on the opportunity with the result' : 'the completed interview'}), retried with backoff; a failed one can be sent again.`} />
        <CardContent className="text-sm">
          {data.writebacks.length === 0 ? (
            <p className="text-slate-600">Nothing sent yet.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Write-backs</caption>
              <thead className="text-xs text-slate-600">
                <tr><th className="py-1">Interview</th><th>Status</th><th>Attempts</th><th>Last answer</th><th><span className="sr-only">Actions</span></th></tr>
              </thead>
              <tbody>
                {data.writebacks.map((w) => (
                  <tr key={w.id} className="border-t border-slate-100">
                    <td className="py-2"><a className="font-mono text-xs underline" href={`/interviews/${w.interviewId}`}>{w.interviewId}</a></td>
                    <td><Badge tone={w.status === 'SUCCEEDED' ? 'green' : w.status === 'FAILED' ? 'red' : 'neutral'}>{w.status}</Badge></td>
                    <td>{w.attempts}</td>
                    <td>{w.error ?? (w.responseStatus ? `HTTP ${w.responseStatus}` : '—')}</td>
                    <td className="text-right">
                      {w.status === 'FAILED' ? (
                        <Button variant="outline" size="sm" disabled={retry.pending} onClick={() => void retry.run({ id: w.id })}>
                          <RotateCcw aria-hidden /> Retry
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader title="Log" description={`What ${data.label} asked and what we sent back: operation, status, time. Bodies are never kept.`} />
        <CardContent className="text-sm">
          {data.log.length === 0 ? (
            <p className="text-slate-600">No calls yet.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Log</caption>
              <thead className="text-xs text-slate-600">
                <tr><th className="py-1">Time</th><th>Direction</th><th>Operation</th><th>Status</th><th>Error</th></tr>
              </thead>
              <tbody>
                {data.log.map((entry) => (
                  <tr key={entry.id} className="border-t border-slate-100">
                    <td className="py-2"><Time value={entry.createdAt} /></td>
                    <td>{entry.direction === 'inbound' ? `${data.label} → us` : `us → ${data.label}`}</td>
                    <td className="font-mono text-xs">{entry.operation}</td>
                    <td>{entry.responseStatus ?? '—'}</td>
                    <td className="text-red-800">{entry.error ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
      {shownWebhookUrl !== null || shownKey !== null ? (
        <IntegrationSecretDialogs label={data.label} shownWebhookUrl={shownWebhookUrl} shownKey={shownKey} onCloseWebhookUrl={() => setShownWebhookUrl(null)} onCloseKey={() => setShownKey(null)} />
      ) : null}
    </>
  );
}

function TestMappings({ ats, overview, campaigns, configs, onError }: { ats: Ats; overview: Overview; campaigns: NamedOption[]; configs: NamedOption[]; onError: (e: ContractError) => void }) {
  const [name, setName] = useState('');
  const [campaignId, setCampaignId] = useState('');
  const [configId, setConfigId] = useState('');
  // Lever: the id of the Lever stage that orders the test (Lever has no test list of its own).
  const [atsStageId, setAtsStageId] = useState('');
  // Lever's own stage list, read on request with the first active integration's Lever key (typing an id works too).
  const leverCredential = ats === 'lever' ? overview.credentials.find((c) => !c.revokedAt && c.hasApiKey) : undefined;
  const [leverStages, setLeverStages] = useState<LeverStage[] | null>(null);
  const [stagesError, setStagesError] = useState<ContractError | null>(null);
  const [stagesLoading, setStagesLoading] = useState(false);
  const loadLeverStages = async () => {
    if (!leverCredential) return;
    setStagesLoading(true);
    try {
      setLeverStages(await (await loadApi()).integrations.leverStages.query({ credentialId: leverCredential.id }));
      setStagesError(null);
    } catch (caught) {
      setStagesError(contractError(caught));
    } finally {
      setStagesLoading(false);
    }
  };
  const create = useApiAction(createTestMapping, {
    onError,
    onSuccess: () => {
      setName('');
      setAtsStageId('');
    },
  });
  const campaignName = (id: string) => campaigns.find((c) => c.id === id)?.name ?? id;
  const configName = (id: string | null) => (id ? (configs.find((c) => c.id === id)?.name ?? id) : 'none');
  return (
    <Card>
      <CardHeader
        title="Tests"
        description={ats === 'lever' ? 'The Lever stages that invite a candidate when an opportunity moves into them, and the interview each one orders here.' : `What ${overview.label} lists as tests, and the interview each one orders here.`}
      />
      <CardContent className="grid gap-4 text-sm">
        {overview.tests.length === 0 ? (
          <EmptyState icon={KeyRound} title="No tests yet" description="Map a test to a campaign: that is what the ATS will offer its recruiters." />
        ) : (
          <ul className="grid gap-2" aria-label="Mapped tests">
            {overview.tests.map((test) => (
              <li key={test.id} className="rounded-md border border-slate-200 px-3 py-2">
                <span className="font-medium">{test.name}</span>
                {test.atsStageId ? <span className="text-slate-600"> (Lever stage <code className="font-mono text-xs">{test.atsStageId}</code>)</span> : null} → {campaignName(test.campaignId)} · configuration: {configName(test.configId)}
                <code className="ml-2 font-mono text-xs text-slate-500">{test.id}</code>
              </li>
            ))}
          </ul>
        )}
        <form
          className="grid gap-3 sm:grid-cols-4 sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void create.run({ ats, name, campaignId, configId: configId || null, ...(ats === 'lever' ? { atsStageId: atsStageId.trim() } : {}) });
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor="mapping-name">Test name</Label>
            <Input id="mapping-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
          </div>
          {ats === 'lever' ? (
            <div className="grid gap-1">
              <Label htmlFor="mapping-lever-stage">Lever stage id</Label>
              <Input id="mapping-lever-stage" list="lever-stages" value={atsStageId} onChange={(e) => setAtsStageId(e.target.value)} required maxLength={200} placeholder="from Lever's stage list" />
              <datalist id="lever-stages">
                {leverStages?.map((stage) => (
                  <option key={stage.id} value={stage.id}>{stage.name}</option>
                ))}
              </datalist>
              {leverCredential ? (
                <Button type="button" variant="ghost" size="sm" disabled={stagesLoading} onClick={() => void loadLeverStages()}>
                  {leverStages ? `${leverStages.length} stages loaded from Lever` : 'Load stages from Lever'}
                </Button>
              ) : null}
              {stagesError ? <p role="alert" className="text-xs text-red-800">{stagesError.message}</p> : null}
            </div>
          ) : null}
          <div className="grid gap-1">
            <Label htmlFor="mapping-campaign">Campaign</Label>
            <select id="mapping-campaign" className={inputClasses} value={campaignId} onChange={(e) => setCampaignId(e.target.value)} required>
              <option value="">Choose a campaign</option>
              {campaigns.map((c) => (
                <option key={c.id} value={c.id}>{c.name}</option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="mapping-config">Configuration</Label>
            <select id="mapping-config" className={inputClasses} value={configId} onChange={(e) => setConfigId(e.target.value)}>
              <option value="">None</option>
              {configs.map((c) => (
                <option key={c.id} value={c.id}>{c.name}</option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={create.pending || !name || !campaignId || (ats === 'lever' && !atsStageId.trim())}>Map test</Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Lever's signature token for one integration: given (or replaced) here once Lever shows it; never shown back. */
function LeverSignatureToken({ credentialId, given, onError }: { credentialId: string; given: boolean; onError: (e: ContractError) => void }) {
  const [value, setValue] = useState('');
  const save = useApiAction(setSigningSecret, { onError, onSuccess: () => setValue('') });
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2 font-sans"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run({ id: credentialId, signingSecret: value.trim() });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`signature-token-${credentialId}`}>{given ? 'Signature token given: replace it' : 'Signature token (from Lever): not given yet'}</Label>
        <Input id={`signature-token-${credentialId}`} type="password" autoComplete="off" value={value} onChange={(e) => setValue(e.target.value)} maxLength={500} />
      </div>
      <Button type="submit" variant="secondary" size="sm" disabled={save.pending || !value.trim()}>Save token</Button>
    </form>
  );
}
