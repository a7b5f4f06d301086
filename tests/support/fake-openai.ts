import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pcm16Wav } from '@/server/services/audio/wav';
import { int16ToBuffer, readWav, resamplePcm16 } from '@/server/services/live/cascade/resample';
import { runGroup } from './child-processes';
import { createFakeRealtime, type FakeRealtime } from './fake-openai-realtime';

/**
 * The tests' one local OpenAI-compatible server, so the service runs the real `openai` SDK end to end
 * (integration tests, browser specs and the bench share it). It replaces the former fake-llm-server.ts and
 * fake-openai-server.ts and serves everything both did:
 * - POST /v1/chat/completions, plain or streamed (`stream: true`, server-sent `chat.completion.chunk`s then
 *   `data: [DONE]`): an answer evaluation (`response_format` named `answer_evaluation`) that scores every
 *   criterion it is given from the answer's length and quotes the answer's first words; a report summary
 *   (`FAKE_SUMMARY`) otherwise. `setChatMode` overrides it: fixed content, an error status, a delay, or no answer.
 * - POST /v1/audio/transcriptions (multipart): the next queued transcript (`queueTranscripts`), else
 *   `defaultTranscript`; `verbose_json` answers carry `duration` (`transcriptDurationSeconds`, default from size).
 * - POST /v1/audio/speech: a small MP3 (an ID3 header and silent frames), `audio/mpeg`; with `response_format:
 *   'pcm'`, the input spoken by espeak-ng as raw PCM16 24 kHz mono, streamed in chunks (`speechStream`).
 * - GET /v1/models: the models it pretends to serve.
 * - WebSocket /v1/realtime: the OpenAI Realtime protocol (fake-openai-realtime.ts), as `realtime`.
 * Every request is recorded; `failNext(path, n)` makes the next n calls on a path answer 500.
 */

export type FakeOpenAiRequest = { path: string; headers: IncomingHttpHeaders; body: any; raw: Buffer };

/** How chat completions answer (transcription and speech are not affected). */
export type FakeChatMode =
  /** The default evaluation or summary, or the message content `content`, after `delayMs`. */
  | { kind: 'ok'; content?: string; delayMs?: number }
  /** An HTTP error status with an OpenAI-style error body. */
  | { kind: 'status'; status: number }
  /** Never answers (the client's timeout must fire). */
  | { kind: 'hang' };

export type FakeOpenAiPath = '/v1/audio/transcriptions' | '/v1/audio/speech' | '/v1/chat/completions';

export type FakeOpenAi = {
  /** Give as STT_BASE_URL, TTS_BASE_URL and LLM_BASE_URL (ends in /v1, as the OpenAI SDK expects). */
  baseUrl: string;
  requests: FakeOpenAiRequest[];
  setChatMode: (mode: FakeChatMode) => void;
  queueTranscripts: (...texts: string[]) => void;
  setDefaultTranscript: (text: string) => void;
  /** Seconds of speech the transcription reports (null: none, as servers without verbose_json). */
  setTranscriptDuration: (seconds: number | null | undefined) => void;
  /** Evaluations: score given to every criterion (default from the answer's length) and whether to propose a follow-up. */
  setEvaluation: (options: { score?: number; thin?: boolean; followUpQuestion?: string | null }) => void;
  /**
   * The next `times` calls on `path` (only those whose raw body contains `onlyIfBodyContains`, when given) answer 500.
   * The filter keeps a background caller (a report job's summary) from using up failures meant for one request.
   */
  failNext: (path: FakeOpenAiPath, times: number, onlyIfBodyContains?: string) => void;
  /** The realtime endpoint: its options (latencies, VAD), scripted transcripts and recorded sessions. */
  realtime: FakeRealtime;
  /** How `pcm` speech is streamed: bytes per chunk and the pause between chunks (0: as fast as the socket takes). */
  speechStream: { chunkBytes: number; intervalMs: number };
  close: () => Promise<void>;
};

export const FAKE_SUMMARY = 'The candidate answered every question with concrete examples.';
export const FAKE_SPEECH_MP3 = Buffer.concat([Buffer.from('ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'), Buffer.alloc(2048, 0xff)]);
export const FAKE_MODELS = ['gpt-4o-mini', 'whisper-1', 'tts-1', 'gpt-realtime'];

function multipartFields(raw: Buffer, contentType: string): Record<string, string | { filename: string; size: number; type: string }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return {};
  const marker = `--${boundary[1] ?? boundary[2]}`;
  const fields: Record<string, string | { filename: string; size: number; type: string }> = {};
  const text = raw.toString('latin1');
  for (const part of text.split(marker).slice(1, -1)) {
    const [head, ...rest] = part.split('\r\n\r\n');
    const body = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]+)"/.exec(head)?.[1];
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (!name) continue;
    fields[name] = filename !== undefined ? { filename, size: Buffer.byteLength(body, 'latin1'), type: /Content-Type:\s*(\S+)/i.exec(head)?.[1] ?? '' } : body;
  }
  return fields;
}

export type FakeOpenAiState = {
  requests: FakeOpenAiRequest[];
  chatMode: FakeChatMode;
  transcripts: string[];
  defaultTranscript: string;
  durationSeconds: number | null | undefined;
  evaluation: { score?: number; thin?: boolean; followUpQuestion?: string | null };
  failures: Map<string, { times: number; onlyIfBodyContains?: string }>;
  speechStream: { chunkBytes: number; intervalMs: number };
  /** espeak-ng's speech of each text said so far (the same question is said in many tests). */
  speechCache: Map<string, Promise<Buffer>>;
};

export const FAKE_SPEECH_RATE = 24_000;

/**
 * `text` as PCM16 24 kHz mono: espeak-ng's voice (a WAV at 22.05 kHz, resampled), or, without espeak-ng, a tone of
 * 60 ms per character so the length still follows the text.
 */
export async function espeakPcm(text: string, voice = 'en'): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-speech-'));
  try {
    const wav = path.join(dir, 'speech.wav');
    const result = await runGroup('espeak-ng', ['-v', voice, '-w', wav, text], { timeoutMs: 30_000 });
    if (result.code === 0) {
      const { samples, rate } = readWav(readFileSync(wav));
      return int16ToBuffer(resamplePcm16(samples, rate, FAKE_SPEECH_RATE));
    }
  } catch {
    // espeak-ng is not installed: the tone below.
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const tone = new Int16Array(Math.round((FAKE_SPEECH_RATE * 60 * Math.max(1, text.length)) / 1000));
  for (let i = 0; i < tone.length; i++) tone[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / FAKE_SPEECH_RATE));
  return int16ToBuffer(tone);
}

async function streamSpeech(state: FakeOpenAiState, text: string, voice: string, res: ServerResponse): Promise<void> {
  const key = `${voice}\u0000${text}`;
  let speech = state.speechCache.get(key);
  if (!speech) {
    speech = espeakPcm(text);
    state.speechCache.set(key, speech);
  }
  const pcm = await speech;
  // Chunked transfer, as a streaming TTS server answers: the first audio leaves before the last is ready.
  res.writeHead(200, { 'content-type': 'audio/pcm', 'transfer-encoding': 'chunked' });
  const { chunkBytes, intervalMs } = state.speechStream;
  for (let at = 0; at < pcm.length && !res.destroyed; at += chunkBytes) {
    res.write(pcm.subarray(at, at + chunkBytes));
    if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  res.end();
}

/**
 * A question set drafted from a job description (`response_format` named `question_set`): three anchored criteria
 * and four questions that name the job title, so a test can tell the draft came from this request.
 */
export const FAKE_QUESTION_SET_CRITERIA = ['Role knowledge', 'Problem solving', 'Communication'];
function fakeQuestionSet(input: { jobTitle: string }): string {
  const anchors = (label: string) => ({ low: `No concrete example of ${label.toLowerCase()}.`, mid: `A relevant but general example of ${label.toLowerCase()}.`, high: `A specific, measured example of ${label.toLowerCase()} with its outcome.` });
  return JSON.stringify({
    name: `${input.jobTitle} screening`,
    criteria: FAKE_QUESTION_SET_CRITERIA.map((label, i) => ({ label, weight: 3 - i, anchors: anchors(label) })),
    questions: [
      { text: `What draws you to the ${input.jobTitle} role, and what have you done that prepares you for it?`, criterion: 'Role knowledge' },
      { text: 'Tell me about a difficult problem you solved at work. What did you do first?', criterion: 'Problem solving' },
      { text: 'What would you do if two urgent requests arrived at the same time?', criterion: 'Problem solving' },
      { text: 'How would you explain a change of plan to an unhappy customer or colleague?', criterion: 'Communication' },
    ],
  });
}

/** The chat completion's message content for a request, as the default mode computes it. */
function defaultChatContent(state: FakeOpenAiState, body: any): string {
  const format = body?.response_format?.json_schema?.name;
  if (format === 'question_set') return fakeQuestionSet(JSON.parse(body.messages.at(-1).content));
  if (format !== 'answer_evaluation') return JSON.stringify({ summary: FAKE_SUMMARY });
  const input = JSON.parse(body.messages.at(-1).content) as { answer: string; criteria: { key: string }[] };
  const words = input.answer.split(/\s+/).filter(Boolean);
  const { evaluation } = state;
  const score = evaluation.score ?? Math.min(10, Math.max(2, Math.round(words.length / 2)));
  const thin = evaluation.thin ?? words.length < 6;
  return JSON.stringify({
    scores: input.criteria.map((c) => ({ criterion: c.key, score })),
    flags: [],
    rationale: `The candidate said "${words.slice(0, 6).join(' ')}", which addresses the question.`,
    thin,
    followUpQuestion: thin ? (evaluation.followUpQuestion === undefined ? 'Could you give a concrete example?' : evaluation.followUpQuestion) : null,
  });
}

function answerChat(state: FakeOpenAiState, body: any, res: ServerResponse, json: (status: number, value: unknown) => void): void {
  const mode = state.chatMode;
  if (mode.kind === 'hang') return;
  if (mode.kind === 'status') return json(mode.status, { error: { message: 'fake failure', type: 'server_error' } });
  const content = mode.content ?? defaultChatContent(state, body);
  const id = `chatcmpl-fake-${state.requests.length}`;
  const created = Math.floor(Date.now() / 1000);
  const model = body?.model ?? 'unknown';
  const answer = () => {
    if (body?.stream === true) {
      // https://platform.openai.com/docs/api-reference/chat-streaming: chunks of `delta`s, the last with a
      // finish_reason, then `data: [DONE]`.
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: Record<string, unknown>, finish: string | null) =>
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`);
      chunk({ role: 'assistant', content: '' }, null);
      for (const piece of content.match(/\S+\s*/g) ?? []) chunk({ content: piece }, null);
      chunk({}, 'stop');
      res.end('data: [DONE]\n\n');
      return;
    }
    json(200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop', logprobs: null }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  };
  if (mode.delayMs) setTimeout(answer, mode.delayMs);
  else answer();
}

function handleHttp(state: FakeOpenAiState, req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const path = (req.url ?? '').split('?')[0];
    const contentType = req.headers['content-type'] ?? '';
    let body: any = null;
    if (contentType.startsWith('multipart/form-data')) body = multipartFields(raw, contentType);
    else {
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : null;
      } catch {
        body = raw.toString('utf8');
      }
    }
    state.requests.push({ path, headers: req.headers, body, raw });
    const json = (status: number, value: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const failing = state.failures.get(path);
    if (failing && failing.times > 0 && (failing.onlyIfBodyContains === undefined || raw.toString('utf8').includes(failing.onlyIfBodyContains))) {
      state.failures.set(path, { ...failing, times: failing.times - 1 });
      return json(500, { error: { message: 'fake failure', type: 'server_error' } });
    }
    if (req.method === 'GET' && path === '/v1/models') {
      return json(200, { object: 'list', data: FAKE_MODELS.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })) });
    }
    if (req.method !== 'POST') return json(404, { error: { message: 'not found', type: 'invalid_request_error' } });
    if (path === '/v1/audio/transcriptions') {
      const text = state.transcripts.shift() ?? state.defaultTranscript;
      const file = body?.file as { size: number } | undefined;
      const duration = state.durationSeconds === undefined ? Math.max(1, (file?.size ?? 16_000) / 16_000) : state.durationSeconds;
      if (body?.response_format === 'verbose_json' && duration !== null) return json(200, { task: 'transcribe', language: body?.language ?? 'en', duration, text, segments: [] });
      return json(200, { text });
    }
    if (path === '/v1/audio/speech' && body?.response_format === 'pcm') {
      void streamSpeech(state, String(body?.input ?? ''), String(body?.voice ?? ''), res);
      return;
    }
    if (path === '/v1/audio/speech') {
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(FAKE_SPEECH_MP3.length) }).end(FAKE_SPEECH_MP3);
      return;
    }
    if (path === '/v1/chat/completions') return answerChat(state, body, res, json);
    json(404, { error: { message: 'not found', type: 'invalid_request_error' } });
  });
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const state: FakeOpenAiState = {
    requests: [],
    chatMode: { kind: 'ok' },
    transcripts: [],
    defaultTranscript: 'In my last role I led the migration of our billing system and learnt to explain trade-offs early.',
    durationSeconds: undefined,
    evaluation: {},
    failures: new Map(),
    speechStream: { chunkBytes: 9600, intervalMs: 0 },
    speechCache: new Map(),
  };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => handleHttp(state, req, res));
  const realtime = createFakeRealtime();
  server.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: state.requests,
    setChatMode: (mode) => {
      state.chatMode = mode;
    },
    queueTranscripts: (...texts) => state.transcripts.push(...texts),
    setDefaultTranscript: (text) => {
      state.defaultTranscript = text;
    },
    setTranscriptDuration: (seconds) => {
      state.durationSeconds = seconds;
    },
    setEvaluation: (options) => {
      state.evaluation = options;
    },
    failNext: (path, times, onlyIfBodyContains) => void state.failures.set(path, { times, onlyIfBodyContains }),
    realtime,
    speechStream: state.speechStream,
    close: async () => {
      realtime.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A tiny valid WAV (RIFF/WAVE, 16 kHz mono, `seconds` of silence) for upload tests. */
export function silentWav(seconds = 1): Buffer {
  return pcm16Wav(Buffer.alloc(Math.round(16_000 * seconds) * 2), 16_000);
}
