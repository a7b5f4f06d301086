import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';
import { Time } from '../time';
import type { Teammate } from './mention-textarea';
import { EditableNote, NewNoteForm, type NoteSubject } from './note-islands';

type Note = RouterOutputs['notes']['list'][number];

type NotesCardProps = NoteSubject & {
  /** Read on the server by the page: `notes.list` for the subject, newest first. */
  notes: Note[];
  /** The signed-in user (`dashboard.me`): their notes get Edit and Delete. */
  meId: string;
  /** `notes.mentionable` (empty for a viewer, who writes none). The user is left out of the list offered. */
  teammates: Teammate[];
  canEdit: boolean;
  className?: string;
};

/**
 * Teammates' notes on an interview or a candidate, newest first, and a form to add one: one card for every page.
 * The page reads the notes, the user and the teammates on the server, and the card is rendered there; the browser
 * runs small islands only (the composer, the author's Edit and Delete), whose changes go through the API and
 * render the page again (router.refresh). Until hydrated, the forms' controls are disabled (components/ui/form.tsx).
 */
export function NotesCard({ subjectType, subjectId, notes, meId, teammates, canEdit, className }: NotesCardProps) {
  const others = teammates.filter((t) => t.id !== meId);
  return (
    <Card aria-labelledby={`notes-title-${subjectId}`} className={className}>
      <CardHeader title={<span id={`notes-title-${subjectId}`}>Notes</span>} description="Visible to your teammates. Notes about a candidate are erased with them." />
      <CardContent className="grid gap-4">
        {canEdit ? <NewNoteForm subjectType={subjectType} subjectId={subjectId} teammates={others} /> : null}
        {notes.length > 0 ? (
          <ol className="grid gap-3" aria-label="Notes">
            {notes.map((note) => {
              const text = (
                <>
                  {/* Text only: React escapes it, so a note never becomes HTML. */}
                  <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{note.body}</p>
                  {note.mentions.length > 0 ? (
                    <p className="text-xs text-slate-600">
                      Mentioned: {note.mentions.map((m) => <span key={m.id} className="mr-1 rounded bg-brand-50 px-1 text-brand-800">@{m.name ?? m.email}</span>)}
                    </p>
                  ) : null}
                </>
              );
              return (
                <li key={`${note.id}-${String(note.updatedAt)}`} className="grid gap-1 border-b border-slate-100 pb-3 last:border-0 last:pb-0" data-testid="note">
                  <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                    <span className="font-medium text-slate-800">{note.author ? (note.author.name ?? note.author.email) : 'A former member'}</span>
                    <Time value={note.createdAt} />
                    {String(note.updatedAt) !== String(note.createdAt) ? <span>(edited)</span> : null}
                  </p>
                  {canEdit && note.author?.id === meId ? (
                    <EditableNote note={{ id: note.id, body: note.body, createdAt: note.createdAt, mentions: note.mentions }} teammates={others}>
                      {text}
                    </EditableNote>
                  ) : (
                    text
                  )}
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">No notes yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
