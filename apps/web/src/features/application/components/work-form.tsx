import { useState } from 'react';
import { occupations, occupationsWithEmployer, payFrequencies, type Occupation, type PayFrequency } from '@presta/contract/application-rules';
import { todayIn } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { marketMoney } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { saveWork, type CreditApplication } from '../api/application-calls';
import { useShownHints } from '../hooks/use-shown-hints';
import { useStepDraft } from '../hooks/use-step-draft';
import { applicationMessages } from '../messages';
import { amountField, amountProblem, minorFromTyped, typedFromMinor } from '../utils/amounts';
import { requiredHints, type Hints } from '../utils/hints';
import { firstYearOf, monthHint, sentMonth } from '../utils/months';
import { SelectField, TextField } from './form-fields';
import { MonthField } from './month-field';
import { StepForm } from './step-form';

type WorkValues = { occupation: string; employer: string; workingSince: string; monthlyIncome: string; payFrequency: string; monthlyObligations: string };
type WorkField = keyof WorkValues;

const needsEmployer = (occupation: string) => (occupationsWithEmployer as readonly string[]).includes(occupation);

/**
 * Early hints: the required fields (employer and since when: occupations with an employer; that month neither to
 * come nor before the birth, as the server checks), the amounts' form.
 */
function workHints(v: WorkValues, currency: string, today: string, birthDate: string): Hints<WorkField> {
  const required: WorkField[] = ['occupation', 'monthlyIncome', 'payFrequency', 'monthlyObligations'];
  const hints = requiredHints(v, needsEmployer(v.occupation) ? [...required, 'employer'] : required);
  const since = needsEmployer(v.occupation) ? monthHint(v.workingSince, today, birthDate) : undefined;
  if (since) hints.workingSince = since;
  for (const field of ['monthlyIncome', 'monthlyObligations'] as const) {
    const problem = amountProblem(v[field]);
    if (problem) hints[field] = { key: problem, vars: { currency } };
  }
  return hints;
}

type StepProps = { application: CreditApplication; onSaved: (application: CreditApplication) => void; onDone: () => void };

/**
 * Step 3: occupation, employer and since when (issue 35), monthly income, pay frequency and obligations, typed in the
 * market's currency.
 */
export function WorkForm({ application, onSaved, onDone }: StepProps) {
  const { t } = useMessages(applicationMessages);
  const market = markets[application.market];
  const money = marketMoney(market.code);
  const saved = application.work;
  const draft = useStepDraft<WorkValues>({
    initial: {
      occupation: saved.occupation,
      employer: saved.employer,
      workingSince: saved.workingSince,
      monthlyIncome: typedFromMinor(saved.monthlyIncome),
      payFrequency: saved.payFrequency,
      monthlyObligations: typedFromMinor(saved.monthlyObligations),
    },
    send: (v, final) =>
      saveWork({
        final,
        occupation: v.occupation as Occupation | '',
        employer: needsEmployer(v.occupation) ? v.employer : '',
        workingSince: needsEmployer(v.occupation) ? sentMonth(v.workingSince) : '',
        monthlyIncome: amountField(v.monthlyIncome),
        payFrequency: v.payFrequency as PayFrequency | '',
        monthlyObligations: amountField(v.monthlyObligations),
      }),
    onSaved,
  });
  const v = draft.values;
  const [today] = useState(() => todayIn(market.timeZone));
  const shown = useShownHints<WorkField>(workHints(v, market.currency.code, today, application.identity.birthDate));
  const field = (name: WorkField) => ({
    value: v[name],
    onChange: (value: string) => draft.change(name, value),
    onBlur: () => {
      shown.touch(name);
      void draft.saveNow();
    },
    error: shown.errorOf(name),
  });
  const amount = (name: 'monthlyIncome' | 'monthlyObligations', hintKey: 'monthlyIncomeHint' | 'monthlyObligationsHint') => {
    const minor = minorFromTyped(v[name]);
    const shownAmount = typeof minor === 'number' ? ` ${t('amountShown', { amount: money(minor) })}` : '';
    return {
      ...field(name),
      inputMode: 'decimal' as const,
      maxLength: 16,
      prefix: market.currency.sign,
      hint: `${t(hintKey, { currency: market.currency.code })}${shownAmount}`,
      onChange: (value: string) => draft.change(name, value.replace(/[^\d.,]/g, '')),
    };
  };
  const onContinue = async () => {
    if (!shown.check()) return false;
    const done = await draft.complete();
    if (done) onDone();
    return done;
  };

  return (
    <StepForm onContinue={onContinue} busy={draft.completing} refusal={draft.refusal} invalid={shown.showing} saveState={draft.saveState} previous="address">
      <p className="presta-application-intro">{t('workIntro')}</p>
      <SelectField label={t('occupation')} placeholder={t('choose')} options={occupations.map((o) => ({ value: o, label: t(`occupation_${o}`) }))} {...field('occupation')} />
      {needsEmployer(v.occupation) ? (
        <>
          <TextField label={t('employer')} autoComplete="organization" maxLength={120} {...field('employer')} />
          <MonthField
            label={t('workingSince')}
            hint={t('workingSinceHint')}
            lastYear={Number(today.slice(0, 4))}
            firstYear={firstYearOf(application.identity.birthDate, today)}
            {...field('workingSince')}
          />
        </>
      ) : null}
      <TextField label={t('monthlyIncome')} autoComplete="off" {...amount('monthlyIncome', 'monthlyIncomeHint')} />
      <SelectField label={t('payFrequency')} placeholder={t('choose')} options={payFrequencies.map((p) => ({ value: p, label: t(`pay_${p}`) }))} {...field('payFrequency')} />
      <TextField label={t('monthlyObligations')} autoComplete="off" {...amount('monthlyObligations', 'monthlyObligationsHint')} />
    </StepForm>
  );
}
