import { describe, expect, it } from 'vitest';
import { renderClosedInvitation } from '@/app/i/[token]/render-closed-invitation';
import type { InvitationView } from '@/server/services/invitations/get-invitation-by-token';

/** A closed link's page (expired, cancelled, completed) shows the employer's brand as the open page does. */
const view = (state: InvitationView['state'], brand: InvitationView['brand']): InvitationView => ({
  state,
  status: state === 'expired' ? 'EXPIRED' : state === 'cancelled' ? 'CANCELLED' : 'COMPLETED',
  locale: { language: 'en', intlLocale: 'en' },
  candidateFirstName: 'Ada',
  organizationName: brand.name,
  jobTitle: 'Designer',
  expiresAt: new Date('2026-01-01T10:00:00Z'),
  questionCount: 2,
  durationMinutes: 10,
  retentionDays: 730,
  contactEmail: null,
  nextSteps: null,
  languages: ['en'],
  answerMode: 'written',
  asksSelfIdentification: false,
  brand,
});

describe('closed invitation pages carry the employer brand', () => {
  for (const state of ['expired', 'cancelled', 'completed'] as const) {
    it(`${state}: the logo beside the name, and the accent colour`, () => {
      const page = renderClosedInvitation(view(state, { name: 'Acme Careers', accentColor: '#0f766e', logoPath: '/api/brand-logos/lgo_abc', custom: true }))!;
      expect(page.bodyHtml).toContain('<img src="/api/brand-logos/lgo_abc" alt="" data-testid="brand-logo" height="48">');
      expect(page.bodyHtml).toContain('data-testid="organization">Acme Careers · Designer</p>');
      expect(page.bodyHtml).toContain('.cp-card a{color:#0f766e}');
    });
  }
  it('without a logo: the name only, and no image', () => {
    const page = renderClosedInvitation(view('expired', { name: 'Initech', accentColor: '#1d4ed8', logoPath: null, custom: false }))!;
    expect(page.bodyHtml).not.toContain('<img');
    expect(page.bodyHtml).toContain('Initech · Designer');
  });
});
