'use client';

import dynamic from 'next/dynamic';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The candidate's notes: writing, editing and @mentions are a form with its own data layer (React Query), so the
 * card loads after the page rather than with it (the profile's first load stays small).
 */
const LazyNotes = dynamic(() => import('./candidate-notes-card'), {
  ssr: false,
  loading: () => (
    <Card className="min-w-0" aria-busy>
      <CardHeader title="Notes" description="Visible to your teammates. Notes about a candidate are erased with them." />
      <CardContent>
        <Skeleton className="h-20 w-full" />
      </CardContent>
    </Card>
  ),
});

export function CandidateNotes({ candidateId }: { candidateId: string }) {
  return <LazyNotes candidateId={candidateId} />;
}
