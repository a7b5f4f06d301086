'use client';

import { createVoiceActivityDetector } from './voice-activity';

export type RecordingEnd = 'candidate' | 'silence' | 'time-limit';
export type Recorded = { audio: Blob; end: RecordingEnd; durationMs: number };
export type Recording = { stop: () => void; result: Promise<Recorded> };

const TICK_MS = 50;
const PREFERRED_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

/** Opus in WebM where the browser can (Chromium, Firefox), Ogg or MP4 elsewhere (Safari records MP4/AAC). */
export function pickRecordingType(): string | undefined {
  return PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Records one answer from the open microphone until the candidate stops it, voice-activity detection hears the
 * end of the answer, or the time limit passes. `onTick` reports the seconds left and whether speech is heard.
 */
export function recordAnswer(
  stream: MediaStream,
  options: { rms: () => number; timeLimitSeconds: number; onTick: (secondsLeft: number, speaking: boolean) => void },
): Recording {
  const mimeType = pickRecordingType();
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 32_000 } : undefined);
  const chunks: Blob[] = [];
  const vad = createVoiceActivityDetector();
  const startedAt = performance.now();
  let last = startedAt;
  let end: RecordingEnd = 'candidate';
  let timer: ReturnType<typeof setInterval> | undefined;

  const stopWith = (reason: RecordingEnd) => {
    if (recorder.state === 'inactive') return;
    end = reason;
    clearInterval(timer);
    recorder.stop();
  };

  const result = new Promise<Recorded>((resolve, reject) => {
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onerror = () => reject(new Error('recording failed'));
    recorder.onstop = () => {
      clearInterval(timer);
      resolve({ audio: new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }), end, durationMs: performance.now() - startedAt });
    };
  });

  recorder.start(1000);
  timer = setInterval(() => {
    const now = performance.now();
    // Timers are throttled in background tabs: feed the detector the time that really passed.
    const state = vad.push(options.rms(), now - last);
    last = now;
    const left = Math.max(0, Math.ceil(options.timeLimitSeconds - (now - startedAt) / 1000));
    options.onTick(left, state.speaking);
    if (state.ended) stopWith('silence');
    else if (left <= 0) stopWith('time-limit');
  }, TICK_MS);

  return { stop: () => stopWith('candidate'), result };
}

/**
 * The whole conversation as the microphone heard it, from the first question to the end, recorded beside the
 * answers (a second MediaRecorder on the same stream). `finish` stops it and gives the audio.
 */
export function recordSession(stream: MediaStream): { finish: () => Promise<Blob | null> } {
  const mimeType = pickRecordingType();
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 32_000 } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.start(5000);
  return {
    finish: () =>
      new Promise((resolve) => {
        if (recorder.state === 'inactive') return resolve(null);
        recorder.onstop = () => resolve(chunks.length ? new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }) : null);
        recorder.onerror = () => resolve(null);
        recorder.stop();
      }),
  };
}
