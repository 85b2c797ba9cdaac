import { applicationSteps, type ApplicationStep } from '@presta/contract/application-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { applicationMessages } from '../messages';

/** "Step k of 5", the step's name and a bar of the steps done (completed ones filled). */
export function StepHeader({ step, completed }: { step: ApplicationStep; completed: Record<ApplicationStep, boolean> }) {
  const { t } = useMessages(applicationMessages);
  const k = applicationSteps.indexOf(step) + 1;
  const n = applicationSteps.length;
  return (
    <div className="presta-application-progress">
      <p className="presta-application-step-of">{t('stepOf', { k, n })}</p>
      <ol className="presta-application-progress-bar" aria-label={t('progressLabel')}>
        {applicationSteps.map((s) => (
          <li
            key={s}
            className={['presta-application-progress-item', completed[s] ? 'is-done' : '', s === step ? 'is-current' : ''].filter(Boolean).join(' ')}
            aria-current={s === step ? 'step' : undefined}
          >
            <span className="presta-visually-hidden">
              {t(`step_${s}`)}: {t(completed[s] ? 'stepDone' : 'stepPending')}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
