import { AGENT_ROUTES } from './agent-routes';
import { AUDIO_ROUTES } from './audio-routes';
import { BRAND_ROUTES } from './brand-routes';
import { noRouteResponse, RouteTable } from './define-route';
import { EXPLANATION_ROUTES } from './explanation-routes';
import { EXPORT_ROUTES } from './export-routes';
import { INTEGRATION_ROUTES } from './integration-routes';
import { INVITATION_ROUTES } from './invitation-routes';
import { PUBLIC_ROUTES } from './public-routes';

/**
 * Every non-tRPC route of the service in one table (the agent routes, the exports, the API reference, health, the
 * candidate's invitation routes, the stored audio): the Node server serves them before Next.js, the route files under app/api/ hand Next.js's requests to it
 * (next dev), and the in-process fetch of the demo agent uses it too.
 */
export const ROUTES = new RouteTable([...AGENT_ROUTES, ...EXPORT_ROUTES, ...EXPLANATION_ROUTES, ...PUBLIC_ROUTES, ...INVITATION_ROUTES, ...AUDIO_ROUTES, ...BRAND_ROUTES, ...INTEGRATION_ROUTES]);

/** For a route file under app/api/: the table's answer, or the 404 envelope. */
export function serveRouteFile(req: Request): Promise<Response> {
  return ROUTES.dispatch(req) ?? Promise.resolve(noRouteResponse(req));
}
