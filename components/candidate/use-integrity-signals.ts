'use client';

import { useCallback, useEffect, useRef } from 'react';
import type { CandidateApi } from './candidate-api';

type IntegrityEvent =
  | { id: string; kind: 'page_away'; at: string; durationMs: number }
  | { id: string; kind: 'paste'; at: string; turnNumber: number; characters: number };

/** A shorter absence is not reported (a notification's banner, a click outside the window). Same as the server's. */
const MIN_AWAY_MS = 1000;

const eventId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The integrity signals the page observes while the interview is under way (`active`), told to the candidate in the
 * notice: each time they leave the page (another tab, another window: the page hidden or the window without focus)
 * and for how long, and text pasted into a written answer (how many characters). Facts only: nothing else about the
 * candidate is observed. Events are sent as they happen, each with its own id (a retry is stored once); those the
 * server has not taken yet are sent again with the next one, and when the interview ends.
 */
export function useIntegritySignals(api: CandidateApi, active: boolean, finished: boolean) {
  const queue = useRef<IntegrityEvent[]>([]);
  const sending = useRef(false);

  const flush = useCallback(async () => {
    if (sending.current || queue.current.length === 0) return;
    sending.current = true;
    const batch = queue.current.slice(0, 100);
    try {
      const result = await api.integrity(batch);
      // Taken (or refused for good: a closed interview, a malformed event): never sent again.
      if (result.ok || (result.status >= 400 && result.status < 500 && result.status !== 408 && result.status !== 429)) {
        queue.current = queue.current.filter((e) => !batch.includes(e));
      }
    } catch {
      // Offline: kept for the next event or the end.
    } finally {
      sending.current = false;
    }
  }, [api]);

  const push = useCallback(
    (event: IntegrityEvent) => {
      queue.current.push(event);
      void flush();
    },
    [flush],
  );

  useEffect(() => {
    if (!active) return;
    let awaySince: number | null = null;
    const away = () => document.visibilityState === 'hidden' || !document.hasFocus();
    const check = () => {
      if (away()) {
        awaySince ??= Date.now();
        return;
      }
      if (awaySince === null) return;
      const durationMs = Date.now() - awaySince;
      const at = new Date(awaySince).toISOString();
      awaySince = null;
      if (durationMs >= MIN_AWAY_MS) push({ id: eventId(), kind: 'page_away', at, durationMs });
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('blur', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('blur', check);
      window.removeEventListener('focus', check);
    };
  }, [active, push]);

  useEffect(() => {
    if (finished) void flush();
  }, [finished, flush]);

  const reportPaste = useCallback(
    (turnNumber: number, characters: number) => {
      if (characters > 0) push({ id: eventId(), kind: 'paste', at: new Date().toISOString(), turnNumber, characters });
    },
    [push],
  );
  return { reportPaste };
}
