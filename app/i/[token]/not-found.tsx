import { headers } from 'next/headers';
import { CANDIDATE_PAGE_CSS } from './candidate-page-style';
import { renderClosedInvitation } from './render-closed-invitation';

/** An unknown link that reached the page (the proxy normally answers it): the same 404 page. */
export default async function InvitationNotFound() {
  const page = renderClosedInvitation(null, (await headers()).get('accept-language'))!;
  return (
    <>
      <style>{CANDIDATE_PAGE_CSS}</style>
      <div dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
    </>
  );
}
