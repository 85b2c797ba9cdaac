import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useMessages } from '@/shared/i18n/use-messages';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { assignLocation } from '@/shared/session/navigation';
import { getSessionParams } from '@/shared/session/session-params';
import { LoadFailure } from '@/shared/ui/load-failure';
import { Notice } from '@/shared/ui/notice';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback } from '@/shared/ui/remote-fallback';
import { fetchRepaymentPlan, type RepaymentPlan } from '../api/repayment-plan';
import { ChannelList } from '../components/channel-list';
import { FoldedDetailList } from '../components/folded-detail-list';
import { RepaymentHero } from '../components/repayment-hero';
import { repaymentMessages } from '../messages';
import { channelListLabels } from '../utils/channel-labels';
import type { PaymentChannel } from '../utils/channels';
import { repaymentChannelUrl } from '../utils/payment-link';
import { visibleRows } from '../utils/rows';

/**
 * Instalment repayment (/repayment?orderId&productId + session): the amount
 * due and its date, the product, the detail rows folded to two, a notice, and
 * the payment channels. Choosing a channel opens its payment instruction
 * (/carpmm, requestType 1); the card channel (payCode 'card') opens the card
 * payment page (/card-repayment) instead.
 */
export default function RepaymentPage() {
  const { search } = useLocation();
  const session = useMemo(() => getSessionParams(search), [search]);
  const orderId = session.orderId ?? '';
  const productId = session.productId ?? '';
  return <Repayment key={`${orderId}:${productId}`} orderId={orderId} productId={productId} />;
}

function Repayment({ orderId, productId }: { orderId: string; productId: string }) {
  const { t, money } = useMessages(repaymentMessages);
  usePageTitle(t('repaymentPageTitle'));

  const remote = useRemoteData<RepaymentPlan>(
    (_arg, { signal }) => fetchRepaymentPlan({ orderId, productId: productId || undefined }, { signal }),
    { enabled: orderId !== '' },
  );
  const { data } = remote;

  if (!orderId) {
    return (
      <PageLayout>
        <LoadFailure title={t('loadFailedTitle')} text={t('missingOrder')} />
      </PageLayout>
    );
  }
  if (!data) {
    return (
      <PageLayout>
        <RemoteFallback
          remote={remote}
          texts={{ loading: t('loading'), failedTitle: t('loadFailedTitle'), failedText: t('loadFailedText'), retry: t('retry'), refusedTitle: t('refusedTitle') }}
        />
      </PageLayout>
    );
  }

  const onSelect = (channel: PaymentChannel) => {
    assignLocation(repaymentChannelUrl({ amount: data.repayAmount, payCode: channel.payCode, orderId, productId }));
  };

  return (
    <PageLayout className="presta-repayment">
      <RepaymentHero
        heading={t('repaymentHeading')}
        amountLabel={t('repayAmountLabel')}
        amount={money(data.repayAmount)}
        facts={[{ label: t('repayDateLabel'), value: data.repayDate }]}
        productLogo={data.productLogo}
        productName={data.productName}
      />
      {visibleRows(data.detail).length > 0 ? (
        <PageCard title={t('detailsTitle')}>
          <FoldedDetailList rows={data.detail} moreLabel={t('showMore')} lessLabel={t('showLess')} />
        </PageCard>
      ) : null}
      {data.noticeMsg.trim() ? <Notice label={t('noticeLabel')}>{data.noticeMsg}</Notice> : null}
      <PageCard title={t('channelsTitle')}>
        <ChannelList groups={data.channelGroups} onSelect={onSelect} labels={channelListLabels(t)} />
      </PageCard>
    </PageLayout>
  );
}
