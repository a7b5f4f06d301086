/**
 * The live conversation's audio in the browser (Web Audio, no React): the microphone to 20 ms Float32 frames
 * through an AudioWorklet, and the interviewer's PCM16 24 kHz chunks played back to back. The protocol client
 * (live-connection.ts) only sees `LivePlayer` and the frames it is given.
 */
import { LIVE_SAMPLE_RATE, type LivePlayer } from './live-connection';

/** Where the worklet module is served (public/, same origin: the page's CSP allows no other script source). */
export const CAPTURE_WORKLET_URL = '/live-capture-worklet.js';
const FRAME_MS = 20;
/** How far ahead of the clock a chunk is scheduled when nothing is queued (absorbs the main thread's jitter). */
const LEAD_SECONDS = 0.04;

export type PlaybackStats = {
  /** Milliseconds of the interviewer's audio the candidate has heard (played to the end, or until a stop). */
  heardMs: number;
  /** Milliseconds still queued. */
  pendingMs: number;
  /** Stops that cut audio still to be heard (barge-in, pause, a dropped connection). */
  interruptions: number;
  /** The output's RMS level now, 0..1 (an AnalyserNode on the playback graph). */
  level: number;
};

export type WebAudioPlayer = LivePlayer & { stats: () => PlaybackStats };

/**
 * Plays PCM16 mono 24 kHz chunks gaplessly: each is scheduled at the end of the previous one (or just ahead of the
 * clock after an underrun); `stop` stops every scheduled source at once and forgets the queue.
 */
export function createWebAudioPlayer(context: AudioContext): WebAudioPlayer {
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  analyser.connect(context.destination);
  const samples = new Float32Array(analyser.fftSize);
  type Scheduled = { node: AudioBufferSourceNode; start: number; end: number };
  const queued = new Set<Scheduled>();
  let nextAt = 0;
  let heardSeconds = 0;
  let interruptions = 0;

  return {
    play(pcm) {
      if (pcm.length === 0) return;
      const buffer = context.createBuffer(1, pcm.length, LIVE_SAMPLE_RATE);
      const channel = buffer.getChannelData(0);
      for (let i = 0; i < pcm.length; i++) channel[i] = pcm[i] / 32768;
      const node = context.createBufferSource();
      node.buffer = buffer;
      node.connect(analyser);
      const start = Math.max(nextAt, context.currentTime + LEAD_SECONDS);
      const entry: Scheduled = { node, start, end: start + buffer.duration };
      node.onended = () => {
        if (queued.delete(entry)) heardSeconds += buffer.duration;
        node.disconnect();
      };
      node.start(start);
      nextAt = entry.end;
      queued.add(entry);
    },
    stop() {
      const now = context.currentTime;
      let cut = false;
      for (const entry of queued) {
        heardSeconds += Math.max(0, Math.min(now, entry.end) - entry.start);
        if (entry.end > now) cut = true;
        entry.node.onended = null;
        try {
          entry.node.stop();
        } catch {
          // Never started (a closed context): nothing to stop.
        }
        entry.node.disconnect();
      }
      queued.clear();
      nextAt = 0;
      if (cut) interruptions++;
    },
    stats() {
      const now = context.currentTime;
      let playing = 0;
      let pending = 0;
      for (const entry of queued) {
        playing += Math.max(0, Math.min(now, entry.end) - entry.start);
        pending += Math.max(0, entry.end - Math.max(now, entry.start));
      }
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const v of samples) sum += v * v;
      return { heardMs: Math.round((heardSeconds + playing) * 1000), pendingMs: Math.round(pending * 1000), interruptions, level: Math.sqrt(sum / samples.length) };
    },
  };
}

/**
 * The microphone's samples in 20 ms frames at the context's rate (convert with toPcm16). The worklet's output is
 * silent and connected only so the graph keeps pulling it.
 */
export async function startCapture(context: AudioContext, stream: MediaStream, onFrame: (samples: Float32Array) => void): Promise<{ stop: () => void }> {
  await context.audioWorklet.addModule(CAPTURE_WORKLET_URL);
  const source = context.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(context, 'live-capture', {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    channelCount: 1,
    channelCountMode: 'explicit',
    processorOptions: { frameSamples: Math.round((context.sampleRate * FRAME_MS) / 1000) },
  });
  const mute = context.createGain();
  mute.gain.value = 0;
  node.port.onmessage = (event: MessageEvent<Float32Array>) => onFrame(event.data);
  source.connect(node).connect(mute).connect(context.destination);
  return {
    stop: () => {
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      mute.disconnect();
    },
  };
}
