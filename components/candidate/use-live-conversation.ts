'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { createWebAudioPlayer, startCapture, type PlaybackStats } from './live-audio';
import { createLiveConnection, toPcm16, type LiveView } from './live-connection';

export type LiveConversation = {
  view: LiveView | null;
  playback: PlaybackStats;
  /** The microphone could not be captured (no AudioWorklet, a refused module): the live conversation cannot run. */
  captureFailed: boolean;
  /** The browser holds the audio until a gesture (Safari after an asynchronous start): `resumeAudio` from a click. */
  audioBlocked: boolean;
  resumeAudio: () => void;
  mute: () => void;
  unmute: () => void;
  pause: () => void;
  resume: () => void;
  repeat: () => void;
  /** A new connection (after a failure, or to take the conversation back from another tab). */
  reconnect: () => void;
};

const NO_PLAYBACK: PlaybackStats = { heardMs: 0, pendingMs: 0, interruptions: 0, level: 0 };
const STATS_INTERVAL_MS = 100;
const AUDIO_CHECK_MS = 1000;

export function liveSocketUrl(token: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/api/invitations/${encodeURIComponent(token)}/live`;
}

/**
 * The live conversation while `stream` (the candidate's microphone) is given: one AudioContext for capture and
 * playback, the protocol client (live-connection.ts), and the playback's figures for the view. Everything is
 * closed when the stream goes, the component unmounts, or `reconnect` starts over.
 */
export function useLiveConversation(token: string, stream: MediaStream | null): LiveConversation {
  const [view, setView] = useState<LiveView | null>(null);
  const [playback, setPlayback] = useState<PlaybackStats>(NO_PLAYBACK);
  const [captureFailed, setCaptureFailed] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [audioBlocked, setAudioBlocked] = useState(false);
  const connectionRef = useRef<ReturnType<typeof createLiveConnection> | null>(null);
  const contextRef = useRef<AudioContext | null>(null);

  useEffect(() => {
    if (!stream) return;
    let closed = false;
    const context = new AudioContext({ latencyHint: 'interactive' });
    contextRef.current = context;
    void context.resume().catch(() => undefined);
    // A context still suspended a moment later waits for a gesture; it says so when it runs.
    const blockedCheck = setTimeout(() => !closed && setAudioBlocked(context.state === 'suspended'), AUDIO_CHECK_MS);
    context.onstatechange = () => !closed && setAudioBlocked(context.state === 'suspended');
    const player = createWebAudioPlayer(context);
    const connection = createLiveConnection({ url: liveSocketUrl(token), player, onChange: (next) => !closed && setView(next) });
    connectionRef.current = connection;
    setView(connection.view());
    setCaptureFailed(false);
    let capture: { stop: () => void } | null = null;
    startCapture(context, stream, (samples) => connection.sendAudio(toPcm16(samples, context.sampleRate)))
      .then((started) => {
        if (closed) started.stop();
        else capture = started;
      })
      .catch(() => {
        if (!closed) setCaptureFailed(true);
      });
    const timer = setInterval(() => {
      const next = player.stats();
      setPlayback((previous) =>
        previous.heardMs === next.heardMs && previous.pendingMs === next.pendingMs && previous.interruptions === next.interruptions && Math.abs(previous.level - next.level) < 0.005 ? previous : next,
      );
    }, STATS_INTERVAL_MS);
    return () => {
      closed = true;
      clearInterval(timer);
      clearTimeout(blockedCheck);
      if (contextRef.current === context) contextRef.current = null;
      capture?.stop();
      connection.close();
      if (connectionRef.current === connection) connectionRef.current = null;
      void context.close().catch(() => undefined);
    };
  }, [token, stream, generation]);

  const call = useCallback((action: 'mute' | 'unmute' | 'pause' | 'resume' | 'repeat') => connectionRef.current?.[action](), []);
  return {
    view,
    playback,
    captureFailed,
    audioBlocked,
    resumeAudio: () => void contextRef.current?.resume().catch(() => undefined),
    mute: () => call('mute'),
    unmute: () => call('unmute'),
    pause: () => call('pause'),
    resume: () => call('resume'),
    repeat: () => call('repeat'),
    reconnect: () => setGeneration((g) => g + 1),
  };
}
