'use client';

import { Providers } from '@/components/trpc/providers';
import { NotesCard } from '../notes/notes-card';

/** Loaded after the profile (candidate-notes.tsx): the notes card with the data layer its hooks need. */
export default function CandidateNotesCard({ candidateId }: { candidateId: string }) {
  return (
    <Providers>
      <NotesCard subjectType="candidate" subjectId={candidateId} className="min-w-0" />
    </Providers>
  );
}
