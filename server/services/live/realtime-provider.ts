import { connect } from 'node:net';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { RealtimeClientEvent, RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import { pinnedLookup } from '../providers/pinned-fetch';
import { openCascadeSession } from './cascade/cascade-session';
import type { RealtimeConfig } from './realtime-config';

/**
 * One speech-to-speech session with the provider, through the `openai` SDK's Realtime WebSocket client
 * (`OpenAIRealtimeWS`). The conversation logic sees only this small interface, so it can be driven by a fake in
 * unit tests and by another shape of provider later (the cascaded STT → LLM → TTS pipeline).
 */
export type RealtimeSession = {
  send: (event: RealtimeClientEvent) => void;
  /** Every server event, in order. */
  onEvent: (listener: (event: RealtimeServerEvent) => void) => void;
  /** The socket closed or failed (after `opened`, or instead of it). */
  onClose: (listener: (reason: string) => void) => void;
  opened: Promise<void>;
  close: () => void;
};

export function openRealtimeSession(config: RealtimeConfig): RealtimeSession {
  // The self-hosted shape speaks the same protocol from this process (LIVE_PIPELINE=cascade).
  if (config.shape === 'cascade') return openCascadeSession(config);
  const client = new OpenAI({ apiKey: config.apiKey || 'none', baseURL: config.baseUrl, maxRetries: 0 });
  // The SDK always turns the base URL into wss://…/realtime. A self-hosted server on plain http (a compose network,
  // the tests' fake) is reached by handing `ws` a plain TCP connection for that URL instead of a TLS one.
  const base = new URL(config.baseUrl);
  const plain = base.protocol === 'http:';
  // An organization's own URL is reached at the address its check passed (config.pinnedAddress), never re-resolved.
  const pinned = config.pinnedAddress;
  const host = pinned?.address ?? base.hostname.replace(/^\[|\]$/g, '');
  const createConnection = () => connect({ host, port: Number(base.port) || 80 });
  const connection = plain ? { createConnection: createConnection as never } : pinned ? { lookup: pinnedLookup(pinned) } : {};
  const rt = new OpenAIRealtimeWS({ model: config.model, options: { handshakeTimeout: 10_000, maxPayload: 16 * 1024 * 1024, ...connection } }, client);
  const eventListeners: ((event: RealtimeServerEvent) => void)[] = [];
  const closeListeners: ((reason: string) => void)[] = [];
  let closed = false;
  const closeOnce = (reason: string) => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener(reason);
  };
  rt.on('event', (event) => {
    for (const listener of eventListeners) listener(event);
  });
  // Errors in the protocol arrive as `error` events (above); this one also fires for them, and for socket failures.
  rt.on('error', () => {});
  rt.socket.on('close', (code) => closeOnce(`closed (${code})`));
  rt.socket.on('error', (error) => closeOnce(`failed: ${error.message}`));
  const opened = new Promise<void>((resolve, reject) => {
    rt.socket.once('open', () => resolve());
    rt.socket.once('error', reject);
    rt.socket.once('close', () => reject(new Error('The realtime provider closed the connection')));
  });
  opened.catch(() => {});
  return {
    send: (event) => {
      if (rt.socket.readyState === rt.socket.OPEN) rt.send(event);
    },
    onEvent: (listener) => void eventListeners.push(listener),
    onClose: (listener) => void closeListeners.push(listener),
    opened,
    close: () => {
      if (rt.socket.readyState === rt.socket.CONNECTING) rt.socket.terminate();
      else rt.close();
    },
  };
}
