import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderConfig } from '@/server/services/providers/resolve-provider';
import { startFakeOpenAi, espeakPcm, type FakeOpenAi } from '@/tests/support/fake-openai';
import type { CascadeConfig } from '../realtime-config';
import type { RealtimeSession } from '../realtime-provider';
import { speakInstructions } from '../live-instructions';
import { openCascadeSession } from './cascade-session';
import { splitSentences, SentenceSplitter, quotedText } from './sentences';

/**
 * The cascaded session on its own, against the tests' fake OpenAI server through the real SDK: the Realtime events
 * it answers with for speech in, a fixed text out, a streamed chat reply out, and a cancel.
 */

let fake: FakeOpenAi;
const provider = (kind: ProviderConfig['kind'], model: string): ProviderConfig => ({
  kind,
  baseURL: fake.baseUrl,
  apiKey: `sk-${kind}-test`,
  model,
  voice: kind === 'tts' ? 'alloy' : null,
  timeoutMs: 10_000,
  baseUrlSource: 'environment',
  fetch: undefined,
});

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake?.close());

async function open(): Promise<{ session: RealtimeSession; events: RealtimeServerEvent[]; waitFor: (type: string, count?: number) => Promise<RealtimeServerEvent[]> }> {
  const config: CascadeConfig = { shape: 'cascade', stt: provider('stt', 'whisper-1'), llm: provider('llm', 'fake-model'), tts: provider('tts', 'tts-1'), voice: 'alloy', transcriptionModel: 'whisper-1', silenceMs: 500 };
  const session = openCascadeSession(config);
  const events: RealtimeServerEvent[] = [];
  session.onEvent((event) => events.push(event));
  await session.opened;
  const waitFor = async (type: string, count = 1) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = events.filter((e) => e.type === type);
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`no ${type}; got ${events.map((e) => e.type).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { session, events, waitFor };
}

describe('the cascaded realtime session', { timeout: 30_000 }, () => {
  it('speech in: Silero start and stop, commit, then the transcription of the utterance', async () => {
    const { session, events, waitFor } = await open();
    session.send({ type: 'session.update', session: { type: 'realtime', audio: { input: { transcription: { model: 'whisper-1', language: 'en' }, turn_detection: { type: 'server_vad', silence_duration_ms: 500, prefix_padding_ms: 300, threshold: 0.5 } } } } });
    fake.queueTranscripts('Five years of TypeScript.');
    const silence = Buffer.alloc(24_000 * 2);
    const speech = await espeakPcm('I have five years of TypeScript.');
    for (const part of [silence, speech, silence]) {
      for (let at = 0; at < part.length; at += 4800) session.send({ type: 'input_audio_buffer.append', audio: part.subarray(at, at + 4800).toString('base64') });
    }
    const [done] = await waitFor('conversation.item.input_audio_transcription.completed');
    expect(done).toMatchObject({ transcript: 'Five years of TypeScript.' });
    const types = events.map((e) => e.type).filter((t) => t.startsWith('input_audio_buffer') || t.startsWith('conversation.item.input'));
    expect(types).toEqual(['input_audio_buffer.speech_started', 'input_audio_buffer.speech_stopped', 'input_audio_buffer.committed', 'conversation.item.input_audio_transcription.completed']);
    const started = events.find((e) => e.type === 'input_audio_buffer.speech_started') as { audio_start_ms: number };
    const stopped = events.find((e) => e.type === 'input_audio_buffer.speech_stopped') as { audio_end_ms: number };
    // Speech began after the first second of silence (minus the 300 ms prefix) and lasted about as long as the WAV.
    expect(started.audio_start_ms).toBeGreaterThanOrEqual(600);
    expect(started.audio_start_ms).toBeLessThanOrEqual(1300);
    expect(stopped.audio_end_ms).toBeLessThanOrEqual(1000 + speech.length / 48 + 300);
    const upload = fake.requests.filter((r) => r.path === '/v1/audio/transcriptions').at(-1)!;
    expect(upload.body).toMatchObject({ model: 'whisper-1', language: 'en' });
    session.close();
  });

  it('text out: the quoted text, sentence by sentence, as PCM deltas and transcript deltas, then done', async () => {
    const { session, events, waitFor } = await open();
    const before = fake.requests.length;
    session.send({ type: 'response.create', response: { instructions: speakInstructions('Thank you. Next question: what did you learn?', 'en') } });
    const [done] = await waitFor('response.done');
    expect(done).toMatchObject({ response: { status: 'completed' } });
    const speech = fake.requests.slice(before).filter((r) => r.path === '/v1/audio/speech');
    expect(speech.map((r) => r.body.input)).toEqual(['Thank you.', 'Next question: what did you learn?']);
    expect(speech.every((r) => r.body.response_format === 'pcm')).toBe(true);
    const audio = events.filter((e): e is Extract<RealtimeServerEvent, { type: 'response.output_audio.delta' }> => e.type === 'response.output_audio.delta');
    expect(audio.length).toBeGreaterThan(2);
    expect(audio.every((e) => Buffer.from(e.delta, 'base64').length <= 4800)).toBe(true);
    const transcript = events.filter((e) => e.type === 'response.output_audio_transcript.delta').map((e) => (e as { delta: string }).delta).join('');
    expect(transcript).toBe('Thank you. Next question: what did you learn?');
    session.close();
  });

  it('without a quoted text: the language model streamed, each sentence spoken; cancel stops it', async () => {
    fake.setChatMode({ kind: 'ok', content: 'Of course. Take your time. Tell me when you are ready.' });
    try {
      const { session, waitFor } = await open();
      session.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Can I think?' }] } });
      const before = fake.requests.length;
      session.send({ type: 'response.create', response: { instructions: 'Reassure the candidate.' } });
      const [done] = await waitFor('response.done');
      expect(done).toMatchObject({ response: { status: 'completed' } });
      const calls = fake.requests.slice(before);
      const chat = calls.find((r) => r.path === '/v1/chat/completions')!;
      expect(chat.body.stream).toBe(true);
      expect(chat.body.messages.at(-1)).toEqual({ role: 'user', content: 'Can I think?' });
      expect(calls.filter((r) => r.path === '/v1/audio/speech').map((r) => r.body.input)).toEqual(['Of course.', 'Take your time.', 'Tell me when you are ready.']);

      fake.speechStream.intervalMs = 50;
      session.send({ type: 'response.create', response: { instructions: speakInstructions('A long sentence that takes a while to say, and then some more words.', 'en') } });
      await waitFor('response.output_audio.delta', 1);
      session.send({ type: 'response.cancel' });
      const dones = await waitFor('response.done', 2);
      expect(dones[1]).toMatchObject({ response: { status: 'cancelled' } });
      // Truncated at 0 ms (nothing heard): the language model is not told it was said.
      const cancelledItem = (dones[1] as { response: { output: { id: string }[] } }).response.output[0].id;
      session.send({ type: 'conversation.item.truncate', item_id: cancelledItem, content_index: 0, audio_end_ms: 0 });
      await waitFor('conversation.item.truncated');
      const next = fake.requests.length;
      session.send({ type: 'response.create', response: { instructions: 'Carry on.' } });
      await waitFor('response.done', 3);
      const context = fake.requests.slice(next).find((r) => r.path === '/v1/chat/completions')!.body.messages.map((m: { content: string }) => m.content);
      expect(context).toContain('Of course. Take your time. Tell me when you are ready.');
      expect(context.join(' ')).not.toContain('A long sentence');
      session.close();
    } finally {
      fake.setChatMode({ kind: 'ok' });
      fake.speechStream.intervalMs = 0;
    }
  });
});

describe('sentences', () => {
  it('splits complete sentences, keeps abbreviations and decimals, and streams', () => {
    expect(splitSentences('Hello. I am an AI interviewer; a person decides. Tell me, e.g. about 3.5 years?')).toEqual(['Hello.', 'I am an AI interviewer; a person decides.', 'Tell me, e.g. about 3.5 years?']);
    const splitter = new SentenceSplitter();
    expect(splitter.push('Of cour')).toEqual([]);
    expect(splitter.push('se. Take ')).toEqual(['Of course.']);
    expect(splitter.push('your time!')).toEqual([]);
    expect(splitter.flush()).toEqual(['Take your time!']);
    expect(quotedText(speakInstructions('Say "this".\nAnd that.', 'en'))).toBe('Say "this".\nAnd that.');
    expect(quotedText('No quotes here')).toBeNull();
  });
});
