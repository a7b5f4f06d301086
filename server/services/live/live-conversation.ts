import type { RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import type { DbExecutor } from '@/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { resolveCandidateLocale, type CandidateLanguage } from '@/server/i18n/candidate-locale';
import { log } from '@/server/log';
import type { HistoryDto } from '../turns/turn-schemas';
import { interviewQuestions, interviewerPosition, interviewerProgress, type PlannedQuestion } from '../interviewer/interview-plan';
import { candidateRequest, processReply, type CandidateRequest } from '../interviewer/candidate-requests';
import type { AgentContextDto } from '../interviews/agent-schemas';
import { advanceInterviewer, answerQuestion, clientFor, type InterviewerOptions } from '../interviewer/run-interviewer';
import { ConversationRecorder } from './conversation-recorder';
import { acknowledgement, closing, repeatPrefix, sessionInstructions, silencePrompt, speakInstructions, welcomeBack } from './live-instructions';
import { isBackChannel, voicedMs } from './live-turn-taking';
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
  kind: 'question' | 'prompt' | 'closing';
  /** The agent turn whose spoken timing this utterance gives (the question said for the first time), else null. */
  turnNumber: number | null;
  responseId: string | null;
  itemId: string | null;
  firstAudioAt: number | null;
  /** Where its first audio is on the recorder's timeline. */
  startPos: number | null;
  sentMs: number;
  done: boolean;
  cancelled: boolean;
  caption: string;
};

/** One stretch of the candidate's speech, as the provider's VAD delimits it (speech_started → speech_stopped). */
type Utterance = {
  itemId: string;
  startedAt: number;
  startPos: number;
  /** The provider's own position of the start (ms of audio appended in its session), when it gave one. */
  audioStartMs: number | null;
  endPos: number | null;
  stoppedAt: number | null;
  /** Began while the interviewer was speaking: a barge-in only if it is real speech. */
  overInterviewer: boolean;
  interrupted: boolean;
  bargeDue: boolean;
  audioMs: number;
  voicedMs: number;
};

/** The candidate's answer being gathered: utterances joined until the patience has passed in silence. */
type PendingAnswer = { texts: string[]; startedAt: number; startPos: number; endPos: number };

const PCM_BYTES_PER_MS = (24_000 * 2) / 1000;
const OPEN_TIMEOUT_MS = 10_000;
/** How long an ended turn waits for a transcript the provider has not delivered. */
const TRANSCRIPT_WAIT_MS = 5_000;

export class LiveConversation {
  private session: RealtimeSession | null = null;
  private recorder: ConversationRecorder | null = null;
  /** The history the conversation last continued from: the next answer is checked against it, not a read. */
  private known: HistoryDto | null = null;
  private language: CandidateLanguage = 'en';
  private questions: PlannedQuestion[] = [];
  private speaking: Speaking | null = null;
  /** The question turn whose answer the next transcript is; set when the question starts being said. */
  /** The interview's context, read once per connection and given to the interviewer on every answer. */
  private context: AgentContextDto | undefined;
  private awaitingAnswer: { turnNumber: number; text: string; planned: string } | null = null;
  private utterances = new Map<string, Utterance>();
  private current: Utterance | null = null;
  /** Utterances ended whose transcript has not arrived: the answer is not complete before they are in. */
  private untranscribed = new Set<string>();
  private pendingAnswer: PendingAnswer | null = null;
  /** When the candidate's speech last stopped (an answer's utterance): the patience counts from there. */
  private lastStoppedAt: number | null = null;
  /** The patience has passed: the turn is over, the answer is recorded as soon as its transcripts are in. */
  private turnEnded = false;
  private patienceTimer: NodeJS.Timeout | null = null;
  private bargeTimer: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  /** 0: the next long silence gets the gentle prompt; 1: it was given, the next one pauses the interview. */
  private silenceStage: 0 | 1 = 0;
  private paused = false;
  private muted = false;
  private ended = false;
  private work: Promise<void> = Promise.resolve();
  private timingWrites: Promise<void> = Promise.resolve();
  private readonly turnTaking = (() => {
    const env = getEnv();
    return {
      patienceMs: env.LIVE_PATIENCE_MS,
      bargeInMs: env.LIVE_BARGE_IN_MS,
      promptMs: env.LIVE_SILENCE_PROMPT_MS,
      pauseMs: env.LIVE_SILENCE_PAUSE_MS,
      flushMs: env.LIVE_RECORDING_FLUSH_MS,
      followUps: env.LIVE_FOLLOW_UPS,
    };
  })();

  constructor(
    private readonly target: LiveTarget,
    private readonly output: LiveOutput,
    private readonly options: LiveOptions,
  ) {}

  /** Opens the provider session, gives it the frame and the conversation so far, and says the pending question. */
  async start(): Promise<void> {
    const client = await clientFor(this.target.interviewId);
    const recorder = new ConversationRecorder(this.options.db, this.target, this.turnTaking.flushMs);
    // Held before it opens, so that end() closes it whatever happens next (its periodic write stops with it).
    this.recorder = recorder;
    // The recording's segment starts after what is stored (an earlier connection's final write waited for).
    const [context] = await Promise.all([client.getContext(this.target.interviewId), recorder.open()]);
    this.context = context;
    this.language = context.language ?? resolveCandidateLocale(context.candidate.locale).language;
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
        instructions: sessionInstructions({ language: this.language, jobTitle: context.job.title, questions: this.questions, followUpsPerQuestion: this.turnTaking.followUps ? 1 : 0 }),
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
    this.forgetLostOffsets(history);
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
    const even = pcm.length % 2 ? pcm.subarray(0, pcm.length - 1) : pcm;
    this.session.send({ type: 'input_audio_buffer.append', audio: even.toString('base64') });
    this.recorder?.candidate(even);
    const utterance = this.current;
    if (utterance?.overInterviewer && !utterance.interrupted) {
      utterance.audioMs += even.length / PCM_BYTES_PER_MS;
      utterance.voicedMs += voicedMs(even);
      if (utterance.bargeDue) this.checkBargeIn(utterance);
    }
  }

  control(message: LiveClientMessage): void {
    if (this.ended || !this.session) return;
    switch (message.type) {
      case 'pause':
        this.pause();
        return;
      case 'resume':
        if (!this.paused) return;
        this.paused = false;
        this.recorder?.resume();
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
    this.clearTimers();
    this.session?.close();
    // An answer gathered but still inside its patience when the page went: recorded, not lost (no next question
    // is said here; the next connection continues from the history).
    const pending = this.pendingAnswer;
    const awaiting = this.awaitingAnswer;
    this.pendingAnswer = null;
    if (pending && awaiting) {
      this.recorder?.cover(pending.endPos);
      void answerQuestion(this.options.db, { ...this.target, questionTurn: awaiting.turnNumber, text: pending.texts.join(' '), audioUrl: null, timing: this.answerTiming(pending) }, this.interviewerOptions()).catch(
        (error) => log.warn({ err: error, interviewId: this.target.interviewId }, 'the answer given before the page went could not be recorded'),
      );
    }
    void this.recorder?.close();
  }

  /**
   * The candidate's pause, or the interview's own after a long silence: nothing is heard or said until 'resume'.
   * An answer being gathered is recorded (what was said is kept); the pause is cut out of the recording.
   */
  private pause(reason?: 'silence'): void {
    if (!this.session || this.paused) return;
    this.paused = true;
    this.clearTimers();
    this.session.send({ type: 'input_audio_buffer.clear' });
    this.stopSpeaking();
    this.current = null;
    this.untranscribed.clear();
    if (this.pendingAnswer) this.commitAnswer();
    this.turnEnded = false;
    this.lastStoppedAt = null;
    this.recorder?.pause();
    this.output.sendJson(reason ? { type: 'state', state: 'paused', reason } : { type: 'state', state: 'paused' });
  }

  private clearTimers(): void {
    for (const timer of [this.patienceTimer, this.bargeTimer, this.silenceTimer]) if (timer) clearTimeout(timer);
    this.patienceTimer = this.bargeTimer = this.silenceTimer = null;
  }

  /**
   * A connection before this one may have recorded turns whose audio was never written (its instance was killed
   * between two writes of the recording): their offsets would point past the stored audio, so they are cleared.
   */
  private forgetLostOffsets(history: HistoryDto): void {
    const stored = this.recorder?.base ?? 0;
    const lost = history.turns.filter((t) => t.offsetMs !== null && t.offsetMs + (t.durationMs ?? 0) > stored + 1);
    if (lost.length === 0) return;
    void (async () => {
      const client = await clientFor(this.target.interviewId);
      for (const turn of lost) await client.updateTurn(this.target.interviewId, turn.turnNumber, { offsetMs: null, durationMs: null });
    })().catch((error) => log.warn({ err: error, interviewId: this.target.interviewId }, 'could not clear offsets past the stored recording'));
  }

  private fail(code: string, message: string): void {
    if (this.ended) return;
    this.output.sendJson({ type: 'error', code, message });
    this.end();
    this.output.close(1011, code);
  }

  private interviewerOptions(): InterviewerOptions {
    return { followUps: this.turnTaking.followUps, context: this.context };
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
  private async continueFrom(history: HistoryDto, how: 'ask' | 'resume' | CandidateRequest): Promise<void> {
    if (this.ended) return;
    this.known = history;
    if (history.status === 'COMPLETED') return this.say(closing(this.language), 'closing', null);
    if (history.status !== 'IN_PROGRESS') return this.fail('INVALID_STATE', 'This interview is not in progress');
    const position = interviewerPosition(history.turns, this.questions, { followUps: this.turnTaking.followUps });
    if (position.step !== 'await-answer') {
      // Left between two steps (an answer recorded, not yet evaluated): move it on, as a reload would.
      await advanceInterviewer(this.options.db, this.target, this.interviewerOptions());
      return this.continueFrom(await this.history(), how);
    }
    const question = position.question;
    const progress = interviewerProgress(position, this.questions, false);
    this.output.sendJson({ type: 'progress', questionIndex: Math.min(question.questionIndex + 1, this.questions.length), total: this.questions.length, answered: progress.answered, isFollowUp: question.isFollowUp });
    const planned = question.isFollowUp ? question.text : (this.questions[question.questionIndex]?.text ?? question.text);
    const questionNumber = Math.min(question.questionIndex + 1, this.questions.length);
    const text = {
      // After an answer, a word of acknowledgement first (the turn itself is the question alone).
      ask: () => (question.turnNumber > 1 ? `${acknowledgement(this.language, question.turnNumber)} ${question.text}` : question.text),
      repeat: () => repeatPrefix(this.language, planned),
      process: () => `${processReply(this.language, { questionNumber, total: this.questions.length })} ${repeatPrefix(this.language, planned)}`,
      resume: () => welcomeBack(this.language, questionNumber, planned),
    }[how]();
    this.awaitingAnswer = { turnNumber: question.turnNumber, text: question.text, planned };
    // The turn's spoken timing is the first saying that is in the recording (a repetition or resumption keeps it).
    const unplaced = history.turns.find((t) => t.turnNumber === question.turnNumber)?.offsetMs == null;
    this.say(text, 'question', unplaced ? question.turnNumber : null);
  }

  /** The model says `text` (exactly; speakInstructions). A reply being said is stopped first; nothing is said while paused. */
  private say(text: string, kind: Speaking['kind'], turnNumber: number | null): void {
    if (!this.session || this.ended || (this.paused && kind !== 'closing')) return;
    this.stopSpeaking();
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.speaking = { text, kind, turnNumber, responseId: null, itemId: null, firstAudioAt: null, startPos: null, sentMs: 0, done: false, cancelled: false, caption: '' };
    this.output.sendJson({ type: 'state', state: 'thinking' });
    this.session.send({ type: 'response.create', response: { instructions: speakInstructions(text, this.language), output_modalities: ['audio'] } });
  }

  /**
   * The interviewer's utterance as heard (first audio sent → end of its audio, or where it was cut): the agent
   * turn's startedAt/endedAt and its place in the recording, through the turn PATCH route. Not queued behind the
   * answer being recorded: after the last answer the interview is finalized and turns no longer change.
   */
  private recordSpoken(speaking: Speaking, heardMs: number): void {
    if (speaking.turnNumber === null || speaking.firstAudioAt === null || speaking.startPos === null || !this.recorder) return;
    const durationMs = Math.max(0, Math.round(heardMs));
    this.recorder.cover(speaking.startPos + durationMs);
    const patch = {
      startedAt: new Date(speaking.firstAudioAt).toISOString(),
      endedAt: new Date(speaking.firstAudioAt + durationMs).toISOString(),
      offsetMs: Math.round(this.recorder.base + speaking.startPos),
      durationMs,
    };
    const { interviewId } = this.target;
    // In order: a question cut after its response was done is patched twice, the cut last.
    this.timingWrites = this.timingWrites
      .then(async () => (await clientFor(interviewId)).updateTurn(interviewId, speaking.turnNumber!, patch))
      .then(
        () => undefined,
        (error) => log.warn({ err: error, interviewId, turnNumber: speaking.turnNumber }, 'could not record when the question was spoken'),
      );
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
    if (speaking.startPos !== null) this.recorder?.cutInterviewer(speaking.startPos + playedMs);
    this.recordSpoken(speaking, playedMs);
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
        const at = this.recorder?.interviewer(pcm) ?? null;
        speaking.startPos ??= at;
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
        this.recordSpoken(speaking, speaking.sentMs);
        if (speaking.kind === 'closing') {
          this.output.sendJson({ type: 'state', state: 'ended' });
          this.output.sendJson({ type: 'ended' });
          const remaining = speaking.firstAudioAt === null ? 0 : Math.max(0, speaking.sentMs - (Date.now() - speaking.firstAudioAt));
          this.end();
          setTimeout(() => this.output.close(1000, 'completed'), Math.min(remaining + 250, 30_000)).unref();
          return;
        }
        if (!this.current) this.output.sendJson({ type: 'state', state: this.paused ? 'paused' : 'listening' });
        // The question has been said: the silence that follows is counted once its audio has played.
        const playing = speaking.firstAudioAt === null ? 0 : Math.max(0, speaking.sentMs - (Date.now() - speaking.firstAudioAt));
        if (speaking.kind === 'question') this.silenceStage = 0;
        this.armSilence(playing + (this.silenceStage === 0 ? this.turnTaking.promptMs : this.turnTaking.pauseMs));
        return;
      }
      case 'input_audio_buffer.speech_started':
        return this.speechStarted(event.item_id, event.audio_start_ms);
      case 'input_audio_buffer.speech_stopped':
        return this.speechStopped(event.item_id, event.audio_end_ms);
      case 'conversation.item.input_audio_transcription.completed':
        return this.transcribed(event.item_id, event.transcript.trim());
      case 'conversation.item.input_audio_transcription.failed':
        return this.transcribed(event.item_id, '');
      case 'error':
        // The provider's own words about a refused event; never the key (it is not in them).
        log.warn({ interviewId: this.target.interviewId, code: event.error.code, type: event.error.type, message: event.error.message }, 'realtime provider error');
        return;
      default:
        return;
    }
  }

  private isPlaying(speaking: Speaking | null): speaking is Speaking {
    if (!speaking || speaking.cancelled) return false;
    if (!speaking.done) return true;
    return speaking.firstAudioAt !== null && Date.now() - speaking.firstAudioAt < speaking.sentMs;
  }

  /**
   * The candidate starts speaking. Over the interviewer it is a barge-in only once it is real speech: it lasted
   * LIVE_BARGE_IN_MS with voiced audio (a cough is over before), or its transcript is more than a back-channel.
   */
  private speechStarted(itemId: string, audioStartMs: number | undefined): void {
    if (this.paused || !this.recorder) return;
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceStage = 0;
    if (this.patienceTimer) clearTimeout(this.patienceTimer);
    this.patienceTimer = null;
    const overInterviewer = this.isPlaying(this.speaking);
    // The candidate goes on after the turn was taken as over (its transcripts not yet in): it is not over.
    if (!overInterviewer) this.turnEnded = false;
    const utterance: Utterance = {
      itemId,
      startedAt: Date.now(),
      startPos: this.recorder.candidatePosition(audioStartMs),
      audioStartMs: typeof audioStartMs === 'number' ? audioStartMs : null,
      endPos: null,
      stoppedAt: null,
      overInterviewer,
      interrupted: false,
      bargeDue: false,
      audioMs: 0,
      voicedMs: 0,
    };
    this.current = utterance;
    this.utterances.set(itemId, utterance);
    if (!overInterviewer) {
      this.output.sendJson({ type: 'state', state: 'listening' });
      return;
    }
    if (this.bargeTimer) clearTimeout(this.bargeTimer);
    const due = () => {
      utterance.bargeDue = true;
      this.checkBargeIn(utterance);
    };
    if (this.turnTaking.bargeInMs === 0) return due();
    this.bargeTimer = setTimeout(due, this.turnTaking.bargeInMs);
  }

  /**
   * Speech over the interviewer that has lasted long enough: stopped, unless the audio that came with it is mostly
   * quiet (a noise the provider's VAD took for speech), then checked again as more audio arrives. Without audio
   * (the VAD's word only), its duration decides.
   */
  private checkBargeIn(utterance: Utterance): void {
    if (utterance !== this.current || utterance.interrupted) return;
    if (utterance.audioMs >= 100 && utterance.voicedMs < Math.min(100, this.turnTaking.bargeInMs)) return;
    this.bargeIn(utterance);
  }

  private bargeIn(utterance: Utterance): void {
    utterance.interrupted = true;
    if (this.bargeTimer) clearTimeout(this.bargeTimer);
    if (!this.isPlaying(this.speaking)) return;
    this.stopSpeaking();
    this.output.sendJson({ type: 'state', state: 'listening' });
  }

  private speechStopped(itemId: string, audioEndMs: number | undefined): void {
    const utterance = this.utterances.get(itemId) ?? this.current;
    if (!utterance || !this.recorder) return;
    if (this.current === utterance) this.current = null;
    if (this.bargeTimer && !utterance.interrupted) clearTimeout(this.bargeTimer);
    // The provider's end includes the silence its VAD waited for; the speech ended that much earlier.
    const silence = this.options.config.silenceMs;
    const end = typeof audioEndMs === 'number' && audioEndMs - silence > (utterance.audioStartMs ?? -Infinity) ? audioEndMs - silence : audioEndMs;
    utterance.endPos = Math.max(utterance.startPos, this.recorder.candidatePosition(end));
    utterance.stoppedAt = Date.now();
    this.untranscribed.add(utterance.itemId);
    // Speech that may be only a back-channel over the interviewer waits for its transcript to count.
    if (utterance.overInterviewer && !utterance.interrupted) return;
    this.lastStoppedAt = utterance.stoppedAt;
    this.schedulePatience();
  }

  /**
   * A transcript of one utterance. Over the interviewer and only a back-channel ("uh-huh"): neither a barge-in nor
   * an answer. Otherwise it joins the answer being gathered, which is recorded once the patience has passed in
   * silence (LIVE_PATIENCE_MS from the end of the speech) and every transcript is in: a pause to think does not end
   * the answer.
   */
  private transcribed(itemId: string, text: string): void {
    if (this.paused) return;
    const utterance = this.utterances.get(itemId) ?? null;
    this.utterances.delete(itemId);
    this.untranscribed.delete(itemId);
    if (text === '' || (utterance?.overInterviewer && !utterance.interrupted && isBackChannel(text))) {
      if (text !== '') this.output.sendJson({ type: 'caption', speaker: 'candidate', text, final: true });
      if (!this.pendingAnswer && this.untranscribed.size === 0 && !this.turnEnded && this.awaitingAnswer && !this.current && !this.isPlaying(this.speaking)) {
        this.armSilence(this.turnTaking.promptMs);
      }
      return this.settle();
    }
    if (utterance?.overInterviewer && !utterance.interrupted) this.bargeIn(utterance);
    this.output.sendJson({ type: 'caption', speaker: 'candidate', text, final: true });
    if (!this.awaitingAnswer) return this.settle();
    const now = Date.now();
    const startPos = utterance?.startPos ?? this.recorder?.positionNow() ?? 0;
    const endPos = utterance?.endPos ?? this.recorder?.positionNow() ?? startPos;
    const startedAt = utterance?.startedAt ?? now;
    const pending = (this.pendingAnswer ??= { texts: [], startedAt, startPos, endPos });
    pending.texts.push(text);
    pending.endPos = Math.max(pending.endPos, endPos);
    this.lastStoppedAt = Math.max(this.lastStoppedAt ?? 0, utterance?.stoppedAt ?? now);
    this.settle();
  }

  private settle(): void {
    if (this.turnEnded) this.tryCommit();
    else this.schedulePatience();
  }

  /**
   * The end of the candidate's turn is decided when the patience has passed since the speech stopped (`thinking`
   * is sent then, whether or not the transcripts are in); the answer is recorded once they are.
   */
  private schedulePatience(): void {
    if (this.patienceTimer) clearTimeout(this.patienceTimer);
    this.patienceTimer = null;
    if (this.current || this.lastStoppedAt === null || (!this.pendingAnswer && this.untranscribed.size === 0)) return;
    const extra = Math.max(0, this.turnTaking.patienceMs - this.options.config.silenceMs);
    const wait = Math.max(0, this.lastStoppedAt + extra - Date.now());
    if (wait === 0) return this.endTurn();
    this.patienceTimer = setTimeout(() => this.endTurn(), wait);
  }

  private endTurn(): void {
    this.patienceTimer = null;
    this.turnEnded = true;
    if (!this.paused) this.output.sendJson({ type: 'state', state: 'thinking' });
    // A transcript the provider never delivers (its transcription failed silently) does not hold the answer forever.
    if (this.untranscribed.size > 0) {
      this.patienceTimer = setTimeout(() => {
        this.untranscribed.clear();
        this.tryCommit();
      }, TRANSCRIPT_WAIT_MS);
    }
    this.tryCommit();
  }

  private tryCommit(): void {
    if (!this.turnEnded || this.untranscribed.size > 0) return;
    if (this.pendingAnswer) return this.commitAnswer();
    // Nothing to record (noise, an empty transcript): back to listening.
    this.turnEnded = false;
    this.lastStoppedAt = null;
    // Not while the previous answer is being recorded: the service is still thinking then.
    if (this.paused || !this.awaitingAnswer) return;
    this.output.sendJson({ type: 'state', state: 'listening' });
    if (!this.isPlaying(this.speaking)) this.armSilence(this.turnTaking.promptMs);
  }

  private commitAnswer(): void {
    const pending = this.pendingAnswer;
    if (!pending) return;
    this.pendingAnswer = null;
    this.turnEnded = false;
    this.lastStoppedAt = null;
    if (this.patienceTimer) clearTimeout(this.patienceTimer);
    this.patienceTimer = null;
    this.recorder?.cover(pending.endPos);
    this.queue(() => this.recordAnswer(pending));
  }

  /** Long silence after a question: one gentle prompt, then (as long again) the interview pauses itself. */
  private armSilence(delayMs: number): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.silenceTimer = null;
      if (this.ended || this.paused || !this.awaitingAnswer || this.pendingAnswer || this.current || this.isPlaying(this.speaking)) return;
      if (this.silenceStage === 0) {
        this.silenceStage = 1;
        this.say(silencePrompt(this.language), 'prompt', null);
      } else {
        this.pause('silence');
      }
    }, delayMs);
    this.silenceTimer.unref?.();
  }

  /** When the answer was said (its first utterance's start → its last one's end) and its place in the recording. */
  private answerTiming(pending: PendingAnswer) {
    const durationMs = Math.max(0, Math.round(pending.endPos - pending.startPos));
    return {
      startedAt: new Date(pending.startedAt).toISOString(),
      endedAt: new Date(pending.startedAt + durationMs).toISOString(),
      offsetMs: Math.round((this.recorder?.base ?? 0) + pending.startPos),
      durationMs,
    };
  }

  /**
   * The candidate's answer to the question being asked: recorded once (the built-in interviewer's answerQuestion
   * is idempotent and refuses a second answer), with when it was said and where it is in the recording, evaluated,
   * and the next question or the closing said. An answer with no question pending (while the previous one is
   * being recorded) is a caption only.
   */
  private async recordAnswer(pending: PendingAnswer): Promise<void> {
    const awaiting = this.awaitingAnswer;
    if (!awaiting) return;
    const request = candidateRequest(pending.texts.join(' '));
    // Said to the interviewer, not an answer ("could you repeat that?", "how long is this?"): nothing is
    // recorded, and the question is asked again (after a word about the process).
    if (request) return this.continueFrom(await this.history(), request);
    this.awaitingAnswer = null;
    // The history as the interviewer left it after its own writes: no read back on the voice-to-voice path.
    let after: HistoryDto | null = null;
    try {
      after = await answerQuestion(
        this.options.db,
        { ...this.target, questionTurn: awaiting.turnNumber, text: pending.texts.join(' '), audioUrl: null, timing: this.answerTiming(pending) },
        { ...this.interviewerOptions(), history: this.known ?? undefined },
      );
    } catch (error) {
      // Another connection answered first, or the question moved on: the history decides what comes next.
      if (!(error instanceof AppError && (error.appCode === 'CONFLICT' || error.appCode === 'INVALID_STATE'))) throw error;
    }
    await this.continueFrom(after ?? (await this.history()), 'ask');
  }
}
