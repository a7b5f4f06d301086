'use client';

import { Pause, Play } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { turnPositions } from './recording-positions';
import type { Turn } from './use-live-transcript';

const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

type Playback = {
  /** The turn being heard, highlighted in the transcript. */
  playingTurn: number | null;
  setPlayingTurn: (turnNumber: number | null) => void;
  rate: number;
  setRate: (rate: number) => void;
  /** Plays the whole recording from `ms`; null without a whole recording (the turns' own players only). */
  seek: ((ms: number) => void) | null;
  setSeek: (seek: ((ms: number) => void) | null) => void;
};

const PlaybackContext = createContext<Playback | null>(null);

/** One playback speed and one "turn being heard" for the interview page's players and its transcript. */
export function PlaybackProvider({ children }: { children: React.ReactNode }) {
  const [playingTurn, setPlayingTurn] = useState<number | null>(null);
  const [rate, setRate] = useState(1);
  const [seek, setSeekState] = useState<((ms: number) => void) | null>(null);
  // A function in state is set through the updater form, or React would call it.
  const setSeek = useCallback((next: ((ms: number) => void) | null) => setSeekState(() => next), []);
  const value = useMemo(() => ({ playingTurn, setPlayingTurn, rate, setRate, seek, setSeek }), [playingTurn, rate, seek, setSeek]);
  return <PlaybackContext.Provider value={value}>{children}</PlaybackContext.Provider>;
}

export function usePlayback(): Playback {
  const playback = useContext(PlaybackContext);
  if (!playback) throw new Error('usePlayback outside PlaybackProvider');
  return playback;
}

/**
 * The service's own recordings (`/api/audio/:id?expires…&signature…`) are played from the origin the recruiter is
 * on: the signed URL is absolute with APP_URL, which may name another host (a proxy, a test server's port).
 */
export function playableUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://self.invalid');
    return parsed.pathname.startsWith('/api/audio/') ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

/**
 * MediaRecorder's WebM has no duration in its header: Chromium reports Infinity and cannot place a seek. Asking
 * for a position past the end makes it scan to the real end (with range requests) and learn the duration; then
 * back to the start. Runs once the metadata is there, which may be before hydration (the element is in the
 * server's HTML with preload="metadata"), hence an effect rather than React's onLoadedMetadata alone.
 */
function useMediaSetup(ref: React.RefObject<HTMLAudioElement | null>, src: string | null, rate: number) {
  useEffect(() => {
    const el = ref.current;
    if (!el || !src) return;
    const settle = () => {
      if (!Number.isFinite(el.duration)) return;
      el.removeEventListener('durationchange', settle);
      el.currentTime = 0;
    };
    const onMetadata = () => {
      if (Number.isFinite(el.duration)) return;
      el.addEventListener('durationchange', settle);
      el.currentTime = 1e101;
    };
    if (el.readyState >= HTMLMediaElement.HAVE_METADATA) onMetadata();
    else el.addEventListener('loadedmetadata', onMetadata, { once: true });
    return () => {
      el.removeEventListener('loadedmetadata', onMetadata);
      el.removeEventListener('durationchange', settle);
    };
  }, [ref, src]);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = rate;
  }, [ref, rate, src]);
}

export function SpeedSelect() {
  const { rate, setRate } = usePlayback();
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      Speed
      <select
        className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        value={rate}
        onChange={(e) => setRate(Number(e.target.value))}
        data-testid="playback-speed"
      >
        {SPEEDS.map((speed) => (
          <option key={speed} value={speed}>
            {speed}×
          </option>
        ))}
      </select>
    </label>
  );
}

/** The recording of one turn: seekable native controls at the page's speed; playing it highlights the turn. */
export function TurnAudio({ turn, label }: { turn: Turn; label: string }) {
  const { rate, setPlayingTurn, playingTurn } = usePlayback();
  const ref = useRef<HTMLAudioElement>(null);
  useMediaSetup(ref, turn.audioUrl ? playableUrl(turn.audioUrl) : null, rate);
  if (!turn.audioUrl) return null;
  return (
    <audio
      ref={ref}
      controls
      preload="metadata"
      src={playableUrl(turn.audioUrl)}
      className="mt-2 h-9 w-full max-w-md"
      aria-label={label}
      data-testid={`turn-audio-${turn.turnNumber}`}
      onPlay={() => setPlayingTurn(turn.turnNumber)}
      onPause={() => playingTurn === turn.turnNumber && setPlayingTurn(null)}
      onEnded={() => setPlayingTurn(null)}
    >
      <a href={playableUrl(turn.audioUrl)}>{label}</a>
    </audio>
  );
}

/**
 * The whole interview. With a session recording (the interview's `audioUrl`), one player whose position
 * highlights the turn spoken then, and which the transcript's "play from here" buttons seek. Without one, the
 * answers' recordings one after the other, as a playlist, each highlighted while it plays.
 */
export function WholeInterviewPlayer({ audioUrl, turns }: { audioUrl: string | null; turns: Turn[] }) {
  const { rate, setPlayingTurn, setSeek } = usePlayback();
  const ref = useRef<HTMLAudioElement>(null);
  const recorded = useMemo(() => turns.filter((t) => t.audioUrl), [turns]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const offsets = useMemo(() => turnPositions(turns), [turns]);

  useEffect(() => {
    if (!audioUrl) return;
    setSeek((ms: number) => {
      const el = ref.current;
      if (!el) return;
      el.currentTime = ms / 1000;
      // Started by the recruiter's click: playing is allowed.
      void el.play().catch(() => undefined);
    });
    return () => setSeek(null);
  }, [audioUrl, setSeek]);

  const onTimeUpdate = useCallback(
    (e: React.SyntheticEvent<HTMLAudioElement>) => {
      if (!audioUrl) return;
      const t = e.currentTarget.currentTime;
      const current = offsets.filter((o) => o.at <= t).at(-1);
      setPlayingTurn(current?.turnNumber ?? null);
    },
    [audioUrl, offsets, setPlayingTurn],
  );

  const current = audioUrl ? null : (recorded[Math.min(index, recorded.length - 1)] ?? null);
  const source = audioUrl ?? current?.audioUrl ?? null;
  const src = source ? playableUrl(source) : null;
  useMediaSetup(ref, src, rate);
  if (!src) return null;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-3">
        {!audioUrl ? (
          <button
            type="button"
            className={buttonVariants({ variant: 'outline' })}
            onClick={() => {
              const el = ref.current;
              if (!el) return;
              if (el.paused) void el.play();
              else el.pause();
            }}
            data-testid="play-all"
          >
            {playing ? <Pause aria-hidden /> : <Play aria-hidden />} {playing ? 'Pause' : 'Play all answers'}
          </button>
        ) : null}
        <SpeedSelect />
        {current ? (
          <span className="text-sm text-slate-600" aria-live="polite">
            Answer {index + 1} of {recorded.length} (turn {current.turnNumber})
          </span>
        ) : null}
      </div>
      <audio
        ref={ref}
        controls
        preload="metadata"
        src={src}
        className="w-full"
        aria-label={audioUrl ? 'Full recording of the interview' : `Answers in order, now turn ${current!.turnNumber}`}
        data-testid="whole-audio"
        onTimeUpdate={onTimeUpdate}
        onPlay={() => {
          setPlaying(true);
          if (current) setPlayingTurn(current.turnNumber);
        }}
        onPause={() => {
          setPlaying(false);
          setPlayingTurn(null);
        }}
        onEnded={() => {
          if (!audioUrl && index < recorded.length - 1) {
            setIndex(index + 1);
            // The next source loads, then plays: autoplay is allowed after the recruiter's click.
            requestAnimationFrame(() => void ref.current?.play().catch(() => undefined));
          } else {
            setIndex(0);
            setPlaying(false);
            setPlayingTurn(null);
          }
        }}
      >
        <a href={src}>Download the recording</a>
      </audio>
    </div>
  );
}
