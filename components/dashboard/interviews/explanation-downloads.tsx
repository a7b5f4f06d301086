'use client';

import { useId, useState } from 'react';
import type { CandidateLanguage } from '@/server/i18n/languages';

/** The languages' names as the (English) dashboard says them. */
const LANGUAGE_LABELS: Record<CandidateLanguage, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
  pt: 'Portuguese',
};

/**
 * CANDIDATE_LANGUAGES, in its order, from the labels' keys (the Record's type makes them complete): not imported,
 * so the page does not carry the languages' own names.
 */
const LANGUAGES = Object.keys(LANGUAGE_LABELS) as CandidateLanguage[];

/**
 * The explanation a candidate may ask for (issue 23): the assessment, the evidence and the decision, as HTML or PDF.
 * In the candidate's own language unless the recruiter picks another (the download's `?language=`).
 */
export function ExplanationDownloads({ interviewId }: { interviewId: string }) {
  const [language, setLanguage] = useState<CandidateLanguage | ''>('');
  const selectId = useId();
  const href = (format: 'html' | 'pdf') =>
    `/api/dashboard/interviews/${encodeURIComponent(interviewId)}/explanation?format=${format}${language ? `&language=${language}` : ''}`;
  const suffix = language ? ` (${LANGUAGE_LABELS[language]})` : '';
  return (
    <div className="grid gap-1.5 border-t border-slate-100 pt-3" data-testid="explanation-downloads">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Explanation for the candidate</h3>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor={selectId} className="text-slate-700">
          Language
        </label>
        <select
          id={selectId}
          value={language}
          onChange={(e) => setLanguage(e.target.value as CandidateLanguage | '')}
          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900"
        >
          <option value="">The candidate’s language</option>
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_LABELS[l]}
            </option>
          ))}
        </select>
        <a href={href('html')} download className="rounded-md border border-slate-200 px-2 py-1 font-medium text-brand-700 hover:bg-brand-50">
          Download HTML{suffix}
        </a>
        <a href={href('pdf')} download className="rounded-md border border-slate-200 px-2 py-1 font-medium text-brand-700 hover:bg-brand-50">
          Download PDF{suffix}
        </a>
      </div>
    </div>
  );
}
