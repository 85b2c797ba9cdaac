import type { LoanConfirmData } from '@presta/contract/api/loan';
import './plan-list.css';

export type PlanItem = LoanConfirmData['repay_plans'][number];

export type PlanListProps = {
  plans: readonly PlanItem[];
  /** Formats an amount in minor units with the currency sign. */
  formatMoney: (minor: number) => string;
  /** Accessible labels of the amount and due date of each instalment. */
  amountLabel: string;
  dueLabel: string;
};

/** The repayment plan of the confirmation: one entry per instalment, in order. */
export function PlanList({ plans, formatMoney, amountLabel, dueLabel }: PlanListProps) {
  if (plans.length === 0) return null;
  const numbered = plans.length > 1;
  return (
    <ol className={['presta-loan-plan-list', numbered ? 'presta-loan-plan-list-numbered' : ''].filter(Boolean).join(' ')}>
      {plans.map((plan, index) => (
        <li className="presta-loan-plan-item" key={`${plan.pay_time}-${index}`}>
          {numbered ? (
            <span className="presta-loan-plan-index" aria-hidden="true">
              {index + 1}
            </span>
          ) : null}
          <div className="presta-loan-plan-main">
            <p className="presta-loan-plan-title">{plan.title}</p>
            {plan.description ? <p className="presta-loan-plan-description">{plan.description}</p> : null}
          </div>
          <dl className="presta-loan-plan-figures">
            <dt className="presta-visually-hidden">{amountLabel}</dt>
            <dd className="presta-loan-plan-amount">{formatMoney(plan.amount)}</dd>
            <dt className="presta-visually-hidden">{dueLabel}</dt>
            <dd className="presta-loan-plan-date">{plan.pay_time}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
