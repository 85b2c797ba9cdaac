import { useMemo, type ReactNode } from 'react';
import { useAddressSearch } from '@/shared/router/address';
import type { OrderQuery } from '@/shared/http/order-payload';
import type { Query } from '@/shared/http/query';
import { useQuery, type QueryResult } from '@/shared/http/use-query';
import { getSessionParams } from '@/shared/session/session-params';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PageFallback, remoteFallbackTexts, type RemoteFallbackKey } from '@/shared/ui/remote-fallback';

/** The order a page is about: the session's orderId and productId ('' when absent). */
export type OrderIds = { orderId: string; productId: string };


export type OrderDataPageProps<T> = {
  /** The page title, in the page's language. */
  title: string;
  /** The feature's catalogue: the usual load texts (RemoteFallbackKey) and `missingOrder`. */
  t: (key: RemoteFallbackKey | 'missingOrder') => string;
  /** The page's data for the session's order (query.ts). */
  query: (order: OrderQuery) => Query<T>;
  /** The page, once its data is there; `reload` loads it again (a silent reload keeps the page as it is). */
  children: (data: T, ids: OrderIds, reload: QueryResult<T>['load']) => ReactNode;
};

/**
 * The frame of the pages about one order (?orderId&productId + session): the
 * order's ids from the address, a notice without an order, the data loaded
 * (again from scratch when the ids change), and the shared loading and
 * failure states until it is there.
 */
export function OrderDataPage<T>(props: OrderDataPageProps<T>) {
  const search = useAddressSearch();
  const session = useMemo(() => getSessionParams(search), [search]);
  const orderId = session.orderId ?? '';
  const productId = session.productId ?? '';
  return <OrderData key={`${orderId}:${productId}`} {...props} orderId={orderId} productId={productId} />;
}

function OrderData<T>({ title, t, query, children, orderId, productId }: OrderDataPageProps<T> & OrderIds) {
  usePageTitle(title);
  const remote = useQuery(query({ orderId, productId: productId || undefined }), { enabled: orderId !== '' });

  if (!orderId) {
    return (
      <PageLayout>
        <LoadFailure title={t('loadFailedTitle')} text={t('missingOrder')} />
      </PageLayout>
    );
  }
  if (!remote.data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  return <>{children(remote.data, { orderId, productId }, remote.load)}</>;
}
