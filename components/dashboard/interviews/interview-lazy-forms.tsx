'use client';

import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { InterviewActions } from './interview-actions';
import type { DecisionForm } from './interview-decision-form';
import type { InterviewNotesBody } from './interview-note-islands';
import type { HumanReviewForm } from './interview-review-form';
import type { InterviewWatchButton } from './interview-watch-button';

/**
 * The page's forms are loaded after it is on screen, each in its own chunk (next/dynamic with ssr: false would
 * do the same, but its fallback gets no props): until then the server's placeholder shows the same form with its
 * controls disabled, as a server-rendered form is before hydration (components/ui/form.tsx). The header's actions
 * and the watch button load the same way. The first load carries the display only.
 */
const loadedOnce = new Map<() => Promise<unknown>, unknown>();

function useLoaded<T>(load: () => Promise<T>, wanted = true): T | null {
  // Once loaded, a form remounted (the review form is keyed by the saved review) appears at once.
  const [loaded, setLoaded] = useState<T | null>(() => (loadedOnce.get(load) as T | undefined) ?? null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    void load().then((module) => {
      loadedOnce.set(load, module);
      if (current) setLoaded(() => module);
    });
    return () => {
      current = false;
    };
  }, [load, wanted]);
  return loaded;
}

const loadDecision = () => import('./interview-decision-form').then((m) => m.DecisionForm);
const loadReview = () => import('./interview-review-form').then((m) => m.HumanReviewForm);
const loadActions = () => import('./interview-actions').then((m) => m.InterviewActions);
const loadWatch = () => import('./interview-watch-button').then((m) => m.InterviewWatchButton);
const loadNotes = () => import('./interview-note-islands').then((m) => m.InterviewNotesBody);

type WithPlaceholder<P> = P & { placeholder: ReactNode };

export function LazyDecisionForm({ placeholder, ...props }: WithPlaceholder<ComponentProps<typeof DecisionForm>>) {
  const Form = useLoaded(loadDecision);
  return Form ? <Form {...props} /> : placeholder;
}

export function LazyReviewForm({ placeholder, ...props }: WithPlaceholder<ComponentProps<typeof HumanReviewForm>>) {
  const Form = useLoaded(loadReview);
  return Form ? <Form {...props} /> : placeholder;
}

export function LazyNotesBody({ placeholder, ...props }: WithPlaceholder<ComponentProps<typeof InterviewNotesBody>>) {
  const Body = useLoaded(loadNotes);
  return Body ? <Body {...props} /> : placeholder;
}

/**
 * Loaded only when the status allows an action (a completed interview with its report allows none); once loaded it
 * stays, so the outcome of an action that leaves none allowed (a cancellation) is still shown.
 */
export function LazyInterviewActions({ placeholder, wanted, ...props }: WithPlaceholder<ComponentProps<typeof InterviewActions>> & { wanted: boolean }) {
  const Actions = useLoaded(loadActions, wanted);
  return Actions ? <Actions {...props} /> : placeholder;
}

export function LazyWatchButton({ placeholder, ...props }: WithPlaceholder<ComponentProps<typeof InterviewWatchButton>>) {
  const Watch = useLoaded(loadWatch);
  return Watch ? <Watch {...props} /> : placeholder;
}
