import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TERMS_PATH, WITHDRAWAL_PATH } from '../../../lib/legal-texts';

/** Which of the store's terms texts exist (not empty), so the checkout links only those. */
export interface TermsLinks {
  terms: boolean;
  withdrawal: boolean;
}

const LINK_MARK = '\u0000';

/** A sentence with one link, split where its {{link}} goes (the word order differs by language). */
function SentenceWithLink({ sentence, to, text }: { sentence: string; to: string; text: string }) {
  const { t } = useTranslation();
  const [before = '', after = ''] = t(sentence, { link: LINK_MARK }).split(LINK_MARK);
  return (
    <>
      {before}
      {/* A new tab, so reading the terms keeps the cart and the checkout as they are. */}
      <Link to={to} target="_blank" rel="noopener noreferrer">
        {t(text)}
        <span className="visually-hidden"> {t('orders.terms_notice.new_tab')}</span>
      </Link>
      {after}
    </>
  );
}

/**
 * The line above the order button that points to the terms (AGB) and the withdrawal
 * information; nothing when the store has written neither.
 */
export function TermsNotice({ links }: { links: TermsLinks }) {
  if (!links.terms && !links.withdrawal) return null;
  return (
    <p className="place-order__terms" data-testid="terms-notice">
      {links.terms && (
        <SentenceWithLink sentence="orders.terms_notice.terms" to={TERMS_PATH} text="orders.terms_notice.terms_link" />
      )}
      {links.terms && links.withdrawal && ' '}
      {links.withdrawal && (
        <SentenceWithLink
          sentence="orders.terms_notice.withdrawal"
          to={WITHDRAWAL_PATH}
          text="orders.terms_notice.withdrawal_link"
        />
      )}
    </p>
  );
}
