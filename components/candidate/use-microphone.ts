'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { readRms } from './voice-activity';

export type MicrophoneState = 'idle' | 'asking' | 'ready' | 'denied' | 'unsupported';

export type Microphone = {
  state: MicrophoneState;
  /** The live level, 0..1, sampled every 50 ms while the microphone is open. */
  level: number;
  /** Asks for the microphone (again after a refusal); resolves to whether it is open. */
  request: () => Promise<boolean>;
  /** The open stream, for MediaRecorder. */
  stream: () => MediaStream | null;
  /** The current RMS level of the input, for voice-activity detection. */
  rms: () => number;
  release: () => void;
};

const METER_INTERVAL_MS = 50;

/**
 * The candidate's microphone: permission, one stream for the whole interview, and an AnalyserNode on it that
 * feeds both the level meter and the voice-activity detection. Asking needs a click (browsers start an
 * AudioContext suspended otherwise), so `request` is called from buttons.
 */
export function useMicrophone(): Microphone {
  const [state, setState] = useState<MicrophoneState>('idle');
  const [level, setLevel] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);
  const contextRef = useRef<AudioContext | null>(null);
  const analyserRef = useRef<AnalyserNode | null>(null);
  const bufferRef = useRef<Float32Array<ArrayBuffer> | null>(null);

  const rms = useCallback(() => (analyserRef.current && bufferRef.current ? readRms(analyserRef.current, bufferRef.current) : 0), []);

  const release = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    void contextRef.current?.close().catch(() => undefined);
    contextRef.current = null;
    analyserRef.current = null;
  }, []);

  const request = useCallback(async () => {
    if (streamRef.current && streamRef.current.getAudioTracks().some((t) => t.readyState === 'live')) {
      await contextRef.current?.resume().catch(() => undefined);
      setState('ready');
      return true;
    }
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined' || typeof AudioContext === 'undefined') {
      setState('unsupported');
      return false;
    }
    setState('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
      const context = new AudioContext();
      await context.resume().catch(() => undefined);
      const analyser = context.createAnalyser();
      analyser.fftSize = 2048;
      context.createMediaStreamSource(stream).connect(analyser);
      streamRef.current = stream;
      contextRef.current = context;
      analyserRef.current = analyser;
      bufferRef.current = new Float32Array(analyser.fftSize);
      setState('ready');
      return true;
    } catch (error) {
      const name = error instanceof DOMException ? error.name : '';
      // NotAllowedError: refused (now or earlier, by the browser's settings); NotFoundError: no microphone at all.
      setState(name === 'NotFoundError' || name === 'NotReadableError' || name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unsupported');
      return false;
    }
  }, []);

  useEffect(() => {
    if (state !== 'ready') return;
    const timer = setInterval(() => setLevel(Math.min(1, rms() * 5)), METER_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [state, rms]);

  useEffect(() => release, [release]);

  return { state, level, request, stream: () => streamRef.current, rms, release };
}
