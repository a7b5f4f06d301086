'use client';

import { Check, Link2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { useApiAction } from '@/components/trpc/use-api-action';

/**
 * "Copy invitation link": the candidate's own link (/i/…) of a waiting interview, to paste in a message. The API
 * client loads on the first press (the ranking is rendered on the server); nothing on the page changes, so no refresh.
 */
export function CopyInvitationLink({ interviewId, candidate }: { interviewId: string; candidate: string }) {
  const [copied, setCopied] = useState(false);
  const link = useApiAction((api, id: string) => api.campaigns.invitationLink.mutate({ interviewId: id }), {
    refresh: false,
    onSuccess: async ({ url }) => {
      try {
        await navigator.clipboard.writeText(url);
        setCopied(true);
        toast.success('Invitation link copied');
        setTimeout(() => setCopied(false), 2000);
      } catch {
        // No clipboard (permissions, an insecure origin): show it to copy by hand.
        window.prompt('Copy the invitation link', url);
      }
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      className="h-7 px-2 text-xs"
      onClick={(e) => {
        e.stopPropagation();
        e.preventDefault();
        void link.run(interviewId);
      }}
      disabled={link.pending}
      aria-label={`Copy link to the invitation of ${candidate}`}
      data-testid="copy-invitation-link"
    >
      {copied ? <Check aria-hidden /> : <Link2 aria-hidden />}
      {/* On a phone the icon alone, so that the ranking's Score and Interview columns stay on screen. */}
      <span className="hidden sm:inline">Copy link</span>
    </Button>
  );
}
