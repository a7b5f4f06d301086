'use client';

import { trpc } from '@/components/trpc/react';

/** "Greenhouse" (and the test it ordered) when an ATS ordered the interview; "Dashboard or API" otherwise. */
export function InterviewSource({ interviewId }: { interviewId: string }) {
  const source = trpc.integrations.interviewSource.useQuery({ interviewId }, { staleTime: Infinity });
  if (source.isPending) return <span className="text-slate-500">…</span>;
  if (!source.data) return <span data-testid="interview-source">Dashboard or API</span>;
  return (
    <span data-testid="interview-source">
      {source.data.label}
      {source.data.testName ? <span className="text-slate-600"> · {source.data.testName}</span> : null}
    </span>
  );
}
