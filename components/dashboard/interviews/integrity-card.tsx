import { ShieldQuestion } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { RouterOutputs } from '@/components/trpc/react';

type Signals = RouterOutputs['interviews']['integrity'];

const seconds = (s: number) => (s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);

/**
 * The interview's integrity signals: what the candidate's page and the turns' timings show, as facts with their
 * numbers. Never a score, never a verdict: each has innocent explanations, said on the card, and nothing here is
 * about the candidate's feelings. Rendered on the server with the signals the page read.
 */
export function IntegrityCard({ signals }: { signals: Signals }) {
  return (
    <Card data-testid="integrity-card">
      <CardHeader
        title="Integrity signals"
        description="Facts observed while the candidate took the interview. Not a score: a notification, notes written beforehand or a pause to think explain many."
        action={<ShieldQuestion className="size-4 text-slate-400" aria-hidden />}
      />
      <CardContent className="grid gap-2 text-sm text-slate-800">
          <ul className="grid gap-2">
            <li data-testid="integrity-away">
              {signals.pageAway.count === 0
                ? 'Did not leave the interview page.'
                : `Left the interview page ${signals.pageAway.count} ${signals.pageAway.count === 1 ? 'time' : 'times'}, ${seconds(signals.pageAway.totalSeconds)} in all.`}
            </li>
            {signals.pastedAnswers.length === 0 ? (
              <li data-testid="integrity-pastes">No text pasted into a written answer.</li>
            ) : (
              signals.pastedAnswers.map((p) => (
                <li key={`p${p.turnNumber}`} data-testid="integrity-paste">
                  Pasted {p.characters} characters into the answer at turn {p.turnNumber}
                  {p.pastes > 1 ? ` (${p.pastes} pastes)` : ''}
                  {p.answerCharacters !== null ? `; the answer sent has ${p.answerCharacters} characters.` : '; that answer was not sent.'}
                </li>
              ))
            )}
            {signals.fastAnswers.map((f) => (
              <li key={`f${f.turnNumber}`} data-testid="integrity-fast">
                Answer at turn {f.turnNumber}: {f.characters} characters in {seconds(f.seconds)} ({f.perMinute} {f.channel === 'typed' ? 'characters' : 'words'} a minute), faster than it could be{' '}
                {f.channel === 'typed' ? 'typed' : 'spoken'}.
              </li>
            ))}
            {signals.longSilences.map((s) => (
              <li key={`s${s.turnNumber}`} data-testid="integrity-silence">
                {seconds(s.seconds)} of silence before the answer at turn {s.turnNumber}.
              </li>
            ))}
          </ul>
      </CardContent>
    </Card>
  );
}
