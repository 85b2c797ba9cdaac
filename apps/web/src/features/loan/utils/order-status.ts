import { isOrderStatus, orderStatus, repayableStatuses, statusIn, type OrderStatus } from '@presta/contract/order-status';

/** The picture shown for a status: its own for the six known codes, the settled one for anything else (§2). */
export function statusPictureCode(status: string): OrderStatus {
  return isOrderStatus(status) ? status : orderStatus.settled;
}

export function statusPictureUrl(status: string): string {
  return `/assets/status/status-${statusPictureCode(status)}.svg`;
}

/** 174 and 180 show Repay (§4). */
export function isRepayable(status: string): boolean {
  return statusIn(repayableStatuses, status);
}

/** While the lender reviews (21) or disburses (151) the page refreshes itself. */
export function isInProgress(status: string): boolean {
  return status === orderStatus.underReview || status === orderStatus.approved;
}
