'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { QuestionSetCardWithData, StagesCardWithData } from './campaign-settings-cards';
import type { ExportControls } from './export-controls';

/*
 * The question set and the pipeline stages are edited in place with forms, the catalog picker and their data layer
 * (React Query); the export streams and counts a download. They load after the page, not with it, with a
 * placeholder meanwhile. Their data comes from the server page as props; after a change they ask for the page
 * again (router.refresh).
 */
function Placeholder({ title }: { title: string }) {
  return (
    <div aria-busy aria-label={`${title}: loading`} role="status" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

export const QuestionSetIsland = dynamic<ComponentProps<typeof QuestionSetCardWithData>>(() => import('./campaign-settings-cards').then((m) => m.QuestionSetCardWithData), {
  ssr: false,
  loading: () => <Placeholder title="Question set" />,
});

export const StagesIsland = dynamic<ComponentProps<typeof StagesCardWithData>>(() => import('./campaign-settings-cards').then((m) => m.StagesCardWithData), {
  ssr: false,
  loading: () => <Placeholder title="Pipeline stages" />,
});

/** The export's controls (format, type, progress): they load after the page, inside the server-rendered card. */
export const ExportIsland = dynamic<ComponentProps<typeof ExportControls>>(() => import('./export-controls').then((m) => m.ExportControls), {
  ssr: false,
  loading: () => <Skeleton className="h-28 w-full" />,
});
