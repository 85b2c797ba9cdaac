import { useState } from 'react';
import { mxStates, nationalities } from '@presta/contract/application-rules';
import { todayIn } from '@presta/contract/dates';
import { normalizeIdentityNumber } from '@presta/contract/identity/normalize';
import { markets as marketTable, type MarketCode } from '@presta/contract/markets';
import { useMessages } from '@/shared/i18n/use-messages';
import { saveIdentity, type CreditApplication, type IdentityPayload } from '../api/application-calls';
import { useShownHints } from '../hooks/use-shown-hints';
import { useStepDraft } from '../hooks/use-step-draft';
import { applicationMessages } from '../messages';
import { identityHints, type IdentityField, type IdentityValues } from '../utils/identity-hints';
import { AadhaarField } from './aadhaar-field';
import { ChoiceField, SelectField, TextField } from './form-fields';
import { StepForm } from './step-form';

export type IdentityFormProps = {
  application: CreditApplication | null;
  /** The markets the borrower may apply in; a new borrower with both chooses. */
  markets: readonly MarketCode[];
  onSaved: (application: CreditApplication) => void;
  onDone: () => void;
};

const idNumber = (typed: string, max: number) => normalizeIdentityNumber(typed).replace(/[^A-Z0-9]/g, '').slice(0, max);

/** The payload of a save: the market's fields only; the Aadhaar number with final=1 only (it is never kept as typed). */
function identityPayload(v: IdentityValues, final: 0 | 1): IdentityPayload {
  const base = { market: v.market, final, birthDate: v.birthDate, email: v.email.trim() };
  if (v.market === 'MX') {
    const { givenNames, firstSurname, secondSurname, sex, birthState, curp, rfc } = v;
    return { ...base, givenNames, firstSurname, secondSurname, sex, birthState, curp, rfc };
  }
  const aadhaar = v.aadhaar.replace(/\D/g, '');
  return { ...base, fullName: v.fullName, pan: v.pan, nationality: v.nationality, ...(final === 1 && aadhaar ? { aadhaar } : {}) };
}

function firstMarket(application: CreditApplication | null, markets: readonly MarketCode[], lang: 'es' | 'en'): MarketCode {
  if (application) return application.market;
  const byLanguage: MarketCode = lang === 'en' ? 'IN' : 'MX';
  return markets.includes(byLanguage) || markets.length === 0 ? byLanguage : markets[0]!;
}

/**
 * Step 1: who the borrower is. Mexico: names, birth, sex, state, CURP, RFC; India: PAN name, birth, PAN, Aadhaar,
 * and the nationality the loan terms ask (issue 35); e-mail.
 */
export function IdentityForm({ application, markets, onSaved, onDone }: IdentityFormProps) {
  const { t, lang } = useMessages(applicationMessages);
  const saved = application?.identity;
  const draft = useStepDraft<IdentityValues>({
    initial: {
      market: firstMarket(application, markets, lang),
      givenNames: saved?.givenNames ?? '',
      firstSurname: saved?.firstSurname ?? '',
      secondSurname: saved?.secondSurname ?? '',
      fullName: saved?.fullName ?? '',
      birthDate: saved?.birthDate ?? '',
      sex: saved?.sex ?? '',
      birthState: saved?.birthState ?? '',
      curp: saved?.curp ?? '',
      rfc: saved?.rfc ?? '',
      pan: saved?.pan ?? '',
      aadhaar: '',
      email: saved?.email ?? '',
      nationality: saved?.nationality ?? '',
    },
    send: (values, final) => saveIdentity(identityPayload(values, final)),
    onSaved,
  });
  const v = draft.values;
  const aadhaarMasked = saved?.aadhaarMasked ?? '';
  const [today] = useState(() => todayIn(marketTable[v.market].timeZone));
  const shown = useShownHints<IdentityField>(identityHints(v, today, aadhaarMasked !== ''));
  const field = (name: Exclude<IdentityField, 'aadhaar'>) => ({
    value: v[name],
    onChange: (value: string) => draft.change(name, value),
    onBlur: () => {
      shown.touch(name);
      void draft.saveNow();
    },
    error: shown.errorOf(name),
  });
  const onContinue = async () => {
    if (!shown.check()) return false;
    const done = await draft.complete();
    if (done) onDone();
    return done;
  };
  const chooseMarket = !application && markets.length > 1;

  return (
    <StepForm onContinue={onContinue} busy={draft.completing} refusal={draft.refusal} invalid={shown.showing} saveState={draft.saveState} previous={null}>
      <p className="presta-application-intro">{t('identityIntro')}</p>
      {chooseMarket ? (
        <ChoiceField
          label={t('marketLabel')}
          hint={t('marketHint')}
          value={v.market}
          onChange={(market) => draft.change('market', market as MarketCode, { keep: false })}
          options={markets.map((m) => ({ value: m, label: t(`market_${m}`) }))}
        />
      ) : null}
      {v.market === 'MX' ? (
        <>
          <TextField label={t('givenNames')} autoComplete="given-name" maxLength={60} {...field('givenNames')} />
          <TextField label={t('firstSurname')} autoComplete="family-name" maxLength={60} {...field('firstSurname')} />
          <TextField label={t('secondSurname')} autoComplete="off" maxLength={60} {...field('secondSurname')} />
        </>
      ) : (
        <TextField label={t('fullName')} autoComplete="name" maxLength={120} {...field('fullName')} />
      )}
      <TextField label={t('birthDate')} type="date" autoComplete="bday" max={today} {...field('birthDate')} />
      {v.market === 'MX' ? (
        <>
          <ChoiceField
            label={t('sex')}
            {...field('sex')}
            options={(['H', 'M', 'X'] as const).map((s) => ({ value: s, label: t(`sex_${s}`) }))}
          />
          <SelectField
            label={t('birthState')}
            placeholder={t('choose')}
            options={Object.entries(mxStates).map(([code, name]) => ({ value: code, label: code === 'NE' ? t('bornAbroad') : name }))}
            {...field('birthState')}
          />
          <TextField label={t('curp')} hint={t('curpHint')} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={18} {...field('curp')} onChange={(c) => draft.change('curp', idNumber(c, 18))} />
          <TextField label={t('rfc')} hint={t('rfcHint')} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={13} {...field('rfc')} onChange={(r) => draft.change('rfc', idNumber(r, 13))} />
        </>
      ) : (
        <>
          <TextField label={t('pan')} hint={t('panHint')} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={10} {...field('pan')} onChange={(p) => draft.change('pan', idNumber(p, 10))} />
          <AadhaarField
            value={v.aadhaar}
            onChange={(aadhaar) => draft.change('aadhaar', aadhaar, { keep: false })}
            onBlur={() => shown.touch('aadhaar')}
            onFile={aadhaarMasked}
            error={shown.errorOf('aadhaar')}
          />
          <ChoiceField
            label={t('nationality')}
            hint={t('nationalityHint')}
            {...field('nationality')}
            options={nationalities.map((n) => ({ value: n, label: t(`nationality_${n}`) }))}
          />
        </>
      )}
      <TextField label={t('email')} type="email" inputMode="email" autoComplete="email" maxLength={254} {...field('email')} />
    </StepForm>
  );
}
