import type { RouterInputs } from '@/components/trpc/react';

/** What the server receives: the page's ids, or the list's filter for "all matching". */
export type CandidateSelectionInput = RouterInputs['bulk']['inviteCandidates']['selection'];
export type InterviewSelectionInput = RouterInputs['bulk']['cancelInterviews']['selection'];
