import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { PrimaryButton } from '@/shared/ui/primary-button';
import type { LimitIncreasesState } from '../hooks/use-limit-increases';
import { accountMessages } from '../messages';
import { limitIncreaseFacts } from '../utils/limit-increase';
import { LimitIncreaseDialog } from './limit-increase-dialog';

/**
 * Home's proposed higher limits (issue 35), a card each: "we can raise your limit on … from … to …", until when,
 * Accept (after a confirmation: the higher limit applies only with the borrower's consent) and Not now.
 */
export function LimitIncreaseCards({ state }: { state: LimitIncreasesState }) {
  const { t, lang } = useMessages(accountMessages);
  return (
    <>
      {state.proposals.map((proposal) => {
        const facts = limitIncreaseFacts(proposal, lang);
        const busy = state.busy === proposal.proposalId;
        return (
          <PageCard key={proposal.proposalId} title={t('limitIncreaseTitle', { product: facts.product })} className="presta-account-limit">
            <p>{t('limitIncreaseText', facts)}</p>
            <p className="presta-account-muted">{t('limitIncreaseUntil', { date: facts.date })}</p>
            <div className="presta-account-actions presta-account-limit-actions">
              <PrimaryButton block={false} onClick={() => state.ask(proposal)} disabled={busy} aria-label={t('limitIncreaseAcceptLabel', facts)}>
                {t('limitIncreaseAccept')}
              </PrimaryButton>
              <button
                type="button"
                className="presta-account-secondary"
                onClick={() => void state.answer(proposal, 0)}
                disabled={busy}
                aria-busy={(busy && !state.asking) || undefined}
                aria-label={t('limitIncreaseLaterLabel', facts)}
              >
                {t('limitIncreaseLater')}
              </button>
            </div>
          </PageCard>
        );
      })}
      {state.asking ? (
        <LimitIncreaseDialog
          proposal={state.asking}
          busy={state.busy === state.asking.proposalId}
          onConfirm={() => state.asking && void state.answer(state.asking, 1)}
          onClose={state.close}
        />
      ) : null}
    </>
  );
}
