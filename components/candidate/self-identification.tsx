'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { SELF_IDENTIFICATION_COPY } from './self-identification-copy';
import type { CandidateApi } from './candidate-api';
import type { CandidateLanguage } from '@/server/i18n/languages';

type SexAnswer = 'female' | 'male' | 'declined';
type RaceAnswer = keyof (typeof SELF_IDENTIFICATION_COPY)['en']['race'] | 'declined';

/**
 * After a completed interview, in an organization that collects it: the two optional questions of the bias audit,
 * explained first (why, never shown to reviewers nor the AI, kept apart, deleted on request). Reads the session
 * itself, so it asks whatever way the interview ended (thread, live or external agent). Nothing is sent unless
 * the candidate presses "send"; an unanswered question is left unanswered (null), not "declined".
 */
export function SelfIdentificationQuestions({ api, language, organizationName }: { api: CandidateApi; language: CandidateLanguage; organizationName: string }) {
  const copy = SELF_IDENTIFICATION_COPY[language];
  const [prompt, setPrompt] = useState<'ask' | 'answered' | null>(null);
  const [sex, setSex] = useState<SexAnswer | null>(null);
  const [race, setRace] = useState<RaceAnswer | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'skipped' | 'error'>('idle');

  useEffect(() => {
    let cancelled = false;
    void api
      .session()
      .then((result) => {
        if (!cancelled && result.ok) setPrompt(result.body.selfIdentification);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [api]);

  if (prompt !== 'ask') return null;
  if (state === 'saved' || state === 'skipped') {
    return (
      <p role="status" className="cp-muted" data-testid="self-identification-done">
        {state === 'saved' ? copy.thanks : copy.skipped}
      </p>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sex === null && race === null) {
      setState('skipped');
      return;
    }
    setState('saving');
    try {
      const result = await api.selfIdentify({ ...(sex !== null ? { sex } : {}), ...(race !== null ? { raceEthnicity: race } : {}) });
      setState(result.ok ? 'saved' : 'error');
    } catch {
      setState('error');
    }
  }

  return (
    <form className="cp-panel" onSubmit={submit} data-testid="self-identification" aria-labelledby="cp-self-id-title">
      <h3 id="cp-self-id-title">{copy.title}</h3>
      <p>{copy.why(organizationName)}</p>
      <p>{copy.never}</p>
      <p>{copy.apart(organizationName)}</p>
      <p className="cp-muted">{copy.optional}</p>
      <fieldset className="cp-modes">
        <legend>{copy.sexLegend}</legend>
        {(['female', 'male', 'declined'] as const).map((value) => (
          <label key={value} className="cp-mode">
            <input type="radio" name="sex" value={value} checked={sex === value} onChange={() => setSex(value)} />
            <span>{value === 'declined' ? copy.declined : copy.sex[value]}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="cp-modes">
        <legend>{copy.raceLegend}</legend>
        {([...(Object.keys(copy.race) as (keyof typeof copy.race)[]), 'declined'] as const).map((value) => (
          <label key={value} className="cp-mode">
            <input type="radio" name="raceEthnicity" value={value} checked={race === value} onChange={() => setRace(value)} />
            <span>{value === 'declined' ? copy.declined : copy.race[value]}</span>
          </label>
        ))}
      </fieldset>
      <div className="cp-actions">
        <button type="submit" className="cp-button" disabled={state === 'saving'} data-testid="self-identification-submit">
          {state === 'saving' ? copy.saving : copy.submit}
        </button>
        <button type="button" className="cp-link-button" onClick={() => setState('skipped')} data-testid="self-identification-skip">
          {copy.skip}
        </button>
      </div>
      {state === 'error' ? (
        <p className="cp-error" role="alert">
          {copy.error}
        </p>
      ) : null}
    </form>
  );
}
