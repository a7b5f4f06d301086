'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { ExportControls } from './export-controls';

/** The export's controls (format, type, progress): they load after the page, inside the server-rendered card. */
export const ExportIsland = dynamic<ComponentProps<typeof ExportControls>>(() => import('./export-controls').then((m) => m.ExportControls), {
  ssr: false,
  loading: () => <Skeleton className="h-28 w-full" />,
});
