import { useEffect, useId, useState } from 'react';
import { isOrderStatus, orderStatusNames } from '@presta/contract/order-status';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { previewMessages } from '@/features/dev-preview/messages';
import { buildPreviewUrl, type PreviewFields } from '@/features/dev-preview/preview-fields';
import { fetchDemoBorrowers, startDemoSession, type DemoBorrower } from '@/features/dev-preview/api/demo-api';

type LoadState = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'ready'; borrowers: DemoBorrower[] };

export type DemoBorrowersProps = {
  fields: PreviewFields;
  activeBorrowerId: string | null;
  /** Called with the session parameters (wire name → value) of the chosen borrower. */
  onUse: (borrower: DemoBorrower, params: Record<string, string>) => void;
};

/** The demo borrowers of a demo-mode server, each with a "Use" button and, once used, quick links. */
export function DemoBorrowers({ fields, activeBorrowerId, onUse }: DemoBorrowersProps) {
  const { t, lang } = useMessages(previewMessages);
  const titleId = useId();
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  const [busyId, setBusyId] = useState<string | null>(null);
  // Kept as a key and a name, so that it follows the language the chosen borrower switches the page to.
  const [notice, setNotice] = useState<{ key: 'demoSessionReady' | 'demoSessionFailed'; name: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchDemoBorrowers({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      const borrowers = result.data?.borrowers;
      setState(result.success && Array.isArray(borrowers) ? { kind: 'ready', borrowers } : { kind: 'unavailable' });
    });
    return () => controller.abort();
  }, []);

  async function use(borrower: DemoBorrower) {
    setBusyId(borrower.borrowerId);
    setNotice(null);
    const result = await startDemoSession(borrower.borrowerId, { loading: t('demoStarting') });
    setBusyId(null);
    if (result.success && result.data?.params) {
      onUse(borrower, result.data.params);
      setNotice({ key: 'demoSessionReady', name: borrower.name });
    } else {
      setNotice({ key: 'demoSessionFailed', name: borrower.name });
    }
  }

  // One word per status (issue 14): the loan details page's, from the contract.
  const statusText = (status: string) => (isOrderStatus(status) ? orderStatusNames[lang][status] : status);

  return (
    <section className="presta-test-preview-card" aria-labelledby={titleId}>
      <h2 className="presta-test-preview-card-title" id={titleId}>
        {t('demoTitle')}
      </h2>
      {state.kind === 'loading' ? <p className="presta-test-preview-hint">{t('demoLoading')}</p> : null}
      {state.kind === 'unavailable' ? <p className="presta-test-preview-note">{t('demoUnavailable')}</p> : null}
      {state.kind === 'ready' && state.borrowers.length === 0 ? (
        <p className="presta-test-preview-note">{t('demoEmpty')}</p>
      ) : null}
      <p className="presta-test-preview-status" role="status">
        {notice ? t(notice.key, { name: notice.name }) : ''}
      </p>
      {state.kind === 'ready' && state.borrowers.length > 0 ? (
        <ul className="presta-test-preview-borrowers">
          {state.borrowers.map((borrower) => {
            const active = borrower.borrowerId === activeBorrowerId;
            return (
              <li
                key={borrower.borrowerId}
                className={`presta-test-preview-borrower${active ? ' presta-test-preview-borrower-active' : ''}`}
              >
                <div className="presta-test-preview-borrower-head">
                  <div className="presta-test-preview-borrower-who">
                    <span className="presta-test-preview-borrower-name">{borrower.name}</span>
                    <span className="presta-test-preview-borrower-meta">
                      {borrower.phone} · {borrower.language.toUpperCase()}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="presta-test-preview-use"
                    disabled={busyId !== null}
                    aria-label={t(active ? 'demoInUseLabel' : 'demoUseLabel', { name: borrower.name })}
                    onClick={() => void use(borrower)}
                  >
                    {active ? t('demoInUse') : t('demoUse')}
                  </button>
                </div>
                {active ? (
                  <div className="presta-test-preview-quick">
                    <h3 className="presta-test-preview-quick-title">{t('demoOffers')}</h3>
                    {borrower.offers.length === 0 ? (
                      <p className="presta-test-preview-hint">{t('demoNoOffers')}</p>
                    ) : (
                      <ul className="presta-test-preview-chips">
                        {borrower.offers.map((offer) => (
                          <li key={offer.productId}>
                            <a
                              className="presta-test-preview-chip"
                              href={buildPreviewUrl(routes.confirmLoan, { ...fields, productId: offer.productId }, lang)}
                            >
                              {t('demoConfirmOffer', { productName: offer.productName })}
                            </a>
                          </li>
                        ))}
                      </ul>
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
                              href={buildPreviewUrl(
                                routes.loanDetails,
                                { ...fields, productId: order.productId, orderId: order.orderId },
                                lang,
                              )}
                            >
                              {t('demoOrderDetails', { orderNo: order.orderNo, status: statusText(order.status) })}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
