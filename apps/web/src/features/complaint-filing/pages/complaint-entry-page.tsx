import { useMemo } from 'react';
import { useAddressSearch } from '@/shared/router/address';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { getSessionParams } from '@/shared/session/session-params';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchComplaintInit } from '../api/complaint-init';
import { EntryHeader } from '../components/entry-header';
import { OrderPicker } from '../components/order-picker';
import { OrderSection } from '../components/order-section';
import { QuestionTypesSection } from '../components/question-types-section';
import { useComplaintChoice } from '../hooks/use-complaint-choice';
import { complaintFilingMessages } from '../messages';
import type { ComplaintInit } from '../utils/complaint-types';
import './complaint-entry-page.css';

/**
 * Complaint entry (/complaint + session, §2, §4): 'My complaints', the order
 * card (the URL's order, else the newest) with 'All' to pick another order,
 * and the question types. A type other than collection (1) opens the form at
 * once; collection needs an order with isShow 1 and opens its sub-types, one
 * of which opens the form. The choice travels to the form in the draft
 * (complaint-draft.ts).
 */
export default function ComplaintEntryPage() {
  const search = useAddressSearch();
  const orderId = useMemo(() => {
    const id = getSessionParams(search).orderId;
    return id && /^\d{1,18}$/.test(id) ? id : undefined;
  }, [search]);
  return <ComplaintEntry key={orderId ?? ''} orderId={orderId} />;
}

function ComplaintEntry({ orderId }: { orderId: string | undefined }) {
  const { t } = useMessages(complaintFilingMessages);
  usePageTitle(t('entryPageTitle'));
  const remote = useQuery<ComplaintInit>({ load: ({ silent, signal }) => fetchComplaintInit(orderId, { silent, signal }) });

  if (!remote.data) {
    return (
      <PageLayout className="presta-complaint-entry">
        <EntryHeader />
        <RemoteFallback level={2} remote={remote} texts={remoteFallbackTexts(t)} />
      </PageLayout>
    );
  }
  return <ComplaintChooser data={remote.data} />;
}

/** The order and the question types to choose from, and the picker of all the borrower's orders. */
function ComplaintChooser({ data }: { data: ComplaintInit }) {
  const { t } = useMessages(complaintFilingMessages);
  const choice = useComplaintChoice(data);
  const { order, orders } = choice;
  return (
    <PageLayout className="presta-complaint-entry">
      <EntryHeader />
      <OrderSection order={order} canPickAnother={orders.length > 1} onShowAll={choice.openPicker} />
      <QuestionTypesSection
        types={data.problemType}
        subTypes={data.problemSonType}
        showSubTypes={choice.showSubTypes}
        disabled={!order}
        onType={choice.chooseType}
        onSubType={choice.goToForm}
      />
      {order ? (
        <OrderPicker
          visible={choice.pickerOpen}
          orders={orders}
          selectedOrderNo={order.orderNo}
          onSelect={choice.pickOrder}
          onClose={choice.closePicker}
          labels={{ title: t('orderPickerTitle'), close: t('close'), orderNumber: (orderNo) => t('orderOptionNumber', { orderNo }) }}
        />
      ) : null}
    </PageLayout>
  );
}
