import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { runGroup } from './child-processes';
import { pcmTone, REALTIME_SAMPLE_RATE } from './fake-openai-realtime';

/**
 * A candidate of the live conversation, as the page will be: one WebSocket to /api/invitations/:token/live,
 * PCM16 24 kHz mono frames out, the interviewer's audio and JSON events in (server/services/live/live-protocol.ts).
 */

export type LiveClient = {
  ws: WebSocket;
  events: any[];
  /** Every text frame as received, and the binary audio, to search for what must never reach the page. */
  rawText: string[];
  audio: Buffer[];
  closed: Promise<{ code: number; reason: string }>;
  waitFor: (predicate: (event: any) => boolean, timeoutMs?: number) => Promise<any>;
  /** Sends `pcm` in 100 ms frames (as fast as the socket takes them: the provider's VAD counts audio, not time). */
  speak: (pcm: Buffer) => void;
  send: (message: unknown) => void;
};

export function liveUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/^http/, 'ws')}/api/invitations/${token}/live`;
}

export async function connectLive(url: string, origin: string): Promise<LiveClient> {
  const ws = new WebSocket(url, { headers: { origin } });
  const events: any[] = [];
  const rawText: string[] = [];
  const audio: Buffer[] = [];
  ws.on('message', (data, isBinary) => {
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
    if (isBinary) audio.push(bytes);
    else {
      rawText.push(bytes.toString('utf8'));
      events.push(JSON.parse(bytes.toString('utf8')));
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
  });
  const waitFor = async (predicate: (event: any) => boolean, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out; events so far: ${JSON.stringify(events).slice(0, 2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    ws,
    events,
    rawText,
    audio,
    closed,
    waitFor,
    speak: (pcm) => {
      const frame = (REALTIME_SAMPLE_RATE * 2) / 10;
      for (let at = 0; at < pcm.length; at += frame) ws.send(pcm.subarray(at, at + frame), { binary: true });
    },
    send: (message) => ws.send(JSON.stringify(message)),
  };
}

/** The HTTP status a refused upgrade answered (or 101 when it was accepted). */
export function upgradeStatus(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

/**
 * An answer as audio: espeak-ng's speech of `text` resampled to 24 kHz PCM16 when espeak-ng is installed, else
 * syllable-like tone bursts (150 ms of tone, 80 ms apart) of about the same length; then `trailingSilenceMs`.
 */
export async function spokenAnswer(text: string, trailingSilenceMs = 600): Promise<Buffer> {
  const speech = (await espeak(text)) ?? Buffer.concat(text.split(/\s+/).flatMap(() => [pcmTone(150, 9000, 220), pcmTone(80, 0)]));
  return Buffer.concat([pcmTone(100, 0), speech, pcmTone(trailingSilenceMs, 0)]);
}

async function espeak(text: string): Promise<Buffer | null> {
  const dir = mkdtempSync(path.join(tmpdir(), 'live-voice-'));
  try {
    const wav = path.join(dir, 'answer.wav');
    const result = await runGroup('espeak-ng', ['-w', wav, text], { timeoutMs: 30_000 });
    if (result.code !== 0) return null;
    return resampleWav(readFileSync(wav));
  } catch {
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A mono PCM16 WAV at any rate → 24 kHz PCM16 (linear interpolation: enough for a VAD and a fake model). */
function resampleWav(wav: Buffer): Buffer {
  const rate = wav.readUInt32LE(24);
  let offset = 12;
  while (offset + 8 <= wav.length && wav.toString('latin1', offset, offset + 4) !== 'data') offset += 8 + wav.readUInt32LE(offset + 4);
  const data = wav.subarray(offset + 8, offset + 8 + wav.readUInt32LE(offset + 4));
  const input = data.length / 2;
  const output = Math.floor((input * REALTIME_SAMPLE_RATE) / rate);
  const pcm = Buffer.alloc(output * 2);
  for (let i = 0; i < output; i++) {
    const at = (i * rate) / REALTIME_SAMPLE_RATE;
    const j = Math.min(input - 1, Math.floor(at));
    const k = Math.min(input - 1, j + 1);
    const v = data.readInt16LE(j * 2) * (1 - (at - j)) + data.readInt16LE(k * 2) * (at - j);
    pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v))), i * 2);
  }
  return pcm;
}
