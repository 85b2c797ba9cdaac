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
import { fetchExtensionQuote, type ExtensionQuote } from '../api/extension-quote';
import { ChannelList } from '../components/channel-list';
import { ExtensionPlanList } from '../components/extension-plan-list';
import { RepaymentHero } from '../components/repayment-hero';
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
  const { search } = useLocation();
  const session = useMemo(() => getSessionParams(search), [search]);
  const orderId = session.orderId ?? '';
  const productId = session.productId ?? '';
  return <Extension key={`${orderId}:${productId}`} orderId={orderId} productId={productId} />;
}

function Extension({ orderId, productId }: { orderId: string; productId: string }) {
  const { t, money } = useMessages(repaymentMessages);
  usePageTitle(t('extensionPageTitle'));

  const remote = useRemoteData<ExtensionQuote>(
    (_arg, { signal }) => fetchExtensionQuote({ orderId, productId: productId || undefined }, { signal }),
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

  const { delayInfo } = data;
  const onSelect = (channel: PaymentChannel) => {
    assignLocation(
      paymentInstructionUrl({ requestType: 2, amount: delayInfo.delayAmount, payCode: channel.payCode, orderId, productId }),
    );
  };

  return (
    <PageLayout className="presta-extension">
      <RepaymentHero
        heading={t('extensionHeading')}
        lead={delayInfo.reviewer || undefined}
        amountLabel={t('extensionAmountLabel')}
        amount={money(delayInfo.delayAmount)}
        facts={[{ label: t('newDueDateLabel'), value: delayInfo.delayTime }]}
        productLogo={data.productLogo}
        productName={data.productName}
      />
      {data.repayPlan.length > 0 ? (
        <PageCard title={t('planTitle')}>
          <ExtensionPlanList
            plans={data.repayPlan}
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
      {data.note.trim() ? <p className="presta-extension-note">{data.note}</p> : null}
    </PageLayout>
  );
}
