/**
 * End-of-answer detection from the microphone's energy, frame by frame (an AnalyserNode's time-domain samples,
 * reduced to their RMS). It waits for speech (the level above an adaptive threshold for `minSpeechMs` in total),
 * then ends the answer after `endSilenceMs` of continuous quiet: pauses between words and sentences are shorter
 * than that. The threshold follows the room: three times a slowly tracked noise floor, never below `minRms`.
 *
 * Why energy and not @ricky0123/vad-web's Silero model: see the commit that added this file. In short, the model
 * needs onnxruntime-web's wasm and worklet files served from our origin and a neural network run every 32 ms on
 * the candidate's device (a phone), for a decision — "has the candidate stopped talking?" — that the candidate can
 * also take with a button and that the transcript review corrects anyway.
 */
export type VoiceActivityOptions = {
  /** Speech needed before an answer can end (ms). */
  minSpeechMs?: number;
  /** Quiet after speech that ends the answer (ms). */
  endSilenceMs?: number;
  /** Absolute floor of the speech threshold (RMS of samples in [-1, 1]). */
  minRms?: number;
};

export type VoiceActivityState = { speaking: boolean; heardSpeech: boolean; ended: boolean };

export function createVoiceActivityDetector({ minSpeechMs = 300, endSilenceMs = 1400, minRms = 0.012 }: VoiceActivityOptions = {}) {
  let noiseFloor: number | null = null;
  let speechMs = 0;
  let silenceMs = 0;
  let heardSpeech = false;
  let ended = false;

  return {
    /** Feeds one frame: its RMS level and its duration. */
    push(rms: number, frameMs: number): VoiceActivityState {
      if (ended) return { speaking: false, heardSpeech, ended };
      if (noiseFloor === null) {
        // The first frame calibrates: a room's noise is whatever is there before the candidate speaks.
        noiseFloor = rms;
        return { speaking: false, heardSpeech, ended };
      }
      const threshold = Math.max(minRms, noiseFloor * 3);
      const speaking = rms > threshold;
      if (speaking) {
        speechMs += frameMs;
        silenceMs = 0;
        if (speechMs >= minSpeechMs) heardSpeech = true;
      } else {
        silenceMs += frameMs;
        // The floor tracks quiet frames only, quickly down and slowly up, so speech never raises it much.
        noiseFloor = rms < noiseFloor ? rms : noiseFloor * 0.98 + rms * 0.02;
        if (heardSpeech && silenceMs >= endSilenceMs) ended = true;
      }
      return { speaking, heardSpeech, ended };
    },
  };
}

/** RMS of an AnalyserNode's current time-domain samples. */
export function readRms(analyser: AnalyserNode, buffer: Float32Array<ArrayBuffer>): number {
  analyser.getFloatTimeDomainData(buffer);
  let sum = 0;
  for (const sample of buffer) sum += sample * sample;
  return Math.sqrt(sum / buffer.length);
}
