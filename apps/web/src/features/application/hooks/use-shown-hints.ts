import { useState } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { applicationMessages } from '../messages';
import type { Hints } from '../utils/hints';

/**
 * When a field's early hint shows: once the borrower has left the field, or for every field after a Continue
 * that found some. `check` says whether the step may be sent.
 */
export function useShownHints<F extends string>(hints: Hints<F>) {
  const { t } = useMessages(applicationMessages);
  const [touched, setTouched] = useState<ReadonlySet<F>>(() => new Set());
  const [all, setAll] = useState(false);
  const count = Object.keys(hints).length;
  return {
    errorOf: (field: F) => {
      const hint = hints[field];
      return hint && (all || touched.has(field)) ? t(hint.key, hint.vars) : undefined;
    },
    touch: (field: F) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field))),
    check: () => {
      setAll(true);
      return count === 0;
    },
    /** After a Continue, while some field still has a problem. */
    showing: all && count > 0,
  };
}
