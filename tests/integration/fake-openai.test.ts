import { connect } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmTone } from '../support/fake-openai-realtime';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';

/**
 * The fake's realtime endpoint as the real `openai` SDK sees it (OpenAIRealtimeWS from 'openai/realtime/ws'),
 * checked against OpenAI's Realtime reference (https://platform.openai.com/docs/api-reference/realtime-client-events,
 * …/realtime-server-events): the relay's tests are only as good as this fake's fidelity to the protocol.
 */

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  fake.realtime.options.responseLatencyMs = 20;
  fake.realtime.options.transcriptionLatencyMs = 20;
});
afterAll(async () => {
  await fake?.close();
});

/** The SDK always builds a wss:// URL; a plain-TCP connection lets it reach the fake's http:// base URL. */
const plainTcp = (options: { host?: string | null; hostname?: string | null; port?: number | string | null }) =>
  connect({ host: options.hostname ?? options.host ?? '127.0.0.1', port: Number(options.port) });

async function open() {
  const client = new OpenAI({ apiKey: 'sk-fake-realtime-key', baseURL: fake.baseUrl });
  const rt = new OpenAIRealtimeWS({ model: 'gpt-realtime', options: { createConnection: plainTcp as never } }, client);
  const events: any[] = [];
  rt.on('event', (event) => events.push(event));
  rt.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    rt.socket.once('open', () => resolve());
    rt.socket.once('error', reject);
  });
  const next = async (type: string, after = 0) => {
    for (let i = 0; i < 200; i++) {
      const found = events.slice(after).find((e) => e.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${type} in ${events.map((e) => e.type).join(', ')}`);
  };
  return { rt, events, next };
}

describe('the fake OpenAI server over HTTP', () => {
  it('streams a chat completion and lists its models, through the SDK', async () => {
    const client = new OpenAI({ apiKey: 'sk-fake', baseURL: fake.baseUrl });
    fake.setChatMode({ kind: 'ok', content: 'Streamed words arrive one by one.' });
    try {
      const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], stream: true });
      const pieces: string[] = [];
      for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta?.content ?? '');
      expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
      expect(pieces.join('')).toBe('Streamed words arrive one by one.');
    } finally {
      fake.setChatMode({ kind: 'ok' });
    }
    const models = await client.models.list();
    expect(models.data.map((m) => m.id)).toContain('gpt-realtime');
  });
});

describe('the fake OpenAI server speaks the Realtime protocol to the SDK', () => {
  it('session, server VAD on energy, scripted transcript, a response with audio and its transcript', async () => {
    const { rt, events, next } = await open();
    expect((await next('session.created')).session.model).toBe('gpt-realtime');
    const session = fake.realtime.sessions.at(-1)!;
    expect(session.headers.authorization).toBe('Bearer sk-fake-realtime-key');
    expect(session.url).toBe('/v1/realtime?model=gpt-realtime');

    rt.send({ type: 'session.update', session: { type: 'realtime', instructions: 'Be brief.', audio: { input: { turn_detection: { type: 'server_vad', silence_duration_ms: 200, create_response: false } } } } });
    expect((await next('session.updated')).session.instructions).toBe('Be brief.');

    fake.realtime.queueTranscripts('I led the billing migration.');
    const speech = Buffer.concat([pcmTone(100, 0), pcmTone(400), pcmTone(300, 0)]);
    for (let at = 0; at < speech.length; at += 4800) rt.send({ type: 'input_audio_buffer.append', audio: speech.subarray(at, at + 4800).toString('base64') });
    const started = await next('input_audio_buffer.speech_started');
    expect(started.audio_start_ms).toBe(100);
    const stopped = await next('input_audio_buffer.speech_stopped');
    expect(stopped.item_id).toBe(started.item_id);
    expect((await next('input_audio_buffer.committed')).item_id).toBe(started.item_id);
    const transcript = await next('conversation.item.input_audio_transcription.completed');
    expect(transcript).toMatchObject({ item_id: started.item_id, transcript: 'I led the billing migration.' });
    // create_response: false, so no response until asked.
    expect(events.some((e) => e.type === 'response.created')).toBe(false);

    const mark = events.length;
    rt.send({ type: 'response.create', response: { instructions: 'Say exactly:\n"""\nWhat did you learn from it?\n"""' } });
    const done = await next('response.done', mark);
    expect(done.response.status).toBe('completed');
    expect(done.response.output[0].content[0].transcript).toBe('What did you learn from it?');
    const audio = events.slice(mark).filter((e) => e.type === 'response.output_audio.delta');
    expect(audio.length).toBeGreaterThan(0);
    expect(Buffer.from(audio[0].delta, 'base64').length % 2).toBe(0);
    const captions = events.slice(mark).filter((e) => e.type === 'response.output_audio_transcript.delta').map((e) => e.delta).join('');
    expect(captions).toBe('What did you learn from it?');
    rt.close();
  });

  it('cancels and truncates a response, answers errors without closing', async () => {
    fake.realtime.options.chunkIntervalMs = 30;
    try {
      const { rt, events, next } = await open();
      await next('session.created');
      rt.send({ type: 'response.create', response: { instructions: '"""\nOne two three four five six seven eight nine ten eleven twelve.\n"""' } });
      const first = await next('response.output_audio.delta');
      rt.send({ type: 'response.cancel' });
      const done = await next('response.done');
      expect(done.response.status).toBe('cancelled');
      rt.send({ type: 'conversation.item.truncate', item_id: first.item_id, content_index: 0, audio_end_ms: 50 });
      expect(await next('conversation.item.truncated')).toMatchObject({ item_id: first.item_id, audio_end_ms: 50 });
      rt.send({ type: 'conversation.item.truncate', item_id: first.item_id, content_index: 0, audio_end_ms: 60_000 });
      expect((await next('error')).error.code).toBe('invalid_value');
      const mark = events.length;
      rt.send({ type: 'no.such.event' } as never);
      expect((await next('error', mark)).error.code).toBe('unknown_event');
      rt.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Earlier answer.' }] } });
      expect((await next('conversation.item.added', mark)).item.role).toBe('user');
      rt.close();
    } finally {
      fake.realtime.options.chunkIntervalMs = 0;
    }
  });

  it('refuses a connection without a key, as a real server does', async () => {
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`${fake.baseUrl.replace('http', 'ws')}/realtime?model=gpt-realtime`);
    const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    expect(status).toBe(401);
  });
});
