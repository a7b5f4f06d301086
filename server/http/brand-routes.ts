import { AppError } from '@/server/errors';
import { unsafeReadBrandLogo } from '@/server/services/branding/brand';
import { defineRoute, type DoorRoute } from './define-route';

/**
 * GET|HEAD /api/brand-logos/:logoId: an organization's logo, public (candidate emails and pages show it; the id is
 * random and changes with each upload, so the answer is cached for a year). Served as an image under a sandbox
 * CSP with nosniff: the bytes were checked for an image's magic numbers only.
 */
const logoRoute = (method: 'GET' | 'HEAD'): DoorRoute =>
  defineRoute({
    method,
    path: '/api/brand-logos/:logoId',
    kind: 'public',
    auth: 'public',
    handle: async ({ req, db, params, headers }) => {
      const logo = await unsafeReadBrandLogo(db, params.logoId);
      if (!logo) throw new AppError('NOT_FOUND', 'Logo not found');
      headers.set('Content-Type', logo.contentType);
      headers.set('Content-Length', String(logo.size));
      headers.set('Cache-Control', 'public, max-age=31536000, immutable');
      headers.set('X-Content-Type-Options', 'nosniff');
      headers.set('Content-Security-Policy', "sandbox; default-src 'none'");
      headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
      if (req.method === 'HEAD') {
        await logo.body.cancel();
        return new Response(null, { status: 200, headers });
      }
      return new Response(logo.body, { status: 200, headers });
    },
  });

export const BRAND_ROUTES: DoorRoute[] = [logoRoute('GET'), logoRoute('HEAD')];
