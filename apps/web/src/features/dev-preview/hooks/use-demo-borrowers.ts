import { useEffect, useState } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { previewMessages } from '@/features/dev-preview/messages';
import { fetchDemoBorrowers, startDemoSession, type DemoBorrower } from '@/features/dev-preview/api/demo-api';

type LoadState = { kind: 'loading' } | { kind: 'unavailable' } | { kind: 'ready'; borrowers: DemoBorrower[] };

/** The demo borrowers of a demo-mode server: loading, unavailable (not a demo server), or the list. */
export function useDemoBorrowers(): LoadState {
  const [state, setState] = useState<LoadState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void fetchDemoBorrowers({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      const borrowers = result.data?.borrowers;
      setState(result.success && Array.isArray(borrowers) ? { kind: 'ready', borrowers } : { kind: 'unavailable' });
    });
    return () => controller.abort();
  }, []);
  return state;
}

/**
 * Starts a demo borrower's session (one at a time: `busyId` while it starts)
 * and says how it went. The notice is kept as a key and a name, so that it
 * follows the language the chosen borrower switches the page to.
 */
export function useDemoSession(onUse: (borrower: DemoBorrower, params: Record<string, string>) => void) {
  const { t } = useMessages(previewMessages);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ key: 'demoSessionReady' | 'demoSessionFailed'; name: string } | null>(null);

  async function use(borrower: DemoBorrower) {
    setBusyId(borrower.borrowerId);
    setNotice(null);
    const result = await startDemoSession(borrower.borrowerId, { loading: t('demoStarting') });
    setBusyId(null);
    if (result.success && result.data?.params) {
      onUse(borrower, result.data.params);
      setNotice({ key: 'demoSessionReady', name: borrower.name });
    } else {
      setNotice({ key: 'demoSessionFailed', name: borrower.name });
    }
  }

  return { busyId, notice: notice ? t(notice.key, { name: notice.name }) : '', use };
}
