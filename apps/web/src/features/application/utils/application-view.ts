import { applicationSteps, type ApplicationStep } from '@presta/contract/application-rules';
import type { CreditApplication } from '../api/application-calls';

/** What /certify shows: one step's form, the review with the Submit button, or the state after submit. */
export type ApplicationView = ApplicationStep | 'review' | 'status';

function isApplicationStep(value: unknown): value is ApplicationStep {
  return typeof value === 'string' && (applicationSteps as readonly string[]).includes(value);
}

/**
 * The view of /certify?step=: none yet → identity (the first save opens the application); not editable
 * (submitted, in review) → its state; a step asked for (or `review`) → that one; else the first step not completed, or the
 * review once every step is (a returned application's review lists what to correct).
 */
export function viewOf(application: CreditApplication | null, step: string | null): ApplicationView {
  if (!application) return 'identity';
  if (!application.editable) return 'status';
  if (isApplicationStep(step) || step === 'review') return step;
  if (application.status === 'returned') return 'review';
  return application.nextStep ?? 'review';
}

/** The step after `step`, or the review after the last. */
export function stepAfter(step: ApplicationStep): ApplicationStep | 'review' {
  return applicationSteps[applicationSteps.indexOf(step) + 1] ?? 'review';
}
