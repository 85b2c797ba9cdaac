import { marketMoney, readMarket } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { AmountHero } from '@/shared/ui/amount-hero';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { InstalmentList } from '@/shared/ui/instalment-list';
import { Notice } from '@/shared/ui/notice';
import { OrderDataPage, type OrderIds } from '@/shared/ui/order-data-page';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { StatementLink } from '@/shared/ui/statement-link';
import { extensionQuoteQuery, type ExtensionQuote } from '../api/extension-quote';
import { ChannelList } from '../components/channel-list';
import { repaymentMessages } from '../messages';
import { channelListLabels } from '../utils/channel-labels';
import type { PaymentChannel } from '../utils/channels';
import { paymentInstructionUrl } from '../utils/payment-link';
import './extension-page.css';

/**
 * Extension repayment (/repayment-delay?orderId&productId + session): the
 * extension fee and the new due date, the product, the plan after the
 * extension, a notice, the payment channels and a closing note. Choosing a
 * channel opens its payment instruction (/carpmm, requestType 2). (The
 * customer-service float of the original is never displayed, so it is not built.)
 */
export default function ExtensionPage() {
  const { t } = useMessages(repaymentMessages);
  return (
    <OrderDataPage title={t('extensionPageTitle')} t={t} query={extensionQuoteQuery}>
      {(data, ids) => <Extension data={data} {...ids} />}
    </OrderDataPage>
  );
}

function Extension({ data, orderId, productId }: { data: ExtensionQuote } & OrderIds) {
  const { t } = useMessages(repaymentMessages);
  const money = marketMoney(readMarket(data.market));
  const { delayInfo } = data;
  const onSelect = (channel: PaymentChannel) => {
    assignLocation(
      paymentInstructionUrl({ requestType: 2, amount: delayInfo.delayAmount, payCode: channel.payCode, orderId, productId }),
    );
  };

  return (
    <PageLayout className="presta-extension">
      <AmountHero
        heading={t('extensionHeading')}
        lead={delayInfo.reviewer || undefined}
        amountLabel={t('extensionAmountLabel')}
        amount={money(delayInfo.delayAmount)}
        facts={[{ label: t('newDueDateLabel'), value: delayInfo.delayTime }]}
        product={{ logo: data.productLogo, name: data.productName }}
      />
      {data.repayPlan.length > 0 ? (
        <PageCard title={t('planTitle')}>
          <InstalmentList
            items={data.repayPlan.map((plan) => ({ title: plan.title, note: plan.remark, amount: plan.amount, date: plan.time }))}
            formatMoney={money}
            amountLabel={t('planAmountLabel')}
            dateLabel={t('planDateLabel')}
          />
        </PageCard>
      ) : null}
      {data.noticeMsg.trim() ? <Notice label={t('noticeLabel')}>{data.noticeMsg}</Notice> : null}
      <PageCard title={t('channelsTitle')}>
        <ChannelList groups={data.channelGroups} onSelect={onSelect} labels={channelListLabels(t)} />
      </PageCard>
      {data.note.trim() ? <p className="presta-extension-note">{withUnbreakableAmounts(data.note)}</p> : null}
      <StatementLink orderId={orderId} productId={productId} />
    </PageLayout>
  );
}
