import { useId } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { previewMessages } from '@/features/dev-preview/messages';
import type { PreviewFields } from '@/features/dev-preview/preview-fields';
import type { DemoBorrower } from '@/features/dev-preview/api/demo-api';
import { DemoBorrowerItem } from '@/features/dev-preview/components/demo-borrower-item';
import { useDemoBorrowers, useDemoSession } from '@/features/dev-preview/hooks/use-demo-borrowers';

export type DemoBorrowersProps = {
  fields: PreviewFields;
  activeBorrowerId: string | null;
  /** Called with the session parameters (wire name → value) of the chosen borrower. */
  onUse: (borrower: DemoBorrower, params: Record<string, string>) => void;
};

/** The demo borrowers of a demo-mode server, each with a "Use" button and, once used, quick links. */
export function DemoBorrowers({ fields, activeBorrowerId, onUse }: DemoBorrowersProps) {
  const { t } = useMessages(previewMessages);
  const titleId = useId();
  const state = useDemoBorrowers();
  const session = useDemoSession(onUse);

  return (
    <section className="presta-test-preview-card" aria-labelledby={titleId}>
      <h2 className="presta-test-preview-card-title" id={titleId}>
        {t('demoTitle')}
      </h2>
      {state.kind === 'loading' ? <p className="presta-test-preview-hint">{t('demoLoading')}</p> : null}
      {state.kind === 'unavailable' ? <p className="presta-test-preview-note">{t('demoUnavailable')}</p> : null}
      {state.kind === 'ready' && state.borrowers.length === 0 ? <p className="presta-test-preview-note">{t('demoEmpty')}</p> : null}
      <p className="presta-test-preview-status" role="status">
        {session.notice}
      </p>
      {state.kind === 'ready' && state.borrowers.length > 0 ? (
        <ul className="presta-test-preview-borrowers">
          {state.borrowers.map((borrower) => (
            <DemoBorrowerItem
              key={borrower.borrowerId}
              borrower={borrower}
              active={borrower.borrowerId === activeBorrowerId}
              busy={session.busyId !== null}
              fields={fields}
              onUse={(chosen) => void session.use(chosen)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
