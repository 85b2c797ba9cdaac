import type { AgreementTerms } from '@presta/contract/api/loan';
import { markets } from '@presta/contract/markets';
import { marketMoney } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { InstalmentList } from '@/shared/ui/instalment-list';
import { agreementMessages } from '../messages';
import { agreementClauses } from '../utils/agreement-clauses';

/** The clauses, every figure from the terms; the payment clause shows the plan. */
export function AgreementClauses({ terms }: { terms: AgreementTerms }) {
  const { t, lang } = useMessages(agreementMessages);
  return (
    <ol className="presta-agreement-clauses">
      {agreementClauses(terms, t, lang).map(({ title, paragraphs, plan }) => (
        <li key={title} className="presta-agreement-clause">
          <h3 className="presta-agreement-clause-title">{t(title)}</h3>
          {paragraphs.map((text, index) => (
            <p key={index} className="presta-agreement-clause-text">
              {withUnbreakableAmounts(text)}
            </p>
          ))}
          {plan ? (
            <div className="presta-agreement-plan">
              <PaymentPlan terms={terms} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The loan's instalments: each one's total and date, its principal, interest, commission and tax. */
function PaymentPlan({ terms }: { terms: AgreementTerms }) {
  const { t, lang } = useMessages(agreementMessages);
  const money = marketMoney(terms.market);
  const tax = markets[terms.market].tax.name[lang];
  const count = terms.plan.length;
  return (
    <InstalmentList
      items={terms.plan.map((x) => ({
        title: t('planTitle', { seq: x.seq, count }),
        note: t('planNote', { principal: money(x.principal), interest: money(x.interest), commission: money(x.commission), tax, taxAmount: money(x.tax) }),
        amount: x.total,
        date: x.dueDate,
      }))}
      formatMoney={money}
      amountLabel={t('planAmountLabel')}
      dateLabel={t('planDateLabel')}
    />
  );
}
