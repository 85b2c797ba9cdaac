import { inStates, mxStates, type ApplicationStep } from '@presta/contract/application-rules';
import type { Language } from '@presta/contract/language';
import { formatMarketMoney } from '@presta/contract/markets';
import { readableMonth } from '@/shared/format/calendar-day';
import type { CreditApplication } from '../api/application-calls';
import type { ApplicationMessageKey } from '../messages';

type Row = { text: string; value: string };
type T = (key: ApplicationMessageKey, vars?: Record<string, string | number>) => string;

const stateName = (market: 'MX' | 'IN', code: string) => (market === 'MX' ? mxStates[code as keyof typeof mxStates] : inStates[code as keyof typeof inStates]) ?? code;
const word = (t: T, key: string, value: string) => (value ? t(`${key}_${value}` as ApplicationMessageKey) : '');
const money = (a: CreditApplication, minor: number | null) => (minor === null ? '' : formatMarketMoney(minor, a.market));

function identityRows(a: CreditApplication, t: T): Row[] {
  const i = a.identity;
  if (a.market === 'IN') {
    return [
      { text: t('fullName'), value: i.fullName },
      { text: t('birthDate'), value: i.birthDate },
      { text: t('pan'), value: i.pan },
      { text: t('aadhaar'), value: i.aadhaarMasked },
      { text: t('nationality'), value: word(t, 'nationality', i.nationality) },
      { text: t('email'), value: i.email },
    ];
  }
  return [
    { text: t('givenNames'), value: i.givenNames },
    { text: t('firstSurname'), value: i.firstSurname },
    { text: t('secondSurname'), value: i.secondSurname },
    { text: t('birthDate'), value: i.birthDate },
    { text: t('sex'), value: word(t, 'sex', i.sex) },
    { text: t('birthState'), value: i.birthState === 'NE' ? t('bornAbroad') : stateName('MX', i.birthState) },
    { text: t('curp'), value: i.curp },
    { text: t('rfc'), value: i.rfc },
    { text: t('email'), value: i.email },
  ];
}

function addressRows(a: CreditApplication, t: T, lang: Language): Row[] {
  const d = a.address;
  const state = d.state ? stateName(a.market, d.state) : '';
  const since = { text: t('residentSince'), value: d.residentSince ? readableMonth(d.residentSince, lang) : '' };
  if (a.market === 'IN') {
    return [
      { text: t('line1'), value: d.line1 },
      { text: t('line2'), value: d.line2 },
      { text: t('city'), value: d.city },
      { text: t('state'), value: state },
      { text: t('pinCode'), value: d.postalCode },
      since,
    ];
  }
  return [
    { text: t('street'), value: [d.street, d.number, d.interior].filter(Boolean).join(' ') },
    { text: t('colonia'), value: d.colonia },
    { text: t('postalCode'), value: d.postalCode },
    { text: t('municipality'), value: d.municipality },
    { text: t('state'), value: state },
    since,
  ];
}

function workRows(a: CreditApplication, t: T, lang: Language): Row[] {
  const w = a.work;
  return [
    { text: t('occupation'), value: word(t, 'occupation', w.occupation) },
    { text: t('employer'), value: w.employer },
    { text: t('workingSince'), value: w.workingSince ? readableMonth(w.workingSince, lang) : '' },
    { text: t('monthlyIncome'), value: money(a, w.monthlyIncome) },
    { text: t('payFrequency'), value: word(t, 'pay', w.payFrequency) },
    { text: t('monthlyObligations'), value: money(a, w.monthlyObligations) },
  ];
}

/** The review's rows of a step: what was saved, in the page's words (empty values are left out by DetailList). */
export function summaryRows(a: CreditApplication, step: ApplicationStep, t: T, lang: Language): Row[] {
  switch (step) {
    case 'identity':
      return identityRows(a, t);
    case 'address':
      return addressRows(a, t, lang);
    case 'work':
      return workRows(a, t, lang);
    case 'documents': {
      const count = a.requiredDocuments.filter((kind) => a.documents.some((d) => d.kind === kind)).length;
      return [{ text: t('step_documents'), value: t('documentsCount', { count, total: a.requiredDocuments.length }) }];
    }
    case 'consents':
      return a.consentTexts.map((text) => {
        const given = a.consents.find((c) => c.kind === text.kind && c.version === text.version);
        return { text: text.title, value: given ? t(given.granted ? 'consentGranted' : 'consentWithheld') : t('stepPending') };
      });
  }
}
