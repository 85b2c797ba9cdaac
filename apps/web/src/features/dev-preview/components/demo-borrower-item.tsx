import { applicationStatuses, type ApplicationStatus } from '@presta/contract/application-rules';
import { isOrderStatus, orderStatusNames } from '@presta/contract/order-status';
import { routes } from '@presta/contract/routes';
import { useMessages, type Messages } from '@/shared/i18n/use-messages';
import { previewMessages, type PreviewMessageKey } from '@/features/dev-preview/messages';
import { buildPreviewUrl, type PreviewFields } from '@/features/dev-preview/preview-fields';
import type { DemoBorrower } from '@/features/dev-preview/api/demo-api';

type DemoBorrowerItemProps = {
  borrower: DemoBorrower;
  /** This borrower's session is the page's: its quick links show. */
  active: boolean;
  /** A session is starting: no "Use" meanwhile. */
  busy: boolean;
  fields: PreviewFields;
  onUse: (borrower: DemoBorrower) => void;
};

/** One demo borrower: name, phone and language, "Use", and once used its quick links. */
export function DemoBorrowerItem({ borrower, active, busy, fields, onUse }: DemoBorrowerItemProps) {
  const { t } = useMessages(previewMessages);
  return (
    <li className={`presta-test-preview-borrower${active ? ' presta-test-preview-borrower-active' : ''}`}>
      <div className="presta-test-preview-borrower-head">
        <div className="presta-test-preview-borrower-who">
          <span className="presta-test-preview-borrower-name">{borrower.name}</span>
          <span className="presta-test-preview-borrower-meta">
            {borrower.phone} · {borrower.language.toUpperCase()}
          </span>
          {borrower.application ? <span className="presta-test-preview-borrower-meta">{applicationSummary(borrower.application, t)}</span> : null}
        </div>
        <button
          type="button"
          className="presta-test-preview-use"
          disabled={busy}
          aria-label={t(active ? 'demoInUseLabel' : 'demoUseLabel', { name: borrower.name })}
          onClick={() => onUse(borrower)}
        >
          {active ? t('demoInUse') : t('demoUse')}
        </button>
      </div>
      {active ? <DemoQuickLinks borrower={borrower} fields={fields} /> : null}
    </li>
  );
}

type DemoApplication = NonNullable<DemoBorrower['application']>;
type PreviewT = Messages<PreviewMessageKey>['t'];

/** The application's state in a word of the test page's (an unknown one as the server sent it). */
function applicationStatusText(status: string, t: PreviewT): string {
  return (applicationStatuses as readonly string[]).includes(status) ? t(`applicationStatus_${status as ApplicationStatus}`) : status;
}

/** "Solicitud AP… (MX): En evaluación": which borrowers of the list are demo applicants, and where they stand. */
function applicationSummary(application: DemoApplication, t: PreviewT): string {
  return t('demoApplicationSummary', { applicationNo: application.applicationNo, market: application.market, status: applicationStatusText(application.status, t) });
}

/** The borrower's offers (to its confirmation) and orders (to their details), with its session's fields. */
function DemoQuickLinks({ borrower, fields }: { borrower: DemoBorrower; fields: PreviewFields }) {
  const { t, lang } = useMessages(previewMessages);
  // One word per status (issue 14): the loan details page's, from the contract.
  const statusText = (status: string) => (isOrderStatus(status) ? orderStatusNames[lang][status] : status);
  return (
    <div className="presta-test-preview-quick">
      <h3 className="presta-test-preview-quick-title">{t('demoOffers')}</h3>
      {borrower.offers.length === 0 ? (
        <p className="presta-test-preview-hint">{t('demoNoOffers')}</p>
      ) : (
        <ul className="presta-test-preview-chips">
          {borrower.offers.map((offer) => (
            <li key={offer.productId}>
              <a className="presta-test-preview-chip" href={buildPreviewUrl(routes.confirmLoan, { ...fields, productId: offer.productId }, lang)}>
                {t('demoConfirmOffer', { productName: offer.productName })}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 className="presta-test-preview-quick-title">{t('demoApplication')}</h3>
      {borrower.application ? (
        <ul className="presta-test-preview-chips">
          <li>
            <a className="presta-test-preview-chip" href={buildPreviewUrl(routes.certify, fields, lang)}>
              {t('demoApplicationLink', { applicationNo: borrower.application.applicationNo, status: applicationStatusText(borrower.application.status, t) })}
            </a>
          </li>
        </ul>
      ) : (
        <p className="presta-test-preview-hint">{t('demoNoApplication')}</p>
      )}
      <h3 className="presta-test-preview-quick-title">{t('demoOrders')}</h3>
      {borrower.orders.length === 0 ? (
        <p className="presta-test-preview-hint">{t('demoNoOrders')}</p>
      ) : (
        <ul className="presta-test-preview-chips">
          {borrower.orders.map((order) => (
            <li key={order.orderId}>
              <a
                className="presta-test-preview-chip"
                href={buildPreviewUrl(routes.loanDetails, { ...fields, productId: order.productId, orderId: order.orderId }, lang)}
              >
                {t('demoOrderDetails', { orderNo: order.orderNo, status: statusText(order.status) })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
