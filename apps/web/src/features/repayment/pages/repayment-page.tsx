import { visibleRows } from '@/shared/format/detail-rows';
import { marketMoney, readMarket } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { AmountHero } from '@/shared/ui/amount-hero';
import { DetailList } from '@/shared/ui/detail-list';
import { Notice } from '@/shared/ui/notice';
import { OrderDataPage, type OrderIds } from '@/shared/ui/order-data-page';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { StatementLink } from '@/shared/ui/statement-link';
import { repaymentPlanQuery, type RepaymentPlan } from '../api/repayment-plan';
import { ChannelList } from '../components/channel-list';
import { repaymentMessages } from '../messages';
import { channelListLabels } from '../utils/channel-labels';
import type { PaymentChannel } from '../utils/channels';
import { repaymentChannelUrl } from '../utils/payment-link';

/** §9: the instalment detail list is folded to 2 rows. */
const FOLDED_DETAIL_ROWS = 2;

/**
 * Instalment repayment (/repayment?orderId&productId + session): the amount
 * due and its date, the product, the detail rows folded to two, a notice, and
 * the payment channels. Choosing a channel opens its payment instruction
 * (/carpmm, requestType 1); the card channel (payCode 'card') opens the card
 * payment page (/card-repayment) instead.
 */
export default function RepaymentPage() {
  const { t } = useMessages(repaymentMessages);
  return (
    <OrderDataPage title={t('repaymentPageTitle')} t={t} query={repaymentPlanQuery}>
      {(data, ids) => <Repayment data={data} {...ids} />}
    </OrderDataPage>
  );
}

function Repayment({ data, orderId, productId }: { data: RepaymentPlan } & OrderIds) {
  const { t } = useMessages(repaymentMessages);
  const money = marketMoney(readMarket(data.market));
  // The server lists no channel while nothing can be paid (payments not open yet).
  const payable = data.channelGroups.length > 0;
  const onSelect = (channel: PaymentChannel) => {
    assignLocation(repaymentChannelUrl({ amount: data.repayAmount, payCode: channel.payCode, orderId, productId }));
  };

  return (
    <PageLayout className="presta-repayment">
      <AmountHero
        heading={t('repaymentHeading')}
        // Nothing can be paid yet (no channel to tap): the amount is the next instalment's, not one to pay now.
        amountLabel={payable ? t('repayAmountLabel') : t('nextInstalmentLabel')}
        amount={money(data.repayAmount)}
        facts={[{ label: t('repayDateLabel'), value: data.repayDate }]}
        product={{ logo: data.productLogo, name: data.productName }}
      />
      {visibleRows(data.detail).length > 0 ? (
        <PageCard title={t('detailsTitle')}>
          <DetailList rows={data.detail} fold={{ count: FOLDED_DETAIL_ROWS, moreLabel: t('showMore'), lessLabel: t('showLess') }} />
        </PageCard>
      ) : null}
      {data.noticeMsg.trim() ? <Notice label={t('noticeLabel')}>{data.noticeMsg}</Notice> : null}
      {/* Nothing can be paid yet: the notice says from when and how much, and no empty list of ways to pay (issue 32). */}
      {payable ? (
        <PageCard title={t('channelsTitle')}>
          <ChannelList groups={data.channelGroups} onSelect={onSelect} labels={channelListLabels(t)} />
        </PageCard>
      ) : null}
      <StatementLink orderId={orderId} productId={productId} />
    </PageLayout>
  );
}
