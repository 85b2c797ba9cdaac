import { useRef, useState } from 'react';
import { COLLECTION_PROBLEM_TYPE } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation } from '@/shared/session/navigation';
import { showToast } from '@/shared/ui/toast';
import { complaintFilingMessages } from '../messages';
import { chooseComplaint } from '../utils/complaint-draft';
import type { ComplaintInit, ComplaintOption, ComplaintOrder } from '../utils/complaint-types';
import { complaintFormUrl } from '../utils/links';

/** The borrower's orders: the list, with the asked-for order first when the list lacks it. */
function ordersOf(data: ComplaintInit): ComplaintOrder[] {
  const { orderDetail, orderList } = data;
  if (orderDetail && !orderList.some((o) => o.orderNo === orderDetail.orderNo)) return [orderDetail, ...orderList];
  return orderList;
}

/**
 * The complaint entry's choice (§4): the order (the URL's, else the newest,
 * or one picked from all), and the question type. A type other than
 * collection opens the form at once; collection needs an order with isShow 1
 * and opens its sub-types, one of which opens the form. The choice travels to
 * the form in the draft.
 */
export function useComplaintChoice(data: ComplaintInit) {
  const { t } = useMessages(complaintFilingMessages);
  const [pickedOrderNo, setPickedOrderNo] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [subTypesOpen, setSubTypesOpen] = useState(false);
  const leaving = useRef(false);

  const orders = ordersOf(data);
  const order = orders.find((o) => o.orderNo === pickedOrderNo) ?? data.orderDetail ?? orders[0] ?? null;

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

  const chooseType = (type: ComplaintOption) => {
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

  const pickOrder = (picked: ComplaintOrder) => {
    setPickedOrderNo(picked.orderNo);
    // The sub-types belong to the previous order's check.
    setSubTypesOpen(false);
    setPickerOpen(false);
  };

  return {
    orders,
    order,
    /** The collection sub-types show (for an order that allows them). */
    showSubTypes: subTypesOpen && order?.isShow === 1,
    chooseType,
    goToForm,
    pickerOpen,
    openPicker: () => setPickerOpen(true),
    closePicker: () => setPickerOpen(false),
    pickOrder,
  };
}
