import type { RouterOutputs } from '@/components/trpc/react';
import { NotesCard } from '../notes/notes-card';

type Note = RouterOutputs['notes']['list'][number];
type Teammate = RouterOutputs['notes']['mentionable'][number];

/** The interview's notes: the shared card (notes/notes-card.tsx), fed by the page's reads. */
export function InterviewNotes({ interviewId, notes, meId, teammates, canEdit }: { interviewId: string; notes: Note[]; meId: string; teammates: Teammate[]; canEdit: boolean }) {
  return <NotesCard subjectType="interview" subjectId={interviewId} notes={notes} meId={meId} teammates={teammates} canEdit={canEdit} />;
}
