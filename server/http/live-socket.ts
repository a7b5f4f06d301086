import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { DbExecutor } from '@/db/client';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { assertNotClosed, findInterviewByToken } from '@/server/services/invitations/find-interview-by-token';
import { interviewerMode } from '@/server/services/invitations/get-candidate-session';
import { LiveConversation } from '@/server/services/live/live-conversation';
import { claimLiveConversation, releaseLiveConversation, watchLiveConversation } from '@/server/services/live/live-lease';
import { parseClientMessage, type LiveServerEvent } from '@/server/services/live/live-protocol';
import { resolveRealtimeConfig } from '@/server/services/live/realtime-config';
import { assertNotThrottled, clientAddressOf, countFailure } from './client-throttle';
import { newRequestId } from './respond';

/**
 * The live conversation's WebSocket edge: GET /api/invitations/:token/live upgraded by the Node server before
 * Next.js sees it (`ws` in noServer mode). The invitation token is the credential, checked as on the other
 * invitation routes: throttled per client address, an unknown link answered 404 and counted, a closed one 410, a
 * completed or not yet started interview 409. The Origin must be the public URL's (a page of another site cannot
 * open the candidate's microphone stream to us with their link). One connection per interview, on every instance:
 * a new one takes over and the old one is closed (code 4000): at once on this instance, within LEASE_CHECK_MS on
 * another (live-lease.ts). Frames: binary audio up to MAX_FRAME_BYTES, JSON controls; the
 * conversation itself is server/services/live/live-conversation.ts.
 */

const LIVE_PATH = /^\/api\/invitations\/([^/?#]+)\/live(?:\?.*)?$/;
/** One second of PCM16 24 kHz mono is 48 000 bytes; pages send 20–100 ms per frame. */
export const MAX_FRAME_BYTES = 64 * 1024;
const HEARTBEAT_MS = 20_000;
/** Close code telling the page another tab or device took the conversation over (it should not reconnect). */
export const TAKEN_OVER_CODE = 4000;

type Connection = { ws: WebSocket; conversation: LiveConversation };

export type LiveUpgradeOptions = {
  db: () => DbExecutor;
  publicOrigin: string;
  trustProxy: boolean;
};

export function createLiveUpgradeHandler(options: LiveUpgradeOptions) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const live = new Map<string, Connection>();
  /** Interviews this process held a conversation for: a new connection to one is a resumption. */
  const served = new Set<string>();

  async function accept(req: IncomingMessage, socket: Duplex, head: Buffer, token: string): Promise<void> {
    const address = clientAddressOf(req, options.trustProxy);
    const origin = req.headers.origin;
    if (origin !== options.publicOrigin) throw new AppError('FORBIDDEN', 'This conversation can only be opened from the interview page');
    assertNotThrottled('invitation', address);
    const db = options.db();
    let interview;
    try {
      interview = await findInterviewByToken(db, token);
    } catch (error) {
      if (error instanceof AppError && error.appCode === 'NOT_FOUND') await countFailure(db, 'invitation', address);
      throw error;
    }
    assertNotClosed(interview);
    if (interview.status === 'COMPLETED') throw new AppError('INVALID_STATE', 'This interview is already completed');
    if (interview.status !== 'IN_PROGRESS') throw new AppError('INVALID_STATE', 'Start the interview first');
    if (interviewerMode() === 'external') throw new AppError('INVALID_STATE', 'This interview is conducted by an external agent');
    const config = await resolveRealtimeConfig(db, interview.orgId);
    if (!config) throw new AppError('INVALID_STATE', 'Live conversations are not available for this interview');
    if (socket.destroyed) return;
    const target = { orgId: interview.orgId, interviewId: interview.id };
    const connectionId = await claimLiveConversation(db, target);
    if (socket.destroyed) return void releaseLiveConversation(db, target, connectionId).catch(() => undefined);

    wss.handleUpgrade(req, socket, head, (ws) => {
      const interviewId = interview.id;
      const previous = live.get(interviewId);
      if (previous) {
        previous.conversation.end();
        previous.ws.close(TAKEN_OVER_CODE, 'taken over by another connection');
      }
      const sendJson = (event: LiveServerEvent) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
      };
      const conversation = new LiveConversation(
        target,
        {
          sendJson,
          sendAudio: (pcm) => {
            if (ws.readyState === ws.OPEN) ws.send(pcm, { binary: true });
          },
          close: (code, reason) => ws.close(code, reason),
        },
        { db, config, resumed: served.has(interviewId) },
      );
      served.add(interviewId);
      if (served.size > 10_000) served.clear();
      const connection = { ws, conversation };
      live.set(interviewId, connection);
      ws.on('message', (data: RawData, isBinary: boolean) => {
        const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        if (isBinary) return conversation.candidateAudio(bytes);
        const message = parseClientMessage(bytes.toString('utf8'));
        if (message) conversation.control(message);
      });
      ws.on('close', () => {
        conversation.end();
        if (live.get(interviewId) === connection) live.delete(interviewId);
        releaseLiveConversation(db, target, connectionId).catch((error) => log.warn({ err: error, interviewId }, 'could not release a live conversation'));
      });
      // A newer connection on another instance took the conversation: this one ends, as on this instance.
      const unwatch = watchLiveConversation(db, target, connectionId, () => {
        if (ws.readyState !== ws.OPEN) return;
        conversation.end();
        ws.close(TAKEN_OVER_CODE, 'taken over by another connection');
      });
      ws.on('close', unwatch);
      ws.on('error', () => ws.terminate());
      // A page that vanished without closing (a laptop lid, a lost network) is noticed within two pings.
      let alive = true;
      ws.on('pong', () => (alive = true));
      const heartbeat = setInterval(() => {
        if (!alive) return ws.terminate();
        alive = false;
        ws.ping();
      }, HEARTBEAT_MS);
      heartbeat.unref();
      ws.on('close', () => clearInterval(heartbeat));
      conversation.start().catch((error) => {
        log.warn({ err: error, interviewId }, 'the live conversation could not start');
        sendJson({ type: 'error', code: 'PROVIDER_UNAVAILABLE', message: 'The voice service is unavailable; try again, or answer in writing' });
        conversation.end();
        ws.close(1011, 'PROVIDER_UNAVAILABLE');
      });
    });
  }

  /** True when the upgrade was for the live path (answered or refused here); other upgrades are left alone. */
  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const match = LIVE_PATH.exec(req.url ?? '');
    if (!match || req.method !== 'GET') return false;
    socket.on('error', () => {});
    accept(req, socket, head, decodeURIComponent(match[1])).catch((error) => refuse(socket, error));
    return true;
  }

  return {
    handleUpgrade,
    /** Ends every conversation (server shutdown). */
    close: () => {
      for (const { ws, conversation } of live.values()) {
        conversation.end();
        ws.close(1001, 'server shutting down');
      }
      live.clear();
      wss.close();
    },
  };
}

/** An HTTP answer instead of the upgrade, in the contract's error envelope, like the other invitation routes. */
function refuse(socket: Duplex, error: unknown): void {
  const requestId = newRequestId();
  const appError = error instanceof AppError ? error : new AppError('INTERNAL', 'Internal server error');
  if (!(error instanceof AppError)) log.error({ err: error, requestId }, 'live upgrade failed');
  const body = JSON.stringify({ error: appError.toBody(requestId) });
  const status = appError.status;
  if (socket.destroyed) return;
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Referrer-Policy: no-referrer',
      `X-Request-Id: ${requestId}`,
      ...(status === 429 ? ['Retry-After: 60'] : []),
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
