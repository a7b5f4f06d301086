import { toFile } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { RealtimeClientEvent, RealtimeResponse, RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { log } from '@/server/log';
import { openAiClient } from '../../providers/resolve-provider';
import type { CascadeConfig } from '../realtime-config';
import type { RealtimeSession } from '../realtime-provider';
import { Downsampler24To16, wavFile } from './resample';
import { quotedText, SentenceSplitter, splitSentences } from './sentences';
import { DEFAULT_TURN_DETECTION, SileroVadStream, SpeechSegmenter, VAD_SAMPLE_RATE, type TurnDetection } from './silero-vad';

/**
 * The cascaded live pipeline for self-hosted stacks, behind the same `RealtimeSession` as the speech-to-speech
 * relay: it takes the OpenAI Realtime client events the conversation sends and answers with the server events a
 * Realtime model would, from parts that each speak an ordinary OpenAI-compatible API through the `openai` SDK.
 *
 * In: `input_audio_buffer.append` (PCM16 24 kHz) → 16 kHz → Silero VAD (silero-vad.ts) → `speech_started` /
 * `speech_stopped` (after the session's `silence_duration_ms`) / `committed`, then the utterance (with its prefix
 * padding) to `/audio/transcriptions` → `conversation.item.input_audio_transcription.completed`, in the order
 * spoken.
 * Out: `response.create` → the text between `"""` in its instructions (the service decides every sentence,
 * live-instructions.ts) or, with none, a streamed `/chat/completions` reply; each sentence to `/audio/speech`
 * (`response_format: 'pcm'`, 24 kHz PCM16) as soon as it is complete, its audio streamed back as
 * `response.output_audio.delta` in order, first sentence first; `response.cancel` aborts every request.
 */

const OUTPUT_RATE = 24_000;
/** Audio deltas of at most 100 ms: the page starts playing before a long sentence has arrived. */
const MAX_DELTA_BYTES = (OUTPUT_RATE * 2) / 10;
/** An utterance longer than this is cut and transcribed (a candidate speaking for two minutes without a pause). */
const MAX_UTTERANCE_MS = 120_000;
/** At most this many earlier messages go to the language model as context. */
const CONTEXT_MESSAGES = 40;

type Utterance = { itemId: string; startMs: number; startSample: number; chunks: Int16Array[]; samples: number };

type Response = {
  id: string;
  itemId: string;
  abort: AbortController;
  transcript: string;
  /** Each sentence said and where its audio starts in the response (for a truncate). */
  sentences: { text: string; startMs: number }[];
  audioMs: number;
  status: 'in_progress' | 'completed' | 'cancelled' | 'failed';
};

export function openCascadeSession(config: CascadeConfig): RealtimeSession {
  return new CascadeSession(config).handle();
}

class CascadeSession {
  private readonly eventListeners: ((event: RealtimeServerEvent) => void)[] = [];
  private readonly closeListeners: ((reason: string) => void)[] = [];
  private closed = false;
  /** Aborts the transcriptions in flight when the conversation ends. */
  private readonly lifetime = new AbortController();
  private counter = 0;
  private vad: SileroVadStream | null = null;
  private readonly downsampler = new Downsampler24To16();
  private segmenter: SpeechSegmenter;
  private detection: TurnDetection;
  private instructions = '';
  private voice: string;
  private language: string | undefined;
  /** Appended audio not yet through the detector, processed one chunk after another. */
  private input: Promise<void> = Promise.resolve();
  /** The last `prefixPaddingMs` of 16 kHz audio before speech (what the detector needed to be sure). */
  private prefix: Int16Array[] = [];
  private prefixSamples = 0;
  /** Samples (16 kHz) kept since the stream began: the prefix window ends there. */
  private keptSamples = 0;
  private utterance: Utterance | null = null;
  /** Transcriptions complete in the order spoken, whatever order the server answers in. */
  private transcriptions: Promise<void> = Promise.resolve();
  private response: Response | null = null;
  private readonly context: { role: 'user' | 'assistant'; text: string; response?: Response }[] = [];
  /** Bumped by `input_audio_buffer.clear`: audio queued before it is dropped. */
  private generation = 0;

  constructor(private readonly config: CascadeConfig) {
    this.detection = { ...DEFAULT_TURN_DETECTION, silenceDurationMs: config.silenceMs };
    this.segmenter = new SpeechSegmenter(this.detection);
    this.voice = config.voice;
  }

  handle(): RealtimeSession {
    const opened = SileroVadStream.create().then((vad) => {
      if (this.closed) throw new Error('closed before it opened');
      this.vad = vad;
      this.emit({ type: 'session.created', event_id: this.eventId(), session: { type: 'realtime', instructions: '' } });
    });
    opened.catch((error) => {
      log.error({ err: error }, 'the voice detector (Silero VAD) could not be loaded; the cascaded live pipeline is unavailable');
      this.close(`failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    return {
      send: (event) => {
        if (!this.closed) this.receive(event);
      },
      onEvent: (listener) => void this.eventListeners.push(listener),
      onClose: (listener) => void this.closeListeners.push(listener),
      opened,
      close: () => this.close('closed by the conversation'),
    };
  }

  private close(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.response?.abort.abort();
    this.lifetime.abort();
    for (const listener of this.closeListeners) listener(reason);
  }

  private eventId(): string {
    return `event_cascade_${++this.counter}`;
  }

  private newId(prefix: string): string {
    return `${prefix}_cascade_${++this.counter}`;
  }

  private emit(event: RealtimeServerEvent): void {
    if (this.closed) return;
    for (const listener of this.eventListeners) listener(event);
  }

  private error(message: string, code: string): void {
    this.emit({ type: 'error', event_id: this.eventId(), error: { type: 'server_error', code, message } });
  }

  private receive(event: RealtimeClientEvent): void {
    switch (event.type) {
      case 'session.update':
        return this.updateSession(event);
      case 'input_audio_buffer.append': {
        const bytes = Buffer.from(event.audio, 'base64');
        const generation = this.generation;
        this.input = this.input.then(() => (generation === this.generation ? this.detect(bytes) : undefined)).catch((error) => {
          log.error({ err: error }, 'voice detection failed on a chunk of the candidate audio');
        });
        return;
      }
      case 'input_audio_buffer.commit':
        this.input = this.input.then(() => this.commit(this.segmenter.positionMs));
        return;
      case 'input_audio_buffer.clear':
        this.generation += 1;
        this.utterance = null;
        this.prefix = [];
        this.prefixSamples = 0;
        this.downsampler.reset();
        this.segmenter.reset();
        this.vad?.reset();
        // The detector's unfinished frame was dropped with it: positions continue from the last whole frame.
        this.keptSamples = msToSamples(this.segmenter.positionMs);
        this.emit({ type: 'input_audio_buffer.cleared', event_id: this.eventId() });
        return;
      case 'conversation.item.create': {
        const item = event.item;
        if (item.type === 'message' && (item.role === 'user' || item.role === 'assistant')) {
          const text = item.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : 'transcript' in part && typeof part.transcript === 'string' ? part.transcript : '')).join(' ').trim();
          if (text) this.remember(item.role, text);
        }
        return;
      }
      case 'conversation.item.truncate':
        // What was not heard is not kept as context: the reply becomes the sentences whose audio had started by
        // audio_end_ms (TTS gives no word timings), and the Realtime protocol's acknowledgement follows.
        this.truncate(event.item_id, event.audio_end_ms);
        this.emit({ type: 'conversation.item.truncated', event_id: this.eventId(), item_id: event.item_id, content_index: event.content_index, audio_end_ms: event.audio_end_ms });
        return;
      case 'response.create':
        return this.respond(event.response?.instructions);
      case 'response.cancel':
        if (this.response && this.response.status === 'in_progress') this.finish(this.response, 'cancelled');
        return;
      default:
        this.error(`${event.type} is not supported by the cascaded pipeline`, 'unsupported_event');
    }
  }

  private updateSession(event: Extract<RealtimeClientEvent, { type: 'session.update' }>): void {
    const session = event.session;
    if (session.type === 'realtime') {
      if (typeof session.instructions === 'string') this.instructions = session.instructions;
      const input = session.audio?.input;
      const turn = input?.turn_detection;
      if (turn && turn.type === 'server_vad') {
        this.detection = {
          ...this.detection,
          ...(turn.threshold != null ? { threshold: turn.threshold } : {}),
          ...(turn.prefix_padding_ms != null ? { prefixPaddingMs: turn.prefix_padding_ms } : {}),
          ...(turn.silence_duration_ms != null ? { silenceDurationMs: turn.silence_duration_ms } : {}),
        };
        this.segmenter.detection = this.detection;
      }
      if (input?.transcription?.language) this.language = input.transcription.language;
      const voice = session.audio?.output?.voice;
      if (typeof voice === 'string' && voice) this.voice = voice;
    }
    this.emit({ type: 'session.updated', event_id: this.eventId(), session: event.session as Extract<RealtimeServerEvent, { type: 'session.updated' }>['session'] });
  }

  private truncate(itemId: string, audioEndMs: number): void {
    const index = this.context.findIndex((m) => m.response?.itemId === itemId);
    const response = this.context[index]?.response;
    if (!response) return;
    const heard = response.sentences.filter((sentence) => sentence.startMs < audioEndMs).map((sentence) => sentence.text).join(' ');
    if (heard) this.context[index].text = heard;
    else this.context.splice(index, 1);
  }

  private remember(role: 'user' | 'assistant', text: string, response?: Response): void {
    this.context.push({ role, text, response });
    if (this.context.length > CONTEXT_MESSAGES) this.context.splice(0, this.context.length - CONTEXT_MESSAGES);
  }

  // ——— In: voice detection and transcription ———

  private async detect(bytes: Buffer): Promise<void> {
    const vad = this.vad;
    if (!vad || this.closed) return;
    const samples = this.downsampler.push(bytes);
    if (samples.length === 0) return;
    // Samples are kept frame by frame in step with the detector's decisions (a 32 ms frame is 512 samples).
    const probabilities = await vad.push(samples);
    this.keep(samples);
    for (const probability of probabilities) {
      const decision = this.segmenter.next(probability);
      if (decision?.type === 'start') this.startUtterance(decision.atMs);
      else if (decision?.type === 'stop') this.stopUtterance(decision.atMs);
      else if (this.utterance && this.segmenter.positionMs - this.utterance.startMs >= MAX_UTTERANCE_MS) {
        this.stopUtterance(this.segmenter.positionMs);
        this.segmenter.reset();
      }
    }
  }

  /** New audio: into the utterance being spoken, or into the prefix window kept before speech. */
  private keep(samples: Int16Array): void {
    this.keptSamples += samples.length;
    if (this.utterance) {
      this.utterance.chunks.push(samples);
      this.utterance.samples += samples.length;
      return;
    }
    this.prefix.push(samples);
    this.prefixSamples += samples.length;
    // Enough to cover the padding plus the speech the detector needs before it starts an utterance.
    const keepSamples = ((this.detection.prefixPaddingMs + this.detection.minSpeechMs + 200) * VAD_SAMPLE_RATE) / 1000;
    while (this.prefix.length > 1 && this.prefixSamples - this.prefix[0].length >= keepSamples) this.prefixSamples -= this.prefix.shift()!.length;
  }

  private startUtterance(atMs: number): void {
    const startMs = Math.max(0, atMs - this.detection.prefixPaddingMs);
    const itemId = this.newId('item');
    // The audio kept from startMs on (the prefix window ends at keptSamples, maybe past the deciding frame).
    const all = concat(this.prefix);
    const fromSample = Math.max(0, msToSamples(startMs) - (this.keptSamples - all.length));
    const first = all.subarray(Math.min(fromSample, all.length));
    this.utterance = { itemId, startMs, startSample: this.keptSamples - first.length, chunks: [first], samples: first.length };
    this.prefix = [];
    this.prefixSamples = 0;
    this.emit({ type: 'input_audio_buffer.speech_started', event_id: this.eventId(), item_id: itemId, audio_start_ms: Math.round(startMs) });
  }

  private stopUtterance(atMs: number): void {
    const utterance = this.utterance;
    if (!utterance) return;
    this.emit({ type: 'input_audio_buffer.speech_stopped', event_id: this.eventId(), item_id: utterance.itemId, audio_end_ms: Math.round(atMs) });
    this.commit(atMs);
  }

  /** The utterance so far is committed as an input item and transcribed. */
  private commit(atMs: number): void {
    const utterance = this.utterance;
    this.utterance = null;
    if (!utterance || utterance.samples === 0) return;
    this.emit({ type: 'input_audio_buffer.committed', event_id: this.eventId(), item_id: utterance.itemId, previous_item_id: null });
    // The silence after the speech is not sent: only up to the end of speech, plus a little padding.
    const keepSamples = Math.min(utterance.samples, msToSamples(atMs + 200) - utterance.startSample);
    const audio = concat(utterance.chunks).subarray(0, keepSamples);
    const transcript = this.transcribe(audio);
    this.transcriptions = this.transcriptions.then(async () => {
      const text = await transcript;
      if (text === null) {
        this.emit({
          type: 'conversation.item.input_audio_transcription.failed',
          event_id: this.eventId(),
          item_id: utterance.itemId,
          content_index: 0,
          error: { type: 'transcription_error', message: 'The speech-to-text server did not answer' },
        });
        return;
      }
      this.remember('user', text);
      this.emit({
        type: 'conversation.item.input_audio_transcription.completed',
        event_id: this.eventId(),
        item_id: utterance.itemId,
        content_index: 0,
        transcript: text,
        usage: { type: 'duration', seconds: audio.length / VAD_SAMPLE_RATE },
      });
    });
  }

  private async transcribe(audio: Int16Array): Promise<string | null> {
    const { stt } = this.config;
    try {
      const client = openAiClient(stt, { maxRetries: 1 });
      const file = await toFile(wavFile(audio, VAD_SAMPLE_RATE), 'speech.wav', { type: 'audio/wav' });
      const result = await client.audio.transcriptions.create({ file, model: stt.model, ...(this.language ? { language: this.language } : {}) }, { signal: this.lifetime.signal });
      return (result as { text?: string }).text?.trim() ?? '';
    } catch (error) {
      if (this.closed) return null;
      // The SDK's message names the status, never the key.
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the speech-to-text server failed on an utterance');
      return null;
    }
  }

  // ——— Out: the reply, sentence by sentence, as speech ———

  private respond(instructions: string | undefined): void {
    if (this.response?.status === 'in_progress') this.finish(this.response, 'cancelled');
    const response: Response = { id: this.newId('resp'), itemId: this.newId('item'), abort: new AbortController(), transcript: '', sentences: [], audioMs: 0, status: 'in_progress' };
    this.response = response;
    this.emit({ type: 'response.created', event_id: this.eventId(), response: this.describe(response) });
    const quoted = quotedText(instructions);
    const sentences = quoted !== null ? fixedSentences(quoted) : this.generate(instructions ?? '', response.abort.signal);
    this.speak(response, sentences).then(
      () => {
        if (response.status === 'in_progress') this.finish(response, 'completed');
      },
      (error) => {
        if (response.status !== 'in_progress') return;
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the cascaded reply failed');
        this.error('The speech or language model server failed', 'provider_failed');
        this.finish(response, 'failed');
      },
    );
  }

  /** Every sentence's speech is requested as soon as the sentence is known, and played in order. */
  private async speak(response: Response, sentences: AsyncIterable<string>): Promise<void> {
    const speeches: { text: string; audio: Promise<globalThis.Response> }[] = [];
    let next = 0;
    let ended = false;
    let wake = null as (() => void) | null;
    const producer = (async () => {
      try {
        for await (const text of sentences) {
          if (response.status !== 'in_progress') return;
          const audio = this.synthesize(text, response.abort.signal);
          audio.catch(() => {});
          speeches.push({ text, audio });
          wake?.();
        }
      } finally {
        ended = true;
        wake?.();
      }
    })();
    producer.catch(() => {});
    for (;;) {
      if (response.status !== 'in_progress') return;
      if (next >= speeches.length) {
        if (ended) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      const { text, audio } = speeches[next++];
      const spoken = (response.transcript ? ' ' : '') + text;
      response.transcript += spoken;
      response.sentences.push({ text, startMs: response.audioMs });
      this.emit({ type: 'response.output_audio_transcript.delta', event_id: this.eventId(), response_id: response.id, item_id: response.itemId, output_index: 0, content_index: 0, delta: spoken });
      await this.stream(response, await audio);
    }
    await producer;
  }

  private async synthesize(text: string, signal: AbortSignal): Promise<globalThis.Response> {
    const { tts } = this.config;
    const client = openAiClient(tts, { maxRetries: 1 });
    return client.audio.speech.create({ model: tts.model, voice: this.voice, input: text, response_format: 'pcm' }, { signal });
  }

  private async stream(response: Response, speech: globalThis.Response): Promise<void> {
    if (!speech.body) return;
    let carry = Buffer.alloc(0);
    const reader = speech.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (response.status !== 'in_progress') return;
        if (done) break;
        carry = Buffer.concat([carry, Buffer.from(value)]);
        // Whole samples only, in deltas of at most 100 ms.
        while (carry.length >= 2) {
          const size = Math.min(MAX_DELTA_BYTES, carry.length - (carry.length % 2));
          response.audioMs += (size / 2 / OUTPUT_RATE) * 1000;
          this.emit({ type: 'response.output_audio.delta', event_id: this.eventId(), response_id: response.id, item_id: response.itemId, output_index: 0, content_index: 0, delta: carry.subarray(0, size).toString('base64') });
          carry = carry.subarray(size);
        }
      }
    } finally {
      reader.releaseLock();
    }
  }

  /** The language model's reply, streamed, sentence by sentence (for a response.create without a text to say). */
  private async *generate(responseInstructions: string, signal: AbortSignal): AsyncIterable<string> {
    const { llm } = this.config;
    const client = openAiClient(llm, { maxRetries: 1 });
    const system = [this.instructions, responseInstructions].filter(Boolean).join('\n\n');
    const messages: ChatCompletionMessageParam[] = [
      ...(system ? [{ role: 'system' as const, content: system }] : []),
      ...this.context.map((m): ChatCompletionMessageParam => ({ role: m.role, content: m.text })),
    ];
    const stream = await client.chat.completions.create({ model: llm.model, messages, stream: true }, { signal });
    const splitter = new SentenceSplitter();
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) yield* splitter.push(delta);
    }
    yield* splitter.flush();
  }

  private finish(response: Response, status: 'completed' | 'cancelled' | 'failed'): void {
    response.status = status;
    if (status !== 'completed') response.abort.abort();
    if (response.transcript) this.remember('assistant', response.transcript, response);
    this.emit({ type: 'response.done', event_id: this.eventId(), response: this.describe(response) });
  }

  private describe(response: Response): RealtimeResponse {
    return {
      id: response.id,
      object: 'realtime.response',
      status: response.status,
      output_modalities: ['audio'],
      output:
        response.status === 'in_progress'
          ? []
          : [{ id: response.itemId, type: 'message', role: 'assistant', status: response.status === 'completed' ? 'completed' : 'incomplete', content: [{ type: 'output_audio', transcript: response.transcript }] }],
    };
  }
}

async function* fixedSentences(text: string): AsyncIterable<string> {
  yield* splitSentences(text);
}

const msToSamples = (ms: number) => Math.round((ms * VAD_SAMPLE_RATE) / 1000);

function concat(chunks: Int16Array[]): Int16Array {
  if (chunks.length === 1) return chunks[0];
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Int16Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
