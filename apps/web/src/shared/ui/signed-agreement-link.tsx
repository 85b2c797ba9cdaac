import { useId } from 'react';
import type { SignedAgreementLink as SignedAgreement } from '@presta/contract/api/loan';
import { formatDate } from '@presta/contract/dates';
import { markets, type MarketCode } from '@presta/contract/markets';
import { sessionAssetUrl } from '@/shared/session/session-asset-url';
import './signed-agreement-link.css';

export type SignedAgreementLinkProps = {
  agreement: SignedAgreement;
  /** The loan's market: the signing day is the market's calendar day. */
  market: MarketCode;
  /** The link's words ("Signed agreement (PDF)"). */
  label: string;
  /** The signing day's words, given the day as the pages write dates ("Signed on 2025-07-01"). */
  signedOn: (date: string) => string;
  /** Words read after the label that tell this link from its neighbours (my loans: the order number); not shown. */
  context?: string;
};

/**
 * Issue 38: the signed agreement's PDF, offered by loan details, my loans and the statement, with the day it
 * was signed. The PDF needs the borrower's session: its address carries the session parameters as the
 * barcode pictures' do (a browser signed in by SMS sends its cookie), and it opens in a new tab.
 */
export function SignedAgreementLink({ agreement, market, label, signedOn, context }: SignedAgreementLinkProps) {
  const dateId = useId();
  const day = formatDate(agreement.signedAt, { timeZone: markets[market].timeZone });
  return (
    <p className="presta-signed-agreement">
      <a href={sessionAssetUrl(agreement.pdfUrl)} target="_blank" rel="noopener" className="presta-page-link-button" aria-describedby={dateId}>
        {label}
        {context ? (
          <>
            {' '}
            <span className="presta-visually-hidden">{context}</span>
          </>
        ) : null}
      </a>
      <span id={dateId} className="presta-signed-agreement-date">
        {signedOn(day)}
      </span>
    </p>
  );
}
