import type { Database } from '@/db/client';
import type { AtsKind } from '@/db/schema';
import { AppError, notFound } from '@/server/errors';
import { authenticateAtsCredential, type AuthenticatedAtsCredential } from '@/server/services/integrations/ats-credentials';
import { recordAtsLogEntry } from '@/server/services/integrations/ats-log';
import { getAtsOrder } from '@/server/services/integrations/get-ats-order';
import {
  GreenhouseResponseErrorSchema,
  GreenhouseSendTestSchema,
  toGreenhouseTestStatus,
  toGreenhouseTests,
} from '@/server/services/integrations/greenhouse/greenhouse-protocol';
import { placeAtsOrder } from '@/server/services/integrations/place-ats-order';
import { AshbyCancelSchema, AshbyStartSchema, toAshbyAssessmentList, toAshbyUpdate } from '@/server/services/integrations/ashby/ashby-protocol';
import { findAtsOrderByExternalId, getAtsOrderExternalId } from '@/server/services/integrations/get-ats-order';
import { cancelInterview } from '@/server/services/invitations/cancel-interview';
import { systemAudit } from '@/server/services/audit/audit-actor';
import { getEnv } from '@/server/env';
import { randomUUID } from 'node:crypto';
import { listTestMappings } from '@/server/services/integrations/test-mappings';
import { receiveLeverWebhook } from '@/server/services/integrations/lever/lever-webhook';
import { toAppError } from '@/server/errors';
import { assertNotThrottled, clientAddress, countFailure } from './client-throttle';
import { defineRoute, type DoorRoute, type RouteCall, type RouteResult } from './define-route';
import type { DoorRequest } from './door-request';
import { readJsonBody } from './read-json-body';

/**
 * The ATS partner protocols (CONTRACT §15), one adapter per ATS under /api/integrations/<ats>/…: each reads its
 * protocol's credentials and fields, calls the services an ordinary interview uses, and answers in the protocol's
 * shape. Every call an ATS makes with a valid credential goes into the integration's log (operation, status,
 * time, our words for an error; no body).
 */

/** `Authorization: Basic base64("<key>:")`: the key is the username, the password empty (Greenhouse, "Authentication"). */
function basicUsername(req: DoorRequest): string | null {
  const header = req.headers.get('authorization');
  const match = header ? /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(0, colon) : decoded;
}

/**
 * A route of an ATS that authenticates by HTTP Basic with an integration key: a wrong, unknown or revoked key is
 * 401 with a `WWW-Authenticate: Basic` challenge (and counts against the caller's address, as a bad API key does);
 * a valid one names the organization, and the call is logged under it.
 */
function basicAuthRoute(spec: { ats: AtsKind; method: 'GET' | 'POST'; operation: string; handle: (call: RouteCall<'public', undefined>, credential: AuthenticatedAtsCredential) => Promise<RouteResult & { orderId?: string }> }): DoorRoute {
  return defineRoute({
    method: spec.method,
    path: `/api/integrations/${spec.ats}/${spec.operation}`,
    kind: 'integration',
    auth: 'public',
    handle: async (call) => {
      const address = clientAddress(call.req.headers);
      assertNotThrottled('api-key', address, call.headers);
      const key = basicUsername(call.req);
      const credential = key ? await authenticateAtsCredential(call.db, { ats: spec.ats, key }) : null;
      if (!credential) {
        await countFailure(call.db, 'api-key', address, call.headers);
        call.headers.set('WWW-Authenticate', `Basic realm="${spec.ats}", charset="UTF-8"`);
        throw new AppError('UNAUTHORIZED', 'Invalid or revoked integration key');
      }
      call.setOrg(credential.orgId);
      const started = performance.now();
      try {
        const result = await spec.handle(call, credential);
        await logCall(call.db, credential, spec.operation, result.status, null, started, result.orderId);
        return { status: result.status, body: result.body };
      } catch (error) {
        const appError = toAppError(error);
        await logCall(call.db, credential, spec.operation, appError.status, appError.message, started, null);
        throw error;
      }
    },
  });
}

function logCall(db: Database, credential: AuthenticatedAtsCredential, operation: string, status: number, error: string | null, started: number, orderId: string | null | undefined) {
  return recordAtsLogEntry(db, { orgId: credential.orgId, ats: credential.ats, direction: 'inbound', operation, orderId, responseStatus: status, durationMs: Math.round(performance.now() - started), error });
}

/** A JSON object body read after the credential was checked (an unauthenticated caller learns nothing of its shape). */
async function jsonObject(req: DoorRequest): Promise<unknown> {
  const body = await readJsonBody(req, 64 * 1024);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('VALIDATION_ERROR', 'The body must be a JSON object');
  return body;
}

/** Greenhouse Assessment Partner API (developers.greenhouse.io/assessment.html). */
const GREENHOUSE_ROUTES: DoorRoute[] = [
  // "List Tests": the tests the organization mapped for Greenhouse.
  basicAuthRoute({
    ats: 'greenhouse',
    method: 'GET',
    operation: 'list_tests',
    handle: async ({ db }, credential) => ({ status: 200, body: toGreenhouseTests(await listTestMappings(db, { orgId: credential.orgId, ats: 'greenhouse' })) }),
  }),
  // "Send Test": the candidate (by email) and the interview, our invitation sent; `partner_interview_id` is the order.
  basicAuthRoute({
    ats: 'greenhouse',
    method: 'POST',
    operation: 'send_test',
    handle: async ({ db, req }, credential) => {
      const body = GreenhouseSendTestSchema.parse(await jsonObject(req));
      const key = basicUsername(req)!;
      const placed = await placeAtsOrder(db, {
        orgId: credential.orgId,
        ats: 'greenhouse',
        credentialId: credential.id,
        testId: body.partner_test_id,
        candidate: { email: body.candidate.email, firstName: body.candidate.preferred_name || body.candidate.first_name, lastName: body.candidate.last_name },
        // Greenhouse authenticates its callback with the key it presented to us: kept, encrypted, with the order.
        callback: body.url ? { url: body.url, credential: key } : null,
      });
      return { status: 200, body: { partner_interview_id: placed.orderId }, orderId: placed.orderId };
    },
  }),
  // "Test Status": where the interview stands, its score once the report is settled, and its dashboard page.
  basicAuthRoute({
    ats: 'greenhouse',
    method: 'GET',
    operation: 'test_status',
    handle: async ({ db, url }, credential) => {
      const orderId = url.searchParams.get('partner_interview_id');
      if (!orderId) throw new AppError('VALIDATION_ERROR', 'partner_interview_id is required', { issues: [{ path: 'partner_interview_id', message: 'Required' }] });
      const state = await getAtsOrder(db, { orgId: credential.orgId, ats: 'greenhouse', orderId });
      if (!state) throw notFound('Test');
      return { status: 200, body: toGreenhouseTestStatus(state), orderId: state.orderId };
    },
  }),
  // "Response Error": Greenhouse found a response of ours malformed. Its words go into the log (not the candidate's email).
  basicAuthRoute({
    ats: 'greenhouse',
    method: 'POST',
    operation: 'response_error',
    handle: async ({ db, req }, credential) => {
      const body = GreenhouseResponseErrorSchema.parse(await jsonObject(req));
      const orderId = body.partner_interview_id && (await getAtsOrder(db, { orgId: credential.orgId, ats: 'greenhouse', orderId: body.partner_interview_id })) ? body.partner_interview_id : null;
      await recordAtsLogEntry(db, { orgId: credential.orgId, ats: 'greenhouse', direction: 'inbound', operation: `reported_error.${body.api_call}`, orderId, responseStatus: null, error: body.errors.join('; ') || 'No details given' });
      return { status: 200, body: { status: 200 } };
    },
  }),
];

/**
 * Ashby Assessments Partner API (developers.ashbyhq.com/docs/creating-an-assessments-integration): Ashby POSTs
 * assessment.list, assessment.start and assessment.cancel to the base URL the partner gave, authenticated as Ashby's
 * API reference authenticates every operation (HTTP Basic, the key as the username, the password blank).
 */
const ASHBY_ROUTES: DoorRoute[] = [
  basicAuthRoute({
    ats: 'ashby',
    method: 'POST',
    operation: 'assessment.list',
    handle: async ({ db }, credential) => ({ status: 200, body: toAshbyAssessmentList(await listTestMappings(db, { orgId: credential.orgId, ats: 'ashby' })) }),
  }),
  // The candidate (by email) and the interview, our invitation sent. `assessment_id` is a UUID of ours kept with the
  // order (Ashby's reference types it as one); the answer carries the first update ("Invited") as `update_request`.
  basicAuthRoute({
    ats: 'ashby',
    method: 'POST',
    operation: 'assessment.start',
    handle: async ({ db, req }, credential) => {
      let placed: { orderId: string };
      try {
        const body = AshbyStartSchema.parse(await jsonObject(req));
        placed = await placeAtsOrder(db, {
          orgId: credential.orgId,
          ats: 'ashby',
          credentialId: credential.id,
          testId: body.assessment_type_id,
          candidate: { email: body.candidate.email, firstName: body.candidate.first_name, lastName: body.candidate.last_name },
          callback: { url: `${getEnv().ASHBY_API_URL}/assessment.update`, credential: null },
          externalId: randomUUID(),
        });
      } catch (error) {
        // Ashby shows a 422's `message` to its user ("A custom error message that will be shown to the user in Ashby").
        const appError = toAppError(error);
        if (appError.status >= 500) throw error;
        const message = appError.issues?.length ? appError.issues.map((i) => `${i.path}: ${i.message}`).join('; ') : appError.message;
        return { status: 422, body: { message } };
      }
      const assessmentId = (await getAtsOrderExternalId(db, { orgId: credential.orgId, orderId: placed.orderId }))!;
      const state = (await getAtsOrder(db, { orgId: credential.orgId, ats: 'ashby', orderId: placed.orderId }))!;
      return { status: 200, body: { success: true, results: { assessment_id: assessmentId, update_request: toAshbyUpdate(assessmentId, state) } }, orderId: placed.orderId };
    },
  }),
  // The interview is cancelled as a recruiter would cancel it: the candidate's link says so; nothing is written back.
  basicAuthRoute({
    ats: 'ashby',
    method: 'POST',
    operation: 'assessment.cancel',
    handle: async ({ db, req }, credential) => {
      const body = AshbyCancelSchema.parse(await jsonObject(req));
      const order = await findAtsOrderByExternalId(db, { orgId: credential.orgId, ats: 'ashby', externalId: body.assessment_id });
      if (!order) throw notFound('Assessment');
      await cancelInterview(db, { orgId: credential.orgId, id: order.interviewId, audit: systemAudit('service') });
      return { status: 200, body: { success: true, results: { assessment_id: body.assessment_id } }, orderId: order.id };
    },
  }),
];

/**
 * Lever (hire.lever.co/developer/usecases, "Assessments"): Lever POSTs its webhooks to the integration's own
 * address. The signature is in the body (HMAC-SHA256 of `token` + `triggeredAt` with the webhook's signature
 * token), so the body is read first, within 64 KiB; a wrong signature or an unknown or revoked integration is 401.
 * Failures are not counted against the caller's address as a bad key's are: there is no key to guess (the id in
 * the path is not a secret, an HMAC key cannot be found by trying), and Lever's senders are shared by all its
 * customers, so one customer's unconfigured webhook would throttle everyone's. The order is placed by a queued job.
 */
const LEVER_ROUTES: DoorRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/api/integrations/lever/webhook/:credentialId',
    kind: 'integration',
    auth: 'public',
    handle: async (call) => {
      const body = await readJsonBody(call.req, 64 * 1024);
      const answer = await receiveLeverWebhook(call.db, { credentialId: call.params.credentialId, body });
      call.setOrg(answer.orgId);
      return { status: answer.status, body: answer.body };
    },
  }),
];

export const INTEGRATION_ROUTES: DoorRoute[] = [...GREENHOUSE_ROUTES, ...ASHBY_ROUTES, ...LEVER_ROUTES];
