import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import { useAddressSearch } from '@/shared/router/address';
import type { TextValue } from '@presta/contract/api/common';
import { routes } from '@presta/contract/routes';
import { marketMoney } from '@/shared/format/money';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { getSessionParams, inAppUrl } from '@/shared/session/session-params';
import { DetailList } from '@/shared/ui/detail-list';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchPaymentReceipt, type PaymentReceipt } from '../api/payment-receipt';
import { statementMessages } from '../messages';
import { allocationText, channelText, extensionText, timeZoneText, type Describe } from '../utils/describe';
import { readPaymentId } from '../utils/payment-id';
import './payment-receipt-page.css';

type Back = { orderId: string; productId: string };

/**
 * A payment's receipt (/payment-receipt?paymentId=… + session, ours: docs/statement.md): the lender of the
 * loan's market, the amount, day and time, channel, reference, how it was applied and what was owed after
 * it; a Print button, and a print stylesheet that fits one A4 or Letter page without the page's buttons.
 * A missing or malformed paymentId is an invalid link; another borrower's payment is not found.
 */
export default function PaymentReceiptPage() {
  const search = useAddressSearch();
  const paymentId = useMemo(() => readPaymentId(search), [search]);
  const session = useMemo(() => getSessionParams(search), [search]);
  const back = { orderId: session.orderId ?? '', productId: session.productId ?? '' };
  const { t } = useMessages(statementMessages);
  usePageTitle(t('receiptPageTitle'));
  if (paymentId === null) {
    return (
      <PageLayout>
        <LoadFailure title={t('missingPaymentTitle')} text={t('missingPayment')} />
      </PageLayout>
    );
  }
  return <Receipt key={paymentId} paymentId={paymentId} back={back} />;
}

function Receipt({ paymentId, back }: { paymentId: string; back: Back }) {
  const { t } = useMessages(statementMessages);
  const remote = useQuery<PaymentReceipt>({ load: ({ signal }) => fetchPaymentReceipt(paymentId, { signal }) });
  if (!remote.data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  return <ReceiptView data={remote.data} back={{ ...back, orderId: remote.data.orderId || back.orderId }} />;
}

function ReceiptView({ data, back }: { data: PaymentReceipt; back: Back }) {
  const { t, lang } = useMessages(statementMessages);
  const id = useId();
  const d: Describe = { t, lang, market: data.market, money: marketMoney(data.market) };
  const facts: TextValue[] = [
    { text: t('receiptNoLabel'), value: data.paymentId },
    { text: t('receivedAtLabel'), value: `${data.receivedAt} (${timeZoneText(t, data.market)})` },
    ...(data.valueDate !== data.receivedAt.slice(0, 10) ? [{ text: t('valueDateLabel'), value: data.valueDate }] : []),
    { text: t('channelLabel'), value: channelText(t, data.channel) },
    { text: t('referenceLabel'), value: data.reference ?? t('noReference') },
    { text: t('purposeLabel'), value: t(data.purpose === 'extension' ? 'purposeExtension' : 'purposeRepayment', { orderNo: data.orderNo }) },
    { text: t('productLabel'), value: data.productName },
  ];
  const after: TextValue[] = [
    ...(data.waived > 0 ? [{ text: t('waivedLabel'), value: d.money(data.waived) }] : []),
    { text: t('balanceAfterLabel'), value: d.money(data.balanceAfter) },
    ...(data.creditAfter > 0 ? [{ text: t('creditAfterLabel'), value: d.money(data.creditAfter) }] : []),
  ];
  const actions = (
    <div className="presta-receipt-actions">
      <PrimaryButton onClick={() => window.print()}>{t('print')}</PrimaryButton>
      <Link to={inAppUrl(routes.loanStatement, { orderId: back.orderId, productId: back.productId || undefined })} className="presta-page-link-button">
        {t('backToStatement')}
      </Link>
    </div>
  );

  return (
    <PageLayout className="presta-receipt" actions={actions}>
      <PageCard className="presta-receipt-card">
        <div className="presta-receipt-lender">
          <p className="presta-receipt-lender-name">{data.lender.name}</p>
          <p className="presta-receipt-lender-address">{data.lender.address}</p>
        </div>
        <h1 className="presta-receipt-heading">{t('receiptHeading')}</h1>
        <p className="presta-receipt-amount-label">{t('amountPaidLabel')}</p>
        <p className="presta-receipt-amount">{d.money(data.amount)}</p>
        <DetailList rows={facts} className="presta-receipt-facts" />
        <section className="presta-receipt-section" aria-labelledby={`${id}-allocation`}>
          <h2 id={`${id}-allocation`} className="presta-receipt-section-title">
            {t('allocationTitle')}
          </h2>
          <DetailList rows={data.allocations.map((a) => ({ text: allocationText(d, a), value: d.money(a.amount) }))} />
        </section>
        {data.extension ? (
          <section className="presta-receipt-section" aria-labelledby={`${id}-extension`}>
            <h2 id={`${id}-extension`} className="presta-receipt-section-title">
              {t('extensionTitle')}
            </h2>
            <p className="presta-receipt-text">{extensionText(d, data.extension)}</p>
          </section>
        ) : null}
        <DetailList rows={after} className="presta-receipt-after" />
        {data.settled ? <p className="presta-receipt-settled">{t('settledNote')}</p> : null}
        <p className="presta-receipt-issuer">{t('issuedBy', { lender: data.lender.name, address: data.lender.address })}</p>
      </PageCard>
    </PageLayout>
  );
}
