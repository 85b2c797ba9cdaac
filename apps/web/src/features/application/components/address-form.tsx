import { useState } from 'react';
import { inStates, mxStates } from '@presta/contract/application-rules';
import { todayIn } from '@presta/contract/dates';
import { markets } from '@presta/contract/markets';
import { useMessages } from '@/shared/i18n/use-messages';
import { saveAddress, type CreditApplication } from '../api/application-calls';
import { useShownHints } from '../hooks/use-shown-hints';
import { useStepDraft } from '../hooks/use-step-draft';
import { applicationMessages } from '../messages';
import { requiredHints, type Hints } from '../utils/hints';
import { firstYearOf, monthHint, sentMonth } from '../utils/months';
import { CheckboxField, SelectField, TextField } from './form-fields';
import { MonthField } from './month-field';
import { StepForm } from './step-form';

/** The address as saved (the view's fields: strings, and India's `permanent` declaration). */
type AddressValues = CreditApplication['address'];
type AddressField = keyof AddressValues;

const required: Record<'MX' | 'IN', AddressField[]> = {
  MX: ['street', 'number', 'colonia', 'postalCode', 'municipality', 'state'],
  IN: ['line1', 'city', 'state', 'postalCode', 'permanent'],
};

/**
 * Early hints: the required fields, the postal code's digits (India: the PIN code), the residence rule, and the
 * month the borrower came to live there (issue 35: not to come, nor before their birth).
 */
function addressHints(market: 'MX' | 'IN', v: AddressValues, today: string, birthDate: string): Hints<AddressField> {
  const hints = requiredHints(v, required[market]);
  const since = monthHint(v.residentSince, today, birthDate);
  if (since) hints.residentSince = since;
  const digits = market === 'MX' ? 5 : 6;
  if (v.postalCode && !new RegExp(`^\\d{${digits}}$`).test(v.postalCode)) hints.postalCode = { key: market === 'MX' ? 'postalCodeInvalid' : 'pinCodeInvalid' };
  if (market === 'IN' && !v.permanent) hints.permanent = { key: 'permanentRequired' };
  return hints;
}

type StepProps = { application: CreditApplication; onSaved: (application: CreditApplication) => void; onDone: () => void };

/**
 * Step 2: where the borrower lives. Mexico: street, number, colonia, postal code, municipality, state; India: lines,
 * city, state, PIN and the permanent-address declaration; both: living here since (month and year).
 */
export function AddressForm({ application, onSaved, onDone }: StepProps) {
  const { t } = useMessages(applicationMessages);
  const market = application.market;
  const draft = useStepDraft<AddressValues>({
    initial: { ...application.address },
    send: (values, final) => saveAddress({ ...values, final, permanent: values.permanent ? 1 : 0, residentSince: sentMonth(values.residentSince) }),
    onSaved,
  });
  const v = draft.values;
  const [today] = useState(() => todayIn(markets[market].timeZone));
  const birthDate = application.identity.birthDate;
  const shown = useShownHints<AddressField>(addressHints(market, v, today, birthDate));
  const field = (name: Exclude<AddressField, 'permanent'>) => ({
    value: v[name],
    onChange: (value: string) => draft.change(name, value),
    onBlur: () => {
      shown.touch(name);
      void draft.saveNow();
    },
    error: shown.errorOf(name),
  });
  const digits = (name: 'postalCode', max: number) => ({ ...field(name), inputMode: 'numeric' as const, maxLength: max, onChange: (value: string) => draft.change(name, value.replace(/\D/g, '').slice(0, max)) });
  const states = market === 'MX' ? Object.entries(mxStates).filter(([code]) => code !== 'NE') : Object.entries(inStates);
  const stateField = <SelectField label={t('state')} placeholder={t('choose')} options={states.map(([value, label]) => ({ value, label }))} autoComplete="address-level1" {...field('state')} />;
  const residentSince = (
    <MonthField
      label={t('residentSince')}
      hint={t('residentSinceHint')}
      lastYear={Number(today.slice(0, 4))}
      firstYear={firstYearOf(birthDate, today)}
      {...field('residentSince')}
    />
  );
  const onContinue = async () => {
    if (!shown.check()) return false;
    const done = await draft.complete();
    if (done) onDone();
    return done;
  };

  return (
    <StepForm onContinue={onContinue} busy={draft.completing} refusal={draft.refusal} invalid={shown.showing} saveState={draft.saveState} previous="identity">
      <p className="presta-application-intro">{t('addressIntro')}</p>
      {market === 'MX' ? (
        <>
          <TextField label={t('street')} autoComplete="address-line1" maxLength={120} {...field('street')} />
          <div className="presta-application-pair">
            <TextField label={t('number')} autoComplete="off" maxLength={20} {...field('number')} />
            <TextField label={t('interior')} autoComplete="off" maxLength={20} {...field('interior')} />
          </div>
          <TextField label={t('colonia')} autoComplete="address-level3" maxLength={80} {...field('colonia')} />
          <TextField label={t('postalCode')} hint={t('postalCodeHint')} autoComplete="postal-code" {...digits('postalCode', 5)} />
          <TextField label={t('municipality')} autoComplete="address-level2" maxLength={80} {...field('municipality')} />
          {stateField}
          {residentSince}
        </>
      ) : (
        <>
          <TextField label={t('line1')} autoComplete="address-line1" maxLength={120} {...field('line1')} />
          <TextField label={t('line2')} autoComplete="address-line2" maxLength={120} {...field('line2')} />
          <TextField label={t('city')} autoComplete="address-level2" maxLength={80} {...field('city')} />
          {stateField}
          <TextField label={t('pinCode')} hint={t('pinCodeHint')} autoComplete="postal-code" {...digits('postalCode', 6)} />
          <CheckboxField
            label={t('permanent')}
            hint={t('permanentHint')}
            checked={v.permanent}
            onChange={(permanent) => {
              draft.change('permanent', permanent);
              shown.touch('permanent');
            }}
            error={shown.errorOf('permanent')}
          />
          {residentSince}
        </>
      )}
    </StepForm>
  );
}
