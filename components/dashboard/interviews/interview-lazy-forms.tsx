'use client';

import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { DecisionForm } from './interview-decision-form';
import type { InterviewNotesBody } from './interview-note-islands';
import type { HumanReviewForm } from './interview-review-form';

/**
 * The page's forms are loaded after it is on screen, each in its own chunk (next/dynamic with ssr: false would
 * do the same, but its fallback gets no props): until then the server's placeholder shows the same form with its
 * controls disabled, as a server-rendered form is before hydration (components/ui/form.tsx). The first load
 * carries the display only.
 */
const loadedOnce = new Map<() => Promise<unknown>, unknown>();

function useLoaded<T>(load: () => Promise<T>): T | null {
  // Once loaded, a form remounted (the review form is keyed by the saved review) appears at once.
  const [loaded, setLoaded] = useState<T | null>(() => (loadedOnce.get(load) as T | undefined) ?? null);
  useEffect(() => {
    let current = true;
    void load().then((module) => {
      loadedOnce.set(load, module);
      if (current) setLoaded(() => module);
    });
    return () => {
      current = false;
    };
  }, [load]);
  return loaded;
}

const loadDecision = () => import('./interview-decision-form').then((m) => m.DecisionForm);
const loadReview = () => import('./interview-review-form').then((m) => m.HumanReviewForm);
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
