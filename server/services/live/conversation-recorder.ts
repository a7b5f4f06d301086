import type { DbExecutor } from '@/db/client';
import { log } from '@/server/log';
import { appendToLiveRecording, BYTES_PER_MS, storedLiveRecordingMs } from '../audio/live-session-recording';
import { mixPcm } from '../audio/pcm-mix';

/**
 * Both sides of one live connection on one timeline (24 kHz mono PCM16, ms from the connection's start), written to
 * the interview's recording (server/services/audio/live-session-recording.ts) periodically and when the connection
 * ends. The timeline follows the wall clock, pauses cut out: the candidate's audio goes where it arrives (after the
 * audio before it: a page that sends faster than real time is laid end to end), the interviewer's where the page
 * starts playing it (the first chunk when it is sent, the following ones after it, as the page queues them), cut
 * where the candidate interrupted it. `base` is the stored recording's length when the connection began: a
 * reconnection appends after it, so `base + position` is a turn's `offsetMs` in the interview's `audioUrl`.
 *
 * Loss bound: audio not yet written when an instance dies (at most `flushMs` plus the write's own time) is lost;
 * turns recorded meanwhile may then point past the stored audio, and the next connection clears those offsets.
 */

type Chunk = { track: 'candidate' | 'interviewer'; atMs: number; pcm: Buffer };

/**
 * The candidate's audio arrives as 20 ms frames (50 a second per conversation, held until the next write): copied
 * into blocks of this many bytes (1 s) as one growing chunk per contiguous run, so that a conversation holds a few
 * dozen buffers instead of thousands (fewer objects for the garbage collector with many conversations at once).
 */
const CANDIDATE_BLOCK_BYTES = 48_000;

/** Writes of one interview's recording run one after another in this process (a reconnection waits for the last). */
const CHAINS_KEY = Symbol.for('interview-screening.live-recording-chains');
function chained<T>(interviewId: string, work: () => Promise<T>): Promise<T> {
  const holder = globalThis as { [CHAINS_KEY]?: Map<string, Promise<unknown>> };
  const chains = (holder[CHAINS_KEY] ??= new Map());
  const run = (chains.get(interviewId) ?? Promise.resolve()).catch(() => {}).then(work);
  const tail = run.catch(() => {});
  chains.set(interviewId, tail);
  void tail.then(() => {
    if (chains.get(interviewId) === tail) chains.delete(interviewId);
  });
  return run;
}

const msOf = (pcm: Buffer) => pcm.length / BYTES_PER_MS;

export class ConversationRecorder {
  /** The stored recording's length when this connection began (ms). */
  base = 0;
  private readonly startedAt: number;
  private pausedMs = 0;
  private pausedSince: number | null = null;
  private pending: Chunk[] = [];
  /** Everything before this position (ms in this segment) is written. */
  private flushedMs = 0;
  private candidateEndMs = 0;
  private interviewerEndMs = 0;
  /** Turns point up to here: the recording is at least this long once written. */
  private coverMs = 0;
  /** Provider audio ms (all audio appended in the provider session) → position, per appended run. */
  private appended: { providerMs: number; atMs: number; ms: number }[] = [];
  private providerMs = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The candidate chunk still growing in its block (forgotten at each write, which may take or split it). */
  private growing: { chunk: Chunk; block: Buffer; start: number; filled: number } | null = null;

  constructor(
    private readonly db: DbExecutor,
    private readonly target: { orgId: string; interviewId: string },
    private readonly flushMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  /** Waits for this process's earlier writes of the interview, then reads where this segment starts. */
  async open(): Promise<void> {
    this.base = await chained(this.target.interviewId, () => storedLiveRecordingMs(this.db, this.target));
    if (this.closed) return;
    // The first write comes at a random point of the first interval, then one every interval: conversations that
    // began together (a campaign's invitations sent at once, every page reconnecting after a restart) do not all
    // write at the same moments, which made bursts that delayed the answers of every conversation on the instance.
    // The loss bound is unchanged: never more than flushMs between writes.
    this.timer = setTimeout(() => {
      void this.flush(false);
      this.timer = setInterval(() => void this.flush(false), this.flushMs);
      this.timer.unref();
    }, Math.random() * this.flushMs);
    this.timer.unref();
  }

  /** Now on this segment's timeline (ms): wall time since the start, pauses cut out. */
  positionNow(): number {
    const paused = this.pausedMs + (this.pausedSince === null ? 0 : this.now() - this.pausedSince);
    return Math.max(this.flushedMs, this.now() - this.startedAt - paused);
  }

  pause(): void {
    this.pausedSince ??= this.now();
  }

  resume(): void {
    if (this.pausedSince === null) return;
    this.pausedMs += this.now() - this.pausedSince;
    this.pausedSince = null;
  }

  /** The candidate's audio, as sent to the provider. */
  candidate(pcm: Buffer): void {
    if (this.closed || pcm.length === 0) return;
    const atMs = Math.max(this.candidateEndMs, this.positionNow());
    this.holdCandidate(atMs, pcm);
    this.candidateEndMs = atMs + msOf(pcm);
    const last = this.appended.at(-1);
    if (last && Math.abs(last.providerMs + last.ms - this.providerMs) < 0.01 && Math.abs(last.atMs + last.ms - atMs) < 0.01) last.ms += msOf(pcm);
    else this.appended.push({ providerMs: this.providerMs, atMs, ms: msOf(pcm) });
    this.providerMs += msOf(pcm);
  }

  private holdCandidate(atMs: number, pcm: Buffer): void {
    const growing = this.growing;
    if (growing && Math.abs(growing.chunk.atMs + msOf(growing.chunk.pcm) - atMs) < 0.01 && growing.filled + pcm.length <= growing.block.length) {
      pcm.copy(growing.block, growing.filled);
      growing.filled += pcm.length;
      growing.chunk.pcm = growing.block.subarray(growing.start, growing.filled);
      return;
    }
    const block = Buffer.allocUnsafe(Math.max(CANDIDATE_BLOCK_BYTES, pcm.length));
    pcm.copy(block, 0);
    const chunk: Chunk = { track: 'candidate', atMs, pcm: block.subarray(0, pcm.length) };
    this.pending.push(chunk);
    this.growing = { chunk, block, start: 0, filled: pcm.length };
  }

  /**
   * Where a moment of the provider's input audio (ms since its session began, as speech_started / speech_stopped
   * give it) is on this timeline; a moment past the audio appended (a VAD decision without audio) is now.
   */
  candidatePosition(providerMs: number | null | undefined): number {
    if (typeof providerMs === 'number' && providerMs < this.providerMs) {
      for (let i = this.appended.length - 1; i >= 0; i--) {
        const run = this.appended[i];
        if (providerMs >= run.providerMs) return run.atMs + Math.min(run.ms, providerMs - run.providerMs);
      }
    }
    return Math.max(this.candidateEndMs, this.positionNow());
  }

  /** A chunk of the interviewer's audio sent to the page; returns where it starts. */
  interviewer(pcm: Buffer): number {
    const atMs = Math.max(this.interviewerEndMs, this.positionNow());
    if (!this.closed && pcm.length > 0) this.pending.push({ track: 'interviewer', atMs, pcm });
    this.interviewerEndMs = atMs + msOf(pcm);
    return atMs;
  }

  /** The page stopped playing the interviewer at `atMs`: what it did not hear is not in the recording. */
  cutInterviewer(atMs: number): void {
    const cut = Math.max(atMs, this.flushedMs);
    this.pending = this.pending.flatMap((chunk) => {
      if (chunk.track !== 'interviewer' || chunk.atMs + msOf(chunk.pcm) <= cut) return [chunk];
      if (chunk.atMs >= cut) return [];
      return [{ ...chunk, pcm: chunk.pcm.subarray(0, Math.floor((cut - chunk.atMs) * BYTES_PER_MS / 2) * 2) }];
    });
    this.interviewerEndMs = Math.min(this.interviewerEndMs, cut);
  }

  /** A turn ends at `atMs`: the written recording reaches at least there. */
  cover(atMs: number): void {
    this.coverMs = Math.max(this.coverMs, atMs);
  }

  /** Writes what has settled (before now: the interviewer's audio after now may still be cut), or everything. */
  flush(final: boolean): Promise<void> {
    this.growing = null;
    const upTo = final ? Infinity : this.positionNow();
    const from = this.flushedMs;
    const taken: Chunk[] = [];
    const kept: Chunk[] = [];
    for (const chunk of this.pending) {
      const end = chunk.atMs + msOf(chunk.pcm);
      if (end <= upTo) taken.push(chunk);
      else if (chunk.atMs >= upTo) kept.push(chunk);
      else {
        const bytes = Math.floor(((upTo - chunk.atMs) * BYTES_PER_MS) / 2) * 2;
        taken.push({ ...chunk, pcm: chunk.pcm.subarray(0, bytes) });
        kept.push({ ...chunk, atMs: chunk.atMs + bytes / BYTES_PER_MS, pcm: chunk.pcm.subarray(bytes) });
      }
    }
    const cover = final ? this.coverMs : Math.min(this.coverMs, upTo);
    if (taken.length === 0 && cover <= from) return Promise.resolve();
    this.pending = kept;
    const start = taken.reduce((min, c) => Math.min(min, c.atMs), Infinity);
    const end = taken.reduce((max, c) => Math.max(max, c.atMs + msOf(c.pcm)), from);
    this.flushedMs = final ? Math.max(end, cover) : Math.max(from, Math.min(upTo, Math.max(end, cover)));
    const origin = Number.isFinite(start) ? Math.floor(start) : Math.floor(from);
    const mixed = Buffer.alloc(Math.max(0, Math.ceil(end - origin)) * BYTES_PER_MS + 2);
    for (const chunk of taken) {
      const at = Math.round((chunk.atMs - origin) * BYTES_PER_MS / 2) * 2;
      mixPcm(mixed, at, chunk.pcm);
    }
    const pcm = mixed.subarray(0, Math.max(0, mixed.length - 2));
    const { orgId, interviewId } = this.target;
    return chained(interviewId, () => appendToLiveRecording(this.db, { orgId, interviewId, atMs: this.base + origin, pcm, coverMs: this.base + cover }))
      .then(() => undefined)
      .catch((error) => {
        log.warn({ err: error, interviewId }, 'the live recording could not be written; the next write retries it');
        // Positions are absolute: the next write mixes these chunks in where they belong.
        if (!this.closed) this.pending.push(...taken);
      });
  }

  /** The connection ended: everything left is written (the returned promise settles when it is). */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.resume();
    // clearInterval clears a pending setTimeout too (one pool of ids in Node).
    if (this.timer) clearInterval(this.timer);
    const done = this.flush(true);
    this.closed = true;
    return done;
  }
}
