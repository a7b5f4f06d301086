/**
 * The protocol between the candidate's page and the live relay, over one WebSocket at
 * /api/invitations/:token/live (docs/INTERVIEWER.md, "Live mode"):
 * - page → server: binary frames of PCM16 little-endian, 24 kHz, mono (20–100 ms each), and small JSON text
 *   frames `LiveClientMessage`;
 * - server → page: binary frames of the interviewer's audio (same format) and JSON text frames `LiveServerEvent`.
 */

export type LiveClientMessage = { type: 'pause' } | { type: 'resume' } | { type: 'mute' } | { type: 'unmute' } | { type: 'repeat' };

export type LiveState = 'listening' | 'thinking' | 'speaking' | 'paused' | 'ended';

export type LiveServerEvent =
  | { type: 'ready'; language: string; questionCount: number }
  /** `reason` (optional, added): 'silence' when the interview paused itself after a long silence (resume continues). */
  | { type: 'state'; state: LiveState; reason?: 'silence' }
  /** `text` is the whole caption so far; `final` once the utterance is complete. */
  | { type: 'caption'; speaker: 'interviewer' | 'candidate'; text: string; final: boolean }
  /** `questionIndex` is 1-based; `answered` counts the configuration's questions answered. */
  | { type: 'progress'; questionIndex: number; total: number; answered: number; isFollowUp: boolean }
  /** Stop playing the interviewer's audio now (the candidate started speaking, or paused). */
  | { type: 'interrupt' }
  | { type: 'ended' }
  | { type: 'error'; code: string; message: string };

/** The largest JSON control message the relay reads. */
export const MAX_CONTROL_BYTES = 1024;

const CONTROL_TYPES = new Set(['pause', 'resume', 'mute', 'unmute', 'repeat']);

/** A control message, or null for anything else (ignored, never an error that ends the conversation). */
export function parseClientMessage(text: string): LiveClientMessage | null {
  if (text.length > MAX_CONTROL_BYTES) return null;
  try {
    const value = JSON.parse(text) as { type?: unknown };
    return value && typeof value === 'object' && typeof value.type === 'string' && CONTROL_TYPES.has(value.type) ? ({ type: value.type } as LiveClientMessage) : null;
  } catch {
    return null;
  }
}
