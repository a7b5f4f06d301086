import { Ban, Eye, EyeOff, RefreshCw, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { availableActions } from './available-actions';
import type { ActionsView } from './interview-actions';

/*
 * What the header's buttons look like until their island is in (interview-lazy-forms.tsx): the same buttons,
 * disabled, rendered on the server with no JavaScript of their own. (The page's forms need no placeholder: they are
 * rendered on the server themselves, disabled until hydrated, components/ui/form.tsx.)
 */

/** The header's actions the status allows, disabled until their island is in (none for a completed interview). */
export function ActionsPlaceholder({ view }: { view: ActionsView }) {
  const allowed = availableActions(view);
  return (
    <>
      {allowed.send ? (
        <Button disabled>
          <Send aria-hidden /> Send invitation
        </Button>
      ) : null}
      {allowed.resend ? (
        <Button variant="outline" disabled>
          <RefreshCw aria-hidden /> Resend invitation
        </Button>
      ) : null}
      {allowed.retryReport && view.evaluation ? (
        <Button disabled>
          <RefreshCw aria-hidden /> Regenerate report
        </Button>
      ) : null}
      {allowed.cancel ? (
        <Button variant="outline" disabled className="text-red-700 hover:bg-red-50 hover:text-red-800">
          <Ban aria-hidden /> Cancel interview
        </Button>
      ) : null}
    </>
  );
}

/** The watch toggle as the server read it, disabled until its island is in (no test id: that is the live one's). */
export function WatchPlaceholder({ watching }: { watching: boolean }) {
  return (
    <Button variant="outline" size="icon" aria-label="Watch this interview" aria-pressed={watching} disabled className={watching ? 'border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100' : undefined}>
      {watching ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
    </Button>
  );
}
