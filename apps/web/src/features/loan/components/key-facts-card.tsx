import { useId } from 'react';
import { Link } from 'wouter';
import type { KeyFactsSummary } from '@presta/contract/api/key-facts';
import { routes } from '@presta/contract/routes';
import type { AnnualCostFigure } from '@/shared/format/annual-cost-text';
import { AnnualCostNote } from '@/shared/ui/annual-cost-note';
import { PageCard } from '@/shared/ui/page-layout';
import { inAppUrl } from '@/shared/session/session-params';
import type { LoanMessageKey } from '../messages';
import './key-facts-card.css';

export type KeyFactsCardProps = {
  keyFacts: KeyFactsSummary;
  annualCost: AnnualCostFigure;
  /** The acknowledgement is being saved. */
  saving: boolean;
  onAcknowledge: () => void;
  t: (key: LoanMessageKey, vars?: Record<string, string | number>) => string;
};

/**
 * India's Key Facts Statement on the confirmation (issue 13): its proposal number, how long it is valid, the
 * APR, a link to read it whole, and the box the borrower ticks to acknowledge it (recorded by the server;
 * once acknowledged it stays ticked). The apply button waits for it.
 */
export function KeyFactsCard({ keyFacts, annualCost, saving, onAcknowledge, t }: KeyFactsCardProps) {
  const id = useId();
  const href = inAppUrl(routes.keyFacts, { proposalNo: keyFacts.proposalNo });
  return (
    <PageCard title={t('keyFactsTitle')} className="presta-key-facts-card">
      <p className="presta-key-facts-card-text">{t('keyFactsText')}</p>
      <ul className="presta-key-facts-card-facts">
        <li>{t('keyFactsProposal', { proposalNo: keyFacts.proposalNo })}</li>
        <li>{t('keyFactsValidUntil', { date: keyFacts.validUntil })}</li>
      </ul>
      <AnnualCostNote cost={annualCost} />
      <p className="presta-key-facts-card-link">
        <Link to={href} className="presta-page-link-button">
          {t('keyFactsRead')}
        </Link>
      </p>
      <div className="presta-key-facts-card-ack">
        <input
          id={id}
          type="checkbox"
          className="presta-key-facts-card-input"
          checked={keyFacts.acknowledged || saving}
          disabled={keyFacts.acknowledged || saving}
          aria-busy={saving || undefined}
          onChange={(event) => {
            if (event.target.checked) onAcknowledge();
          }}
        />
        <label htmlFor={id}>{saving ? t('keyFactsAcknowledging') : t('keyFactsAcknowledge')}</label>
      </div>
    </PageCard>
  );
}
