import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Normalised } from '@presta/contract/envelope';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages } from '@/shared/i18n/use-messages';
import { getSessionParams } from '@/shared/session/session-params';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import type { RepaymentQuery } from '../api/repayment-plan';
import { repaymentMessages, type RepaymentMessageKey } from '../messages';

export type OrderIds = { orderId: string; productId: string };

export type OrderDataPageProps<T> = {
  /** The page title's message key. */
  title: RepaymentMessageKey;
  /** Loads the page's data for the session's order. */
  load: (query: RepaymentQuery, opts: { signal: AbortSignal }) => Promise<Normalised<T>>;
  /** The page, once its data is there. */
  children: (data: T, ids: OrderIds) => ReactNode;
};

/**
 * The frame of the repayment and extension pages (?orderId&productId +
 * session): the order's ids from the address, a notice without an order,
 * the data loaded (again from scratch when the ids change), and the shared
 * loading and failure states until it is there.
 */
export function OrderDataPage<T>(props: OrderDataPageProps<T>) {
  const { search } = useLocation();
  const session = useMemo(() => getSessionParams(search), [search]);
  const orderId = session.orderId ?? '';
  const productId = session.productId ?? '';
  return <OrderData key={`${orderId}:${productId}`} {...props} orderId={orderId} productId={productId} />;
}

function OrderData<T>({ title, load, children, orderId, productId }: OrderDataPageProps<T> & OrderIds) {
  const { t } = useMessages(repaymentMessages);
  usePageTitle(t(title));
  const remote = useRemoteData<T>((_arg, { signal }) => load({ orderId, productId: productId || undefined }, { signal }), {
    enabled: orderId !== '',
  });

  if (!orderId) {
    return (
      <PageLayout>
        <LoadFailure title={t('loadFailedTitle')} text={t('missingOrder')} />
      </PageLayout>
    );
  }
  if (!remote.data) {
    return (
      <PageLayout>
        <RemoteFallback remote={remote} texts={remoteFallbackTexts(t)} />
      </PageLayout>
    );
  }
  return <>{children(remote.data, { orderId, productId })}</>;
}
