import { useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { COLLECTION_PROBLEM_TYPE } from '@presta/contract/complaint-rules';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { getSessionParams } from '@/shared/session/session-params';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { showToast } from '@/shared/ui/toast';
import { fetchComplaintInit } from '../api/complaint-init';
import { ComplaintOrderCard } from '../components/complaint-order-card';
import { OrderPicker } from '../components/order-picker';
import { QuestionTypeList } from '../components/question-type-list';
import { complaintFilingMessages } from '../messages';
import { chooseComplaint } from '../utils/complaint-draft';
import type { ComplaintInit, ComplaintOption, ComplaintOrder } from '../utils/complaint-types';
import { complaintFormUrl, complaintListUrl } from '../utils/links';
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
  const { search } = useLocation();
  const orderId = useMemo(() => {
    const id = getSessionParams(search).orderId;
    return id && /^\d{1,18}$/.test(id) ? id : undefined;
  }, [search]);
  return <ComplaintEntry key={orderId ?? ''} orderId={orderId} />;
}

/** The borrower's orders: the list, with the asked-for order first when the list lacks it. */
function ordersOf(data: ComplaintInit): ComplaintOrder[] {
  const { orderDetail, orderList } = data;
  if (orderDetail && !orderList.some((o) => o.orderNo === orderDetail.orderNo)) return [orderDetail, ...orderList];
  return orderList;
}

function ComplaintEntry({ orderId }: { orderId: string | undefined }) {
  const { t } = useMessages(complaintFilingMessages);
  usePageTitle(t('entryPageTitle'));

  const remote = useRemoteData<ComplaintInit>((_arg, { silent, signal }) => fetchComplaintInit(orderId, { silent, signal }));
  const { data } = remote;

  const [pickedOrderNo, setPickedOrderNo] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [subTypesOpen, setSubTypesOpen] = useState(false);
  const leaving = useRef(false);

  const header = (
    <header className="presta-complaint-entry-head">
      <h1 className="presta-complaint-entry-title">{t('entryHeading')}</h1>
      <a className="presta-page-link-button presta-complaint-entry-mine" href={complaintListUrl()}>
        {t('myComplaints')}
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
    </header>
  );

  if (!data) {
    return (
      <PageLayout className="presta-complaint-entry">
        {header}
        <RemoteFallback level={2} remote={remote} texts={remoteFallbackTexts(t)} />
      </PageLayout>
    );
  }

  const orders = ordersOf(data);
  const order = orders.find((o) => o.orderNo === pickedOrderNo) ?? data.orderDetail ?? orders[0] ?? null;
  const collectionType = data.problemType.find((type) => type.value === COLLECTION_PROBLEM_TYPE);

  /** Keeps the choice in the draft and opens the form. */
  const goToForm = (type: ComplaintOption, subType: ComplaintOption | null) => {
    if (!order || leaving.current) return;
    if (!chooseComplaint({ orderNo: order.orderNo, type, subType })) {
      showToast(t('storageUnavailable'));
      return;
    }
    leaving.current = true;
    assignLocation(complaintFormUrl());
  };

  const onType = (type: ComplaintOption) => {
    if (!order) return;
    if (type.value !== COLLECTION_PROBLEM_TYPE) {
      goToForm(type, null);
      return;
    }
    // §4 step 3: collection complaints only for an order with isShow 1.
    if (order.isShow !== 1) {
      setSubTypesOpen(false);
      showToast(t('collectionNotAllowed'));
      return;
    }
    if (data.problemSonType.length === 0) {
      goToForm(type, null);
      return;
    }
    setSubTypesOpen((open) => !open);
  };

  const onPickOrder = (picked: ComplaintOrder) => {
    setPickedOrderNo(picked.orderNo);
    // The sub-types belong to the previous order's check.
    setSubTypesOpen(false);
    setPickerOpen(false);
  };

  const subTypes =
    subTypesOpen && collectionType && order?.isShow === 1 ? (
      <>
        <h3 className="presta-complaint-options-nested-title">{t('subTypesTitle')}</h3>
        <QuestionTypeList options={data.problemSonType} onSelect={(subType) => goToForm(collectionType, subType)} />
      </>
    ) : undefined;

  return (
    <PageLayout className="presta-complaint-entry">
      {header}
      <PageCard
        title={t('orderTitle')}
        titleAside={
          orders.length > 1 ? (
            <button
              type="button"
              className="presta-page-link-button presta-complaint-entry-all"
              aria-label={t('allOrdersLabel')}
              aria-haspopup="dialog"
              onClick={() => setPickerOpen(true)}
            >
              {t('allOrders')}
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          ) : undefined
        }
      >
        {order ? (
          <ComplaintOrderCard order={order} statusLabel={t('statusLabel')} />
        ) : (
          <div className="presta-complaint-entry-empty">
            <p className="presta-complaint-entry-empty-title">{t('noOrdersTitle')}</p>
            <p className="presta-complaint-entry-empty-text">{t('noOrdersText')}</p>
          </div>
        )}
      </PageCard>
      <PageCard title={t('typesTitle')}>
        {data.problemType.length > 0 ? (
          <QuestionTypeList
            options={data.problemType}
            onSelect={onType}
            disabled={!order}
            expandableValue={data.problemSonType.length > 0 ? COLLECTION_PROBLEM_TYPE : undefined}
            expanded={subTypes}
          />
        ) : (
          <p className="presta-complaint-entry-empty-text">{t('noTypes')}</p>
        )}
      </PageCard>
      {order ? (
        <OrderPicker
          visible={pickerOpen}
          orders={orders}
          selectedOrderNo={order.orderNo}
          onSelect={onPickOrder}
          onClose={() => setPickerOpen(false)}
          labels={{ title: t('orderPickerTitle'), close: t('close'), orderNumber: (orderNo) => t('orderOptionNumber', { orderNo }) }}
        />
      ) : null}
    </PageLayout>
  );
}
