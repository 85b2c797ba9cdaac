import type { ExtensionPlanItem } from '../api/extension-quote';
import './extension-plan-list.css';

export type ExtensionPlanListProps = {
  plans: readonly ExtensionPlanItem[];
  /** Minor units → "$1.234,56". */
  formatMoney: (minor: number) => string;
  /** Accessible labels of each entry's amount and date. */
  amountLabel: string;
  dateLabel: string;
};

/** The plan of the extension page: title, remark, amount and time of each entry. */
export function ExtensionPlanList({ plans, formatMoney, amountLabel, dateLabel }: ExtensionPlanListProps) {
  if (plans.length === 0) return null;
  return (
    <ol className="presta-extension-plan">
      {plans.map((plan, index) => (
        <li className="presta-extension-plan-item" key={`${plan.time}-${index}`}>
          <div className="presta-extension-plan-main">
            <p className="presta-extension-plan-title">{plan.title}</p>
            {plan.remark ? <p className="presta-extension-plan-remark">{plan.remark}</p> : null}
          </div>
          <dl className="presta-extension-plan-figures">
            <dt className="presta-visually-hidden">{amountLabel}</dt>
            <dd className="presta-extension-plan-amount">{formatMoney(plan.amount)}</dd>
            {plan.time ? (
              <>
                <dt className="presta-visually-hidden">{dateLabel}</dt>
                <dd className="presta-extension-plan-time">{plan.time}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ol>
  );
}
