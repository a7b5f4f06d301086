import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The realtime half of the tests' fake OpenAI server (tests/support/fake-openai.ts): a speech-to-speech model
 * over WebSocket at `<baseUrl>/realtime?model=…`, speaking the OpenAI Realtime protocol (GA event names, as the
 * `openai` SDK 6.x types them in resources/realtime/realtime.d.ts) well enough for the SDK's `OpenAIRealtimeWS`
 * and the service's relay. References (OpenAI API reference, "Realtime" → client events / server events):
 * https://platform.openai.com/docs/api-reference/realtime-client-events and
 * https://platform.openai.com/docs/api-reference/realtime-server-events
 *
 * What it does, with fixed, configurable latencies (`FakeRealtimeOptions`):
 * - on connect: `session.created`; `session.update` → `session.updated` (the session merged, as sent).
 * - `input_audio_buffer.append` (base64 PCM16, 24 kHz mono): server VAD by energy. A 20 ms window whose RMS is at
 *   least `vadThreshold` starts speech (`input_audio_buffer.speech_started`, with `audio_start_ms` and the user
 *   item's id); `silence_duration_ms` of quiet (the session's `audio.input.turn_detection`, else
 *   `silenceDurationMs`) stops it: `speech_stopped`, `committed`, `conversation.item.added`, then after
 *   `transcriptionLatencyMs` `conversation.item.input_audio_transcription.completed` with the next scripted
 *   transcript (`queueTranscripts`, else `defaultTranscript`). With `turn_detection.create_response` not false,
 *   a response follows, as OpenAI's server VAD does. `speechStarted()` / `speechStopped()` drive the same events
 *   without audio (the "test hook").
 * - `input_audio_buffer.commit` (manual turn end) and `.clear` (`input_audio_buffer.cleared`).
 * - `conversation.item.create` → `conversation.item.added` (kept in the conversation the test can read).
 * - `response.create` → `response.created`, after `responseLatencyMs` the reply as
 *   `response.output_audio_transcript.delta` + `response.output_audio.delta` chunks of `chunkMs` audio each
 *   `chunkIntervalMs` apart, then `response.output_audio.done`, `response.output_audio_transcript.done` and
 *   `response.done` (status `completed`). The reply follows its instructions literally: the text between the
 *   first pair of `"""` in the response's instructions (else the session's), else `defaultReply`.
 * - `response.cancel` → the reply stops; `response.done` with status `cancelled`.
 * - `conversation.item.truncate` → `conversation.item.truncated`, or an `error` when `audio_end_ms` is past the
 *   audio the item has.
 * - anything else, or malformed JSON → `error` (`invalid_request_error`), the connection stays open.
 * Every event received and sent is recorded per connection (`sessions`).
 */

export type FakeRealtimeOptions = {
  /** From `response.create` to the first audio delta. */
  responseLatencyMs: number;
  /** From the committed buffer to the transcription's `completed` event. */
  transcriptionLatencyMs: number;
  /** Audio per `response.output_audio.delta`. */
  chunkMs: number;
  /** Between two deltas (0: as fast as the socket takes them, as OpenAI sends faster than real time). */
  chunkIntervalMs: number;
  /** Milliseconds of reply audio per word of its text (at least 200 ms in all). */
  msPerWord: number;
  /** RMS of a 20 ms PCM16 window that counts as speech. */
  vadThreshold: number;
  /** Silence that ends speech when the session does not set `silence_duration_ms`. */
  silenceDurationMs: number;
  defaultTranscript: string;
  defaultReply: string;
  /**
   * Keep every event in `sessions[i].received` / `.sent` (the default). The bench turns it off: a long run of many
   * conversations would keep all their audio.
   */
  keepEvents?: boolean;
};

/** One event as the fake sent or received it, with the moment (`performance.now()`): the bench's timing source. */
export type FakeRealtimeTrace = { session: FakeRealtimeSession; direction: 'sent' | 'received'; event: any; at: number };

export type FakeRealtimeSession = {
  url: string;
  headers: IncomingHttpHeaders;
  received: any[];
  sent: any[];
  /** The session as last updated. */
  session: Record<string, any>;
  /** Conversation items, in order (user, assistant and created ones). */
  items: { id: string; role: string; text: string; audioMs: number }[];
  closed: boolean;
  /** Test hooks: the VAD's decisions without audio. */
  speechStarted: () => void;
  speechStopped: () => void;
  close: () => void;
};

export type FakeRealtime = {
  options: FakeRealtimeOptions;
  sessions: FakeRealtimeSession[];
  queueTranscripts: (...texts: string[]) => void;
  /** Called with every event sent (just before it is written to the socket) and received (as parsed), when set. */
  onTrace?: (trace: FakeRealtimeTrace) => void;
  /** Answers the upgrade when the path is the realtime one; false otherwise. */
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  close: () => void;
};

export const REALTIME_SAMPLE_RATE = 24_000;

export const DEFAULT_REALTIME_OPTIONS: FakeRealtimeOptions = {
  responseLatencyMs: 50,
  transcriptionLatencyMs: 50,
  chunkMs: 100,
  chunkIntervalMs: 0,
  msPerWord: 60,
  vadThreshold: 500,
  silenceDurationMs: 500,
  defaultTranscript: 'I built the billing service and I kept it running for three years.',
  defaultReply: 'Thank you.',
};

/** PCM16 little-endian mono: a 440 Hz tone of `ms` at `amplitude` (0 for silence). */
export function pcmTone(ms: number, amplitude = 8000, frequency = 440, sampleRate = REALTIME_SAMPLE_RATE): Buffer {
  const samples = Math.round((sampleRate * ms) / 1000);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate)), i * 2);
  return pcm;
}

function rms(pcm: Buffer, from: number, to: number): number {
  let sum = 0;
  let n = 0;
  for (let i = from; i + 1 < to; i += 2) {
    const v = pcm.readInt16LE(i);
    sum += v * v;
    n++;
  }
  return n ? Math.sqrt(sum / n) : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createFakeRealtime(): FakeRealtime {
  const options = { ...DEFAULT_REALTIME_OPTIONS };
  const sessions: FakeRealtimeSession[] = [];
  const transcripts: string[] = [];
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  let ids = 0;
  const id = (prefix: string) => `${prefix}_fake${++ids}`;

  function serve(ws: WebSocket, req: IncomingMessage): void {
    const url = req.url ?? '';
    const model = new URL(url, 'http://x').searchParams.get('model') ?? 'gpt-realtime';
    let session: Record<string, any> = {
      type: 'realtime',
      object: 'realtime.session',
      id: id('sess'),
      model,
      output_modalities: ['audio'],
      instructions: '',
      audio: {
        input: { format: { type: 'audio/pcm', rate: REALTIME_SAMPLE_RATE }, transcription: null, turn_detection: { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: options.silenceDurationMs, create_response: true, interrupt_response: true } },
        output: { format: { type: 'audio/pcm', rate: REALTIME_SAMPLE_RATE }, voice: 'alloy', speed: 1 },
      },
    };
    // Audio of the session so far (ms), the VAD's state and the reply being sent.
    let audioMs = 0;
    let speaking: { itemId: string; startMs: number; quietMs: number } | null = null;
    let pendingItemId = id('item');
    let reply: { responseId: string; itemId: string; cancelled: boolean } | null = null;
    const record: FakeRealtimeSession = {
      url,
      headers: req.headers,
      received: [],
      sent: [],
      get session() {
        return session;
      },
      items: [],
      closed: false,
      speechStarted: () => startSpeech(),
      speechStopped: () => stopSpeech(),
      close: () => ws.close(),
    };
    sessions.push(record);

    const send = (event: Record<string, unknown>) => {
      const full = { event_id: id('event'), ...event };
      if (options.keepEvents !== false) record.sent.push(full);
      fake.onTrace?.({ session: record, direction: 'sent', event: full, at: performance.now() });
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(full));
    };
    const error = (code: string, message: string, eventId?: string) =>
      send({ type: 'error', error: { type: 'invalid_request_error', code, message, param: null, event_id: eventId ?? null } });

    const turnDetection = () => session.audio?.input?.turn_detection as { silence_duration_ms?: number; create_response?: boolean } | null | undefined;

    function startSpeech() {
      if (speaking) return;
      speaking = { itemId: pendingItemId, startMs: audioMs, quietMs: 0 };
      send({ type: 'input_audio_buffer.speech_started', audio_start_ms: audioMs, item_id: speaking.itemId });
    }
    function stopSpeech() {
      if (!speaking) return;
      const { itemId } = speaking;
      speaking = null;
      send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: audioMs, item_id: itemId });
      commit(itemId);
    }
    function commit(itemId: string) {
      const previous = record.items.at(-1)?.id ?? null;
      pendingItemId = id('item');
      send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: previous });
      const item = { id: itemId, role: 'user', text: '', audioMs: 0 };
      record.items.push(item);
      send({ type: 'conversation.item.added', previous_item_id: previous, item: { id: itemId, type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_audio', transcript: null }] } });
      const transcript = transcripts.shift() ?? options.defaultTranscript;
      void sleep(options.transcriptionLatencyMs).then(() => {
        item.text = transcript;
        send({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript, usage: { type: 'duration', seconds: 1 } });
        if (turnDetection() && turnDetection()?.create_response !== false) void respond({});
      });
    }

    function append(audio: Buffer) {
      const window = Math.round((REALTIME_SAMPLE_RATE * 20) / 1000) * 2;
      const silence = turnDetection()?.silence_duration_ms ?? options.silenceDurationMs;
      for (let at = 0; at < audio.length; at += window) {
        const end = Math.min(audio.length, at + window);
        const ms = ((end - at) / 2 / REALTIME_SAMPLE_RATE) * 1000;
        const loud = rms(audio, at, end) >= options.vadThreshold;
        if (!turnDetection()) {
          audioMs += ms;
          continue;
        }
        if (loud && !speaking) startSpeech();
        audioMs += ms;
        if (speaking && !loud) {
          speaking.quietMs += ms;
          if (speaking.quietMs >= silence) stopSpeech();
        } else if (speaking) {
          speaking.quietMs = 0;
        }
      }
    }

    async function respond(response: { instructions?: string }) {
      if (reply && !reply.cancelled) return error('conversation_already_has_active_response', 'Conversation already has an active response');
      const current = { responseId: id('resp'), itemId: id('item'), cancelled: false };
      reply = current;
      const source = response.instructions ?? session.instructions ?? '';
      const text = /"""\s*([\s\S]*?)\s*"""/.exec(source)?.[1] ?? options.defaultReply;
      const words = text.split(/\s+/).filter(Boolean);
      const totalMs = Math.max(200, words.length * options.msPerWord);
      const item = { id: current.itemId, role: 'assistant', text: '', audioMs: 0 };
      record.items.push(item);
      send({ type: 'response.created', response: { id: current.responseId, object: 'realtime.response', status: 'in_progress', output: [] } });
      send({ type: 'response.output_item.added', response_id: current.responseId, output_index: 0, item: { id: current.itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] } });
      await sleep(options.responseLatencyMs);
      const chunks = Math.max(1, Math.ceil(totalMs / options.chunkMs));
      const perChunk = Math.ceil(words.length / chunks);
      for (let i = 0; i < chunks && !current.cancelled; i++) {
        const piece = words.slice(i * perChunk, (i + 1) * perChunk).join(' ');
        const common = { response_id: current.responseId, item_id: current.itemId, output_index: 0, content_index: 0 };
        if (piece) {
          const delta = (item.text ? ' ' : '') + piece;
          item.text += delta;
          send({ type: 'response.output_audio_transcript.delta', ...common, delta });
        }
        const ms = Math.min(options.chunkMs, totalMs - i * options.chunkMs);
        item.audioMs += ms;
        send({ type: 'response.output_audio.delta', ...common, delta: pcmTone(ms, 6000, 330).toString('base64') });
        if (options.chunkIntervalMs) await sleep(options.chunkIntervalMs);
      }
      const status = current.cancelled ? 'cancelled' : 'completed';
      if (!current.cancelled) {
        const common = { response_id: current.responseId, item_id: current.itemId, output_index: 0, content_index: 0 };
        send({ type: 'response.output_audio.done', ...common });
        send({ type: 'response.output_audio_transcript.done', ...common, transcript: item.text });
      }
      send({
        type: 'response.done',
        response: {
          id: current.responseId,
          object: 'realtime.response',
          status,
          status_details: current.cancelled ? { type: 'cancelled', reason: 'client_cancelled' } : null,
          output: [{ id: current.itemId, type: 'message', role: 'assistant', status: current.cancelled ? 'incomplete' : 'completed', content: [{ type: 'output_audio', transcript: item.text }] }],
        },
      });
      if (reply === current) reply = null;
    }

    ws.on('message', (data, isBinary) => {
      let event: any;
      try {
        if (isBinary) throw new Error('binary');
        event = JSON.parse(data.toString());
      } catch {
        return error('invalid_json', 'The event is not JSON');
      }
      if (options.keepEvents !== false) record.received.push(event);
      fake.onTrace?.({ session: record, direction: 'received', event, at: performance.now() });
      switch (event?.type) {
        case 'session.update':
          session = { ...session, ...event.session, audio: { ...session.audio, ...event.session?.audio } };
          return send({ type: 'session.updated', session });
        case 'input_audio_buffer.append':
          return append(Buffer.from(String(event.audio ?? ''), 'base64'));
        case 'input_audio_buffer.commit':
          if (speaking) return stopSpeech();
          return commit(pendingItemId);
        case 'input_audio_buffer.clear':
          speaking = null;
          return send({ type: 'input_audio_buffer.cleared' });
        case 'conversation.item.create': {
          const item = event.item ?? {};
          const itemId = item.id ?? id('item');
          const text = (item.content ?? []).map((c: any) => c.text ?? c.transcript ?? '').join(' ');
          record.items.push({ id: itemId, role: item.role ?? 'user', text, audioMs: 0 });
          return send({ type: 'conversation.item.added', previous_item_id: event.previous_item_id ?? null, item: { ...item, id: itemId, status: 'completed' } });
        }
        case 'response.create':
          return void respond(event.response ?? {});
        case 'response.cancel':
          if (!reply) return error('response_cancel_not_active', 'Cancellation failed: no active response found', event.event_id);
          reply.cancelled = true;
          return;
        case 'conversation.item.truncate': {
          const item = record.items.find((i) => i.id === event.item_id && i.role === 'assistant');
          if (!item) return error('item_not_found', `Item ${event.item_id} not found`, event.event_id);
          if (typeof event.audio_end_ms !== 'number' || event.audio_end_ms > item.audioMs) return error('invalid_value', 'audio_end_ms is past the audio of the item', event.event_id);
          item.audioMs = event.audio_end_ms;
          return send({ type: 'conversation.item.truncated', item_id: item.id, content_index: event.content_index ?? 0, audio_end_ms: event.audio_end_ms });
        }
        default:
          return error('unknown_event', `Unknown event type ${String(event?.type)}`, event?.event_id);
      }
    });
    ws.on('close', () => {
      record.closed = true;
      if (reply) reply.cancelled = true;
    });
    send({ type: 'session.created', session });
  }

  const fake: FakeRealtime = {
    options,
    sessions,
    queueTranscripts: (...texts) => transcripts.push(...texts),
    handleUpgrade: (req, socket, head) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== '/v1/realtime') return false;
      // A real server refuses a missing key with 401 before upgrading.
      if (!/^Bearer \S+/.test(req.headers.authorization ?? '') && !req.headers['api-key']) {
        socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => serve(ws, req));
      return true;
    },
    close: () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
  return fake;
}
