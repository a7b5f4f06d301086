'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * The header's actions and the watch button are loaded after the page is on screen, each in its own chunk
 * (next/dynamic with ssr: false would do the same, but its fallback gets no props): until then the server's
 * placeholder shows the same buttons disabled. (The decision, review and notes forms are rendered on the server
 * and hydrated, disabled until then: components/ui/form.tsx.)
 */
const loadedOnce = new Map<() => Promise<unknown>, unknown>();

function useLoaded<T>(load: () => Promise<T>, wanted = true): T | null {
  // Once loaded, an island remounted (the watch button is keyed by the state read) appears at once.
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

const loadActions = () => import('./interview-actions').then((m) => m.InterviewActions);
const loadWatch = () => import('./interview-watch-button').then((m) => m.InterviewWatchButton);

/**
 * An island shown as its placeholder until its module is in. `wanted: false` defers the load (the header's actions
 * load only when the status allows one, a completed interview with its report allows none); once loaded it stays,
 * so the outcome of an action that leaves none allowed (a cancellation) is still shown.
 */
function lazyIsland<P extends object>(load: () => Promise<ComponentType<P>>) {
  return function LazyIsland({ placeholder, wanted = true, ...props }: P & { placeholder: ReactNode; wanted?: boolean }) {
    const Loaded = useLoaded(load, wanted);
    return Loaded ? <Loaded {...(props as P)} /> : placeholder;
  };
}

export const LazyInterviewActions = lazyIsland(loadActions);
export const LazyWatchButton = lazyIsland(loadWatch);

/**
 * Rendered while the report is being generated: asks the server for the page again every few seconds, so the
 * scorecard appears by itself (the page has no query to refetch). Gone once the report is ready or failed.
 */
export function RefreshWhilePending({ everyMs = 3000 }: { everyMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
