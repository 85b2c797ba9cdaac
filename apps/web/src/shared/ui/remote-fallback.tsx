import type { QueryResult } from '@/shared/http/use-query';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { PageSkeleton } from '@/shared/ui/page-skeleton';

export type RemoteFallbackTexts = {
  /** Announced while the data loads. */
  loading: string;
  /** After a network failure or timeout: a retry is offered. */
  failedTitle: string;
  failedText: string;
  retry: string;
  /** Title over the server's refusal (its message is the text); no retry, it would be refused again. */
  refusedTitle: string;
};

/** The catalogue keys most pages name these texts with. */
export type RemoteFallbackKey = 'loading' | 'loadFailedTitle' | 'loadFailedText' | 'retry' | 'refusedTitle';

/** The texts from a feature catalogue that uses the usual keys (RemoteFallbackKey). */
export function remoteFallbackTexts(t: (key: RemoteFallbackKey) => string): RemoteFallbackTexts {
  return { loading: t('loading'), failedTitle: t('loadFailedTitle'), failedText: t('loadFailedText'), retry: t('retry'), refusedTitle: t('refusedTitle') };
}

export type RemoteFallbackProps = {
  remote: Pick<QueryResult<unknown, never>, 'failed' | 'refusal'> & { load: () => unknown };
  texts: RemoteFallbackTexts;
  /** Heading level of the failure: 1 when it is the whole page (default), 2 under the page's own heading. */
  level?: 1 | 2;
  /** Where a borrower goes after a refusal (e.g. back to choose another way to pay); none by default. */
  refusalAction?: { label: string; onAction: () => void };
};

/**
 * What a page shows while its data is not there (useQuery): the
 * skeleton while it loads; the server's refusal (e.g. "this loan is already
 * paid") without a retry; else the connection failure with a retry.
 */
export function RemoteFallback({ remote, texts, level = 1, refusalAction }: RemoteFallbackProps) {
  if (!remote.failed) return <PageSkeleton label={texts.loading} />;
  if (remote.refusal) {
    return <LoadFailure level={level} title={texts.refusedTitle} text={remote.refusal} actionLabel={refusalAction?.label} onAction={refusalAction?.onAction} />;
  }
  return <LoadFailure level={level} title={texts.failedTitle} text={texts.failedText} actionLabel={texts.retry} onAction={() => void remote.load()} />;
}

/** A whole page that is only RemoteFallback: what a page shows before its data is there. */
export function PageFallback(props: RemoteFallbackProps) {
  return (
    <PageLayout>
      <RemoteFallback {...props} />
    </PageLayout>
  );
}
