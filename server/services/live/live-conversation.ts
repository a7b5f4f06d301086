import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { resolveCandidateLocale, type CandidateLanguage } from '@/server/i18n/candidate-locale';
import { log } from '@/server/log';
import type { HistoryDto } from '../turns/turn-schemas';
import { interviewQuestions, interviewerPosition, interviewerProgress, type PlannedQuestion } from '../interviewer/interview-plan';
import { advanceInterviewer, answerQuestion, clientFor } from '../interviewer/run-interviewer';
import { closing, repeatPrefix, sessionInstructions, speakInstructions, welcomeBack } from './live-instructions';
import type { LiveClientMessage, LiveServerEvent } from './live-protocol';
import type { RealtimeConfig } from './realtime-config';
import { openRealtimeSession, type RealtimeSession } from './realtime-provider';

/**
 * One live conversation: the candidate's audio to the speech-to-speech model, the model's audio and both sides'
 * captions back, and every utterance recorded as a turn through the internal routes by the built-in interviewer
 * (`answerQuestion` / `advanceInterviewer`, the same agent client and media token as the other modes). Protocol-
 * neutral: the WebSocket edge (server/http/live-socket.ts) hands it frames and gives it `LiveOutput`.
 *
 * The plan is the server's, never the model's: the history says which question is pending (interview-plan.ts),
 * the model is told the exact words to say, so a question is asked once whatever the model or the candidate
 * says (CONTRACT §13), and a new connection resumes from the history alone (nothing here outlives the socket).
 */

export type LiveOutput = {
  sendJson: (event: LiveServerEvent) => void;
  sendAudio: (pcm: Buffer) => void;
  close: (code: number, reason: string) => void;
};

export type LiveTarget = { orgId: string; interviewId: string };

export type LiveOptions = {
  db: DbExecutor;
  config: RealtimeConfig;
  /** Another provider session (unit tests); the SDK's realtime WebSocket by default. */
  openSession?: (config: RealtimeConfig) => RealtimeSession;
  /** This process served a connection for this interview before: the pending question is said as a resumption. */
  resumed?: boolean;
};

type Speaking = {
  text: string;
  closing: boolean;
  responseId: string | null;
  itemId: string | null;
  firstAudioAt: number | null;
  sentMs: number;
  done: boolean;
  cancelled: boolean;
  caption: string;
};

const PCM_BYTES_PER_MS = (24_000 * 2) / 1000;
const OPEN_TIMEOUT_MS = 10_000;

export class LiveConversation {
  private session: RealtimeSession | null = null;
  private language: CandidateLanguage = 'en';
  private questions: PlannedQuestion[] = [];
  private speaking: Speaking | null = null;
  /** The question turn whose answer the next transcript is; set when the question starts being said. */
  private awaitingAnswer: { turnNumber: number; text: string; planned: string } | null = null;
  private candidateStartedAt: Date | null = null;
  private paused = false;
  private muted = false;
  private ended = false;
  private work: Promise<void> = Promise.resolve();

  constructor(
    private readonly target: LiveTarget,
    private readonly output: LiveOutput,
    private readonly options: LiveOptions,
  ) {}

  /** Opens the provider session, gives it the frame and the conversation so far, and says the pending question. */
  async start(): Promise<void> {
    const client = await clientFor(this.target.interviewId);
    const context = await client.getContext(this.target.interviewId);
    this.language = resolveCandidateLocale(context.candidate.locale).language;
    this.questions = interviewQuestions(context.questions, this.language);
    // The page may have gone while the context was read: then no provider session is opened at all.
    if (this.ended) return;
    const session = (this.options.openSession ?? openRealtimeSession)(this.options.config);
    this.session = session;
    session.onEvent((event) => this.onProviderEvent(event));
    session.onClose((reason) => {
      if (this.ended) return;
      log.warn({ interviewId: this.target.interviewId, reason }, 'the realtime provider closed the live conversation');
      this.fail('PROVIDER_UNAVAILABLE', 'The voice service stopped; reconnect to resume where you were');
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        session.opened,
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), OPEN_TIMEOUT_MS))),
      ]);
    } finally {
      clearTimeout(timer);
    }
    if (this.ended) return;
    const { config } = this.options;
    session.send({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: sessionInstructions({ language: this.language, jobTitle: context.job.title, questions: this.questions, followUpsPerQuestion: getEnv().INTERVIEWER_FOLLOW_UPS ? 1 : 0 }),
        output_modalities: ['audio'],
        audio: {
          input: {
            format: { type: 'audio/pcm', rate: 24_000 },
            transcription: { model: config.transcriptionModel, language: this.language },
            // The server decides when to answer (create_response false) and handles barge-in itself (below).
            turn_detection: { type: 'server_vad', silence_duration_ms: config.silenceMs, prefix_padding_ms: 300, threshold: 0.5, create_response: false, interrupt_response: false },
          },
          output: { format: { type: 'audio/pcm', rate: 24_000 }, voice: config.voice },
        },
      },
    });
    const history = await this.history();
    // The conversation so far, so the model has the context a resumed conversation needs.
    for (const turn of [...history.turns].sort((a, b) => a.turnNumber - b.turnNumber)) {
      session.send({
        type: 'conversation.item.create',
        item:
          turn.role === 'agent'
            ? { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: turn.content }] }
            : { type: 'message', role: 'user', content: [{ type: 'input_text', text: turn.content }] },
      });
    }
    this.output.sendJson({ type: 'ready', language: this.language, questionCount: this.questions.length });
    const resumed = this.options.resumed === true || history.turns.some((t) => t.role === 'candidate');
    await this.continueFrom(history, resumed ? 'resume' : 'ask');
  }

  /** A binary frame from the page: PCM16 24 kHz mono. */
  candidateAudio(pcm: Buffer): void {
    if (this.ended || this.paused || this.muted || !this.session || pcm.length === 0) return;
    this.session.send({ type: 'input_audio_buffer.append', audio: (pcm.length % 2 ? pcm.subarray(0, pcm.length - 1) : pcm).toString('base64') });
  }

  control(message: LiveClientMessage): void {
    if (this.ended || !this.session) return;
    switch (message.type) {
      case 'pause':
        this.paused = true;
        this.session.send({ type: 'input_audio_buffer.clear' });
        this.stopSpeaking();
        this.output.sendJson({ type: 'state', state: 'paused' });
        return;
      case 'resume':
        if (!this.paused) return;
        this.paused = false;
        this.queue(async () => this.continueFrom(await this.history(), 'resume'));
        return;
      case 'mute':
        this.muted = true;
        this.session.send({ type: 'input_audio_buffer.clear' });
        return;
      case 'unmute':
        this.muted = false;
        return;
      case 'repeat':
        if (this.paused) return;
        this.queue(async () => this.continueFrom(await this.history(), 'repeat'));
        return;
    }
  }

  /** The page went away or another connection took over: nothing more is said or recorded from this one. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.session?.close();
  }

  private fail(code: string, message: string): void {
    if (this.ended) return;
    this.output.sendJson({ type: 'error', code, message });
    this.end();
    this.output.close(1011, code);
  }

  /** Steps that read or write the history run one after another. */
  private queue(step: () => Promise<void>): void {
    this.work = this.work
      .then(() => (this.ended ? undefined : step()))
      .catch((error) => {
        log.error({ err: error, interviewId: this.target.interviewId }, 'live conversation step failed');
        this.fail('INTERNAL', 'Something went wrong; reconnect to resume where you were');
      });
  }

  private async history(): Promise<HistoryDto> {
    const client = await clientFor(this.target.interviewId);
    return client.getHistory(this.target.interviewId);
  }

  /** Says what the history calls for: the pending question (as asked, resumed or repeated), or the closing. */
  private async continueFrom(history: HistoryDto, how: 'ask' | 'resume' | 'repeat'): Promise<void> {
    if (this.ended) return;
    if (history.status === 'COMPLETED') return this.say(closing(this.language), true);
    if (history.status !== 'IN_PROGRESS') return this.fail('INVALID_STATE', 'This interview is not in progress');
    const position = interviewerPosition(history.turns, this.questions, { followUps: getEnv().INTERVIEWER_FOLLOW_UPS });
    if (position.step !== 'await-answer') {
      // Left between two steps (an answer recorded, not yet evaluated): move it on, as a reload would.
      await advanceInterviewer(this.options.db, this.target);
      return this.continueFrom(await this.history(), how);
    }
    const question = position.question;
    const progress = interviewerProgress(position, this.questions, false);
    this.output.sendJson({ type: 'progress', questionIndex: Math.min(question.questionIndex + 1, this.questions.length), total: this.questions.length, answered: progress.answered, isFollowUp: question.isFollowUp });
    const planned = question.isFollowUp ? question.text : (this.questions[question.questionIndex]?.text ?? question.text);
    const text =
      how === 'ask' ? question.text : how === 'repeat' ? repeatPrefix(this.language, planned) : welcomeBack(this.language, Math.min(question.questionIndex + 1, this.questions.length), planned);
    this.awaitingAnswer = { turnNumber: question.turnNumber, text: question.text, planned };
    this.say(text, false);
  }

  /** The model says `text` (exactly; speakInstructions). A reply being said is stopped first. */
  private say(text: string, isClosing: boolean): void {
    if (!this.session || this.ended) return;
    this.stopSpeaking();
    this.speaking = { text, closing: isClosing, responseId: null, itemId: null, firstAudioAt: null, sentMs: 0, done: false, cancelled: false, caption: '' };
    this.output.sendJson({ type: 'state', state: 'thinking' });
    this.session.send({ type: 'response.create', response: { instructions: speakInstructions(text, this.language), output_modalities: ['audio'] } });
  }

  /**
   * Barge-in and pause: the page stops its playback at once (`interrupt`), the model stops generating
   * (`response.cancel`) and forgets what the candidate did not hear (`conversation.item.truncate` at the audio
   * played so far, estimated as real-time playback from the first chunk).
   */
  private stopSpeaking(): void {
    const speaking = this.speaking;
    if (!speaking || !this.session) return;
    this.speaking = null;
    speaking.cancelled = true;
    const playedMs = speaking.firstAudioAt === null ? 0 : Math.min(speaking.sentMs, Date.now() - speaking.firstAudioAt);
    const stillPlaying = !speaking.done || playedMs < speaking.sentMs;
    if (!stillPlaying) return;
    this.output.sendJson({ type: 'interrupt' });
    if (!speaking.done) this.session.send({ type: 'response.cancel' });
    // Truncated even when all that was sent has been played: the model may have generated more than it sent.
    if (speaking.itemId) {
      this.session.send({ type: 'conversation.item.truncate', item_id: speaking.itemId, content_index: 0, audio_end_ms: Math.max(0, Math.floor(playedMs)) });
    }
  }

  private onProviderEvent(event: RealtimeServerEvent): void {
    if (this.ended) return;
    const speaking = this.speaking;
    switch (event.type) {
      case 'response.created':
        if (speaking && !speaking.responseId) speaking.responseId = event.response.id ?? null;
        return;
      case 'response.output_audio.delta': {
        if (!speaking || speaking.cancelled || (speaking.responseId && event.response_id !== speaking.responseId)) return;
        const pcm = Buffer.from(event.delta, 'base64');
        speaking.itemId ??= event.item_id;
        if (speaking.firstAudioAt === null) {
          speaking.firstAudioAt = Date.now();
          this.output.sendJson({ type: 'state', state: 'speaking' });
        }
        speaking.sentMs += pcm.length / PCM_BYTES_PER_MS;
        this.output.sendAudio(pcm);
        return;
      }
      case 'response.output_audio_transcript.delta':
        if (!speaking || speaking.cancelled || (speaking.responseId && event.response_id !== speaking.responseId)) return;
        speaking.caption += event.delta;
        this.output.sendJson({ type: 'caption', speaker: 'interviewer', text: speaking.caption, final: false });
        return;
      case 'response.done': {
        if (!speaking || speaking.responseId !== (event.response.id ?? null)) return;
        speaking.done = true;
        this.output.sendJson({ type: 'caption', speaker: 'interviewer', text: speaking.caption || speaking.text, final: true });
        if (speaking.closing) {
          this.output.sendJson({ type: 'state', state: 'ended' });
          this.output.sendJson({ type: 'ended' });
          const remaining = speaking.firstAudioAt === null ? 0 : Math.max(0, speaking.sentMs - (Date.now() - speaking.firstAudioAt));
          this.end();
          setTimeout(() => this.output.close(1000, 'completed'), Math.min(remaining + 250, 30_000)).unref();
          return;
        }
        this.output.sendJson({ type: 'state', state: this.paused ? 'paused' : 'listening' });
        return;
      }
      case 'input_audio_buffer.speech_started':
        this.candidateStartedAt = new Date();
        if (speaking) this.stopSpeaking();
        this.output.sendJson({ type: 'state', state: 'listening' });
        return;
      case 'input_audio_buffer.speech_stopped':
        this.output.sendJson({ type: 'state', state: 'thinking' });
        return;
      case 'conversation.item.input_audio_transcription.completed': {
        const text = event.transcript.trim();
        const startedAt = this.candidateStartedAt;
        this.candidateStartedAt = null;
        if (text === '') {
          this.output.sendJson({ type: 'state', state: 'listening' });
          return;
        }
        this.output.sendJson({ type: 'caption', speaker: 'candidate', text, final: true });
        this.queue(() => this.recordAnswer(text, startedAt));
        return;
      }
      case 'error':
        // The provider's own words about a refused event; never the key (it is not in them).
        log.warn({ interviewId: this.target.interviewId, code: event.error.code, type: event.error.type, message: event.error.message }, 'realtime provider error');
        return;
      default:
        return;
    }
  }

  /**
   * The candidate's utterance is the answer to the question being asked: recorded once (the built-in
   * interviewer's answerQuestion is idempotent and refuses a second answer), evaluated, and the next question or
   * the closing said. An utterance with no question pending (while the answer is being recorded) is a caption only.
   */
  private async recordAnswer(text: string, startedAt: Date | null): Promise<void> {
    const awaiting = this.awaitingAnswer;
    if (!awaiting) return;
    this.awaitingAnswer = null;
    // TODO(integrator): the turn API's startedAt/endedAt (mode13's branch) are not accepted yet; pass
    // `{ startedAt, endedAt: new Date() }` to the candidate turn, and the agent turn's spoken times, once they are.
    void startedAt;
    try {
      await answerQuestion(this.options.db, { ...this.target, questionTurn: awaiting.turnNumber, text, audioUrl: null });
    } catch (error) {
      // Another connection answered first, or the question moved on: the history decides what comes next.
      if (!(error instanceof AppError && (error.appCode === 'CONFLICT' || error.appCode === 'INVALID_STATE'))) throw error;
    }
    await this.continueFrom(await this.history(), 'ask');
  }
}
