import { describe, expect, it } from 'vitest';
import { resolveCandidateLocale } from '@/server/i18n/candidate-locale';
import { renderTeamInvitationEmail } from './team-invitation-template';
import { renderInvitationEmail, type InvitationEmailData } from './templates';

const base: InvitationEmailData = {
  locale: resolveCandidateLocale('fr'),
  candidateFirstName: 'Zoé',
  organizationName: 'Acme',
  jobTitle: 'Backend engineer',
  expiresAt: new Date('2026-07-01T15:30:00Z'),
  link: 'https://app.example.com/i/XPM2tv408Ye0CbjYSEStl2Lqq9Zo0HWSLjdrg6W6QBA',
  questionCount: 3,
  answerMode: 'external',
};

describe('renderInvitationEmail', () => {
  it('writes the French invitation with the organization, the job, the expiry and the link in both parts', () => {
    const email = renderInvitationEmail('invitation', base);
    expect(email.subject).toBe('Invitation à un entretien : Backend engineer chez Acme');
    expect(email.html).toContain('<html lang="fr">');
    expect(email.html).toContain('Bonjour Zoé,');
    expect(email.html).toContain('comporte 3 questions');
    expect(email.html).toContain('environ 15 minutes');
    expect(email.html).toContain('Ce lien est valable jusqu&#39;au mercredi 1 juillet 2026 à 17:30 (UTC+2).');
    expect(email.html).toContain(`href="${base.link}"`);
    expect(email.text).toContain(`Commencer l'entretien: ${base.link}`);
    expect(email.text).toContain("Ce lien est valable jusqu'au mercredi 1 juillet 2026 à 17:30 (UTC+2).");
  });

  it('writes the English reminder', () => {
    const email = renderInvitationEmail('reminder', { ...base, locale: resolveCandidateLocale('en-GB'), candidateFirstName: null });
    expect(email.subject).toBe('Reminder: your interview for the Backend engineer position expires soon');
    expect(email.html).toContain('Hello,');
    expect(email.html).toMatch(/Your link expires on Wednesday,? 1 July 2026 at 17:30 \(CEST\)\./);
  });

  it('escapes every value from data in the HTML and keeps the subject on one line', () => {
    const email = renderInvitationEmail('invitation', {
      ...base,
      organizationName: 'Evil <script>alert(1)</script> & "Co"',
      jobTitle: "O'Brien\r\nBcc: victim@example.com",
      candidateFirstName: '<img src=x onerror=alert(1)>',
    });
    expect(email.html).not.toMatch(/<script|<img/);
    expect(email.html).toContain('Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(email.html).toContain('O&#39;Brien Bcc: victim@example.com');
    expect(email.subject).toBe('Invitation à un entretien : O\'Brien Bcc: victim@example.com chez Evil <script>alert(1)</script> & "Co"');
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('says nothing about questions or duration when the interview has no configuration', () => {
    const email = renderInvitationEmail('invitation', { ...base, locale: resolveCandidateLocale('en'), questionCount: null });
    expect(email.text).toContain('A voice assistant conducts the interview. Allow a little time in a quiet place');
  });

  it('promises only the mode the candidate will get: no voice or microphone for a written interview, in both languages', () => {
    const fr = renderInvitationEmail('invitation', { ...base, answerMode: 'written' });
    expect(fr.text).toContain('Acme vous invite à un entretien écrit pour le poste de Backend engineer.');
    expect(fr.text).toContain('vous répondez par écrit');
    const en = renderInvitationEmail('invitation', { ...base, locale: resolveCandidateLocale('en'), answerMode: 'written' });
    expect(en.text).toContain('Acme invites you to a written interview for the Backend engineer position.');
    const reminder = renderInvitationEmail('reminder', { ...base, locale: resolveCandidateLocale('en'), answerMode: 'written' });
    expect(reminder.text).toContain("You haven't taken your written interview");
    for (const email of [fr, en, reminder]) expect(email.text).not.toMatch(/vocal|voice|micro|oral|out loud|à voix haute/i);

    const recorded = renderInvitationEmail('invitation', { ...base, locale: resolveCandidateLocale('en'), answerMode: 'recorded' });
    expect(recorded.text).toContain('Acme invites you to an interview for the Backend engineer position.');
    expect(recorded.text).toContain('you answer out loud or in writing');
    expect(recorded.text).toContain('with a microphone if you want to answer out loud');
    expect(recorded.text).not.toMatch(/voice/i);

    // A realtime provider: the live spoken conversation the page holds, writing still possible.
    const live = renderInvitationEmail('invitation', { ...base, locale: resolveCandidateLocale('en'), answerMode: 'live' });
    expect(live.text).toContain('Acme invites you to a live spoken interview for the Backend engineer position.');
    expect(live.text).toContain('talks with you in a live spoken conversation');
    expect(live.text).toContain('with a microphone and headphones or speakers');
    const liveFr = renderInvitationEmail('invitation', { ...base, answerMode: 'live' });
    expect(liveFr.text).toContain('Acme vous invite à un entretien oral en direct pour le poste de Backend engineer.');
    expect(liveFr.text).toContain('ou par écrit si vous préférez');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => renderInvitationEmail('invitation', { ...base, link: 'javascript:alert(1)' })).toThrow(/javascript/);
  });
});

describe('renderTeamInvitationEmail', () => {
  it('gives the expiry in the organization zone and names it', () => {
    const email = renderTeamInvitationEmail({
      organizationName: 'Acme',
      inviter: 'Ada Admin',
      role: 'recruiter',
      expiresAt: new Date('2026-07-01T15:30:00Z'),
      timeZone: 'Europe/Paris',
      link: 'https://app.example.com/join/XPM2tv408Ye0CbjYSEStl2Lqq9Zo0HWSLjdrg6W6QBA',
    });
    expect(email.text).toContain('This link is valid until Wednesday, 1 July 2026 at 17:30 (CEST) and works once.');
    expect(email.text).not.toContain('UTC');
  });
});
