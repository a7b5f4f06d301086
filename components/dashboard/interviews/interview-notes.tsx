import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';
import { NotesPlaceholder } from './interview-form-placeholders';
import { LazyNotesBody } from './interview-lazy-forms';

type Note = RouterOutputs['notes']['list'][number];
type Teammate = RouterOutputs['notes']['mentionable'][number];

/**
 * Teammates' notes on the interview, newest first, and a form to add one: the list the page read is rendered on
 * the server (the placeholder), then by the notes' island, loaded after the page: the composer and the author's
 * edit/delete call the API and refresh the page. (The shared NotesCard, used by the candidate profile, keeps its own data layer.)
 */
export function InterviewNotes({ interviewId, notes, meId, teammates, canEdit }: { interviewId: string; notes: Note[]; meId: string; teammates: Teammate[]; canEdit: boolean }) {
  const others = teammates.filter((t) => t.id !== meId);
  return (
    <Card aria-labelledby={`notes-title-${interviewId}`}>
      <CardHeader title={<span id={`notes-title-${interviewId}`}>Notes</span>} description="Visible to your teammates. Notes about a candidate are erased with them." />
      <CardContent className="grid gap-4">
        <LazyNotesBody
          interviewId={interviewId}
          notes={notes}
          meId={meId}
          teammates={others}
          canEdit={canEdit}
          placeholder={<NotesPlaceholder interviewId={interviewId} notes={notes} meId={meId} canEdit={canEdit} />}
        />
      </CardContent>
    </Card>
  );
}
