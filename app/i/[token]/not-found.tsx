import { CANDIDATE_PAGE_CSS } from './candidate-page-style';
import { renderClosedInvitation } from './render-closed-invitation';

/** An unknown link that reached the page (the proxy normally answers it): the same bilingual 404 page. */
export default function InvitationNotFound() {
  const page = renderClosedInvitation(null)!;
  return (
    <>
      <style>{CANDIDATE_PAGE_CSS}</style>
      <div dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
    </>
  );
}
