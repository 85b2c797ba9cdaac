import type { KeyFactsCharge } from '@presta/contract/api/key-facts';
import type { AgreementTerms } from '@presta/contract/api/loan';
import type { Language } from '@presta/contract/language';
import type { TaxableCharge } from '@presta/contract/markets';
import { listText, moneyIn, taxName } from '../../i18n/market-texts';
import type { AgreementContent } from './agreement-content';

/*
 * The signed agreement's words (issue 38), Spanish and English, around the figures of its content: the headings,
 * the promissory note, the clauses as the loan agreement page words them (apps/web/src/features/agreement), the
 * annual cost's sentence as the pages state it (apps/web/src/shared/format/annual-cost-text.ts), India's Key
 * Facts Statement. No text holds a rate, an amount or a day count of its own: placeholders in braces take them.
 */

const es = {
  title: 'Pagaré y contrato de préstamo',
  documentNo: 'Documento n.º {no}',
  createdAt: 'Creado el {date} (hora de {zone})',
  intro:
    'Este contrato se celebra entre {lender} (el «Prestamista») y {borrower} (el «Prestatario»), con las cifras que el Prestatario confirmó en la aplicación el {date}.',
  partiesHeading: 'Partes',
  lender: 'Prestamista',
  lenderAddress: 'Domicilio del Prestamista',
  support: 'Atención al cliente',
  supportValue: 'WhatsApp {whatsapp}\nTeléfono {phone}\nCorreo {email}',
  borrower: 'Prestatario',
  borrowerPhone: 'Teléfono del Prestatario',
  borrowerAddress: 'Domicilio del Prestatario',
  bankAccount: 'Cuenta bancaria del desembolso',
  product: 'Producto',
  empty: '—',

  noteHeading: 'Pagaré',
  notePromise:
    'Debo y pagaré incondicionalmente a la orden de {lender} la cantidad de {contractAmount} el día {planDate}, conforme a los datos de este pagaré y al plan de pagos de este contrato.',
  rowAmount: 'Monto del préstamo',
  rowRepaymentDate: 'Fecha de pago',
  rowContractAmount: 'Monto del contrato',
  rowCommission: 'Comisión',
  rowInterest: 'Interés',
  rowReceived: 'Monto recibido',
  rowContractDate: 'Fecha del contrato',

  figuresHeading: 'Datos del préstamo',
  planHeading: 'Plan de pagos',
  planInstalment: 'Cuota',
  planDueDate: 'Fecha de pago',
  planAmount: 'Monto',
  catSentence: 'CAT (Costo Anual Total) {rate} sin IVA. Para fines informativos y de comparación. Calculado el {date}.',
  aprSentence:
    'APR (tasa de porcentaje anual) {rate}: el costo anual de su préstamo con los intereses y todos los cargos, GST incluido. Calculada el {date}.',

  clausesHeading: 'Cláusulas',
  clausePurpose: 'Objeto',
  purposeText:
    'El Prestamista otorga al Prestatario un préstamo personal de corto plazo de {amount} a {termDays} días, en {instalments}, que se deposita en la cuenta bancaria registrada por el Prestatario.',
  instalmentsOne: 'una cuota',
  instalmentsMany: '{count} cuotas de {days} días cada una',
  clauseInterest: 'Intereses',
  interestText:
    'El préstamo causa un interés del {dailyRate} diario sobre el capital pendiente, es decir, una tasa anual del {annualRate} (año de {yearDays} días). El interés de cada cuota se indica en el plan de pagos.',
  clauseCommission: 'Comisión',
  commissionText: 'El Prestatario paga una comisión del {commissionRate} del monto del préstamo ({commission}), repartida entre las cuotas.',
  clauseTax: 'Impuestos',
  taxText: 'El {tax} es del {taxRate} sobre {taxBase}, calculado en cada cuota.',
  taxExempt: 'No causan {tax}: {exempt}.',
  chargeInterest: 'el interés',
  chargeCommission: 'la comisión',
  chargeExtensionFee: 'la comisión de extensión',
  chargeLate: 'los cargos por atraso',
  chargePenalty: 'la penalización por incumplimiento',
  clausePlan: 'Plan de pagos',
  planText: 'El Prestatario pagará {total} en total, en las fechas y los montos del plan de pagos de este contrato.',
  clauseLate: 'Cargos por atraso',
  lateFine:
    'Si una cuota no se paga en su fecha, se cobra una pena por atraso del {rate} por cada día de atraso sobre lo que quede sin pagar de la cuota (capital, interés, comisión e impuesto).',
  lateTiered: 'Si una cuota no se paga en su fecha, se cobran intereses moratorios diarios sobre lo que quede sin pagar de la cuota: {tiers}.',
  tierRange: '{rate} los días {from} a {to}',
  tierOpen: '{rate} desde el día {from} hasta el pago total',
  penalty:
    'Además, el primer día de atraso se cobra una sola vez una penalización por incumplimiento de {newClient} a clientes nuevos y de {repeatClient} a clientes que ya pagaron un préstamo con nosotros.',
  clauseExtension: 'Extensión de plazo',
  extension:
    'El Prestatario puede extender el plazo antes, en o después de la fecha de pago: cada extensión mueve la fecha de pago {days} días. Se paga con los cargos por atraso y los intereses vencidos, más una comisión de extensión igual al interés de {days} días sobre el capital pendiente ({fee} sobre el monto completo del préstamo).',
  extensionTax: 'La comisión de extensión causa {tax} ({taxAmount} sobre el monto completo).',
  extensionNone: 'Este préstamo no admite extensiones de plazo.',
  clausePrepayment: 'Pago anticipado',
  prepayment:
    'El Prestatario puede pagar por adelantado desde la mitad del plazo y nunca antes de {minDays} días después del desembolso: en este préstamo, a partir del día {fromDay} después del desembolso.',
  clauseCoolingOff: 'Periodo de reflexión',
  coolingOff:
    '{days} días desde el desembolso: el Prestatario puede salir del préstamo devolviendo el capital y los intereses de los días usados, sin penalización, escribiendo a atención al cliente dentro de ese plazo.',
  clauseContacts: 'Atención al cliente y quejas',
  contacts: '{lender}: WhatsApp {whatsapp}, teléfono {phone}, correo {email}.',
  clauseAcceptance: 'Aceptación y firma',
  acceptance:
    'El Prestatario acepta este contrato y suscribe el pagaré de forma electrónica con el código que recibe por SMS para este documento. El documento firmado queda disponible para el Prestatario en la aplicación.',

  keyFactsHeading: 'Hoja de Datos Clave (KFS)',
  keyFactsIntro:
    'La Hoja de Datos Clave n.º {proposalNo} forma parte de este contrato. Ningún cargo que no figure en ella puede cobrarse sin el consentimiento del Prestatario.',
  kfsProposalNo: 'Propuesta n.º',
  kfsIssuedAt: 'Emitida',
  kfsValidUntil: 'Válida hasta',
  kfsAcknowledgedAt: 'Confirmada por el Prestatario',
  kfsNotAcknowledged: 'Sin confirmar',
  kfsApr: 'Tasa de porcentaje anual (APR)',
  kfsTotal: 'Total a pagar',
  kfsCharges: 'Cargos',
  kfs_interest: 'Intereses ({rate} anual)',
  kfs_commission: 'Comisión por apertura ({rate} del monto)',
  kfs_tax: '{tax} de la comisión ({rate})',
  kfs_late_fee: 'Interés moratorio, días {from} a {to} de atraso ({rate} diario)',
  kfs_late_fee_open: 'Interés moratorio, desde el día {from} de atraso ({rate} diario)',
  kfs_default_penalty: 'Penalización única por incumplimiento',
  kfs_extension_fee: 'Extensión de plazo ({rate} diario sobre el capital)',
  kfs_extension_tax: '{tax} de la extensión ({rate})',
  kfsContingent: 'solo si paga tarde o extiende el plazo',
  kfsGrievance: 'Atención de quejas',
  kfsGrievanceValue: '{name}. Teléfono {phone}. Correo {email}. Si no recibe respuesta en 30 días, puede acudir al Ombudsman del Reserve Bank of India.',

  page: 'Página {page} de {pages}',
  hashLine: 'El SHA-256 se calcula sobre este archivo; la firma y el sello de tiempo los conserva {lender}',
};

export type AgreementTextKey = keyof typeof es;

const en: Record<AgreementTextKey, string> = {
  title: 'Promissory note and loan agreement',
  documentNo: 'Document no. {no}',
  createdAt: 'Created on {date} ({zone} time)',
  intro:
    'This agreement is made between {lender} (the “Lender”) and {borrower} (the “Borrower”), with the figures the Borrower confirmed in the app on {date}.',
  partiesHeading: 'Parties',
  lender: 'Lender',
  lenderAddress: 'Lender’s address',
  support: 'Customer service',
  supportValue: 'WhatsApp {whatsapp}\nTelephone {phone}\nE-mail {email}',
  borrower: 'Borrower',
  borrowerPhone: 'Borrower’s phone',
  borrowerAddress: 'Borrower’s address',
  bankAccount: 'Bank account for the disbursal',
  product: 'Product',
  empty: '—',

  noteHeading: 'Promissory note',
  notePromise:
    'I unconditionally promise to pay to the order of {lender} the sum of {contractAmount} on {planDate}, as set out in this promissory note and in the repayment plan of this agreement.',
  rowAmount: 'Loan amount',
  rowRepaymentDate: 'Repayment date',
  rowContractAmount: 'Contract amount',
  rowCommission: 'Commission',
  rowInterest: 'Interest',
  rowReceived: 'Amount received',
  rowContractDate: 'Contract date',

  figuresHeading: 'Loan figures',
  planHeading: 'Repayment plan',
  planInstalment: 'Instalment',
  planDueDate: 'Due date',
  planAmount: 'Amount',
  catSentence: 'CAT (annual total cost) {rate} without VAT (IVA). For information and comparison purposes. Computed on {date}.',
  aprSentence: 'APR (annual percentage rate) {rate}: the annual cost of your loan with interest and every charge, GST included. Computed on {date}.',

  clausesHeading: 'Clauses',
  clausePurpose: 'Purpose',
  purposeText:
    'The Lender grants the Borrower a short-term personal loan of {amount} for {termDays} days, in {instalments}, paid into the bank account the Borrower registered.',
  instalmentsOne: 'one instalment',
  instalmentsMany: '{count} instalments of {days} days each',
  clauseInterest: 'Interest',
  interestText:
    'The loan bears interest of {dailyRate} a day on the outstanding principal, an annual rate of {annualRate} (a year of {yearDays} days). The interest of each instalment is stated in the repayment plan.',
  clauseCommission: 'Commission',
  commissionText: 'The Borrower pays a commission of {commissionRate} of the loan amount ({commission}), shared between the instalments.',
  clauseTax: 'Taxes',
  taxText: '{tax} is {taxRate} of {taxBase}, computed on each instalment.',
  taxExempt: 'No {tax} is charged on {exempt}.',
  chargeInterest: 'the interest',
  chargeCommission: 'the commission',
  chargeExtensionFee: 'the extension fee',
  chargeLate: 'the late charges',
  chargePenalty: 'the default penalty',
  clausePlan: 'Repayment plan',
  planText: 'The Borrower repays {total} in all, on the dates and in the amounts of this agreement’s repayment plan.',
  clauseLate: 'Late charges',
  lateFine:
    'If an instalment is not paid on its due date, an overdue fine of {rate} is charged for each day late on what is left unpaid of the instalment (principal, interest, commission and tax).',
  lateTiered: 'If an instalment is not paid on its due date, daily late interest is charged on what is left unpaid of the instalment: {tiers}.',
  tierRange: '{rate} on days {from} to {to}',
  tierOpen: '{rate} from day {from} until it is paid in full',
  penalty:
    'On the first day late, a one-off default penalty is also charged: {newClient} for new clients and {repeatClient} for clients who have repaid a loan with us before.',
  clauseExtension: 'Term extension',
  extension:
    'The Borrower may extend the term before, on or after the due date: each extension moves the due date by {days} days. It is paid with the late charges and the interest due, plus an extension fee equal to {days} days of interest on the outstanding principal ({fee} on the full loan amount).',
  extensionTax: 'The extension fee bears {tax} ({taxAmount} on the full amount).',
  extensionNone: 'This loan cannot be extended.',
  clausePrepayment: 'Prepayment',
  prepayment:
    'The Borrower may repay early from half the term, and never earlier than {minDays} days after disbursal: for this loan, from day {fromDay} after disbursal.',
  clauseCoolingOff: 'Cooling-off period',
  coolingOff:
    '{days} days from disbursal: the Borrower may leave the loan by repaying the principal and the interest of the days used, with no penalty, by writing to customer service within that period.',
  clauseContacts: 'Customer service and complaints',
  contacts: '{lender}: WhatsApp {whatsapp}, telephone {phone}, e-mail {email}.',
  clauseAcceptance: 'Acceptance and signature',
  acceptance:
    'The Borrower accepts this agreement and signs the promissory note electronically with the code sent by SMS for this document. The signed document stays available to the Borrower in the app.',

  keyFactsHeading: 'Key Facts Statement (KFS)',
  keyFactsIntro:
    'Key Facts Statement no. {proposalNo} is part of this agreement. No charge that is not in it can be levied without the Borrower’s consent.',
  kfsProposalNo: 'Proposal no.',
  kfsIssuedAt: 'Issued',
  kfsValidUntil: 'Valid until',
  kfsAcknowledgedAt: 'Acknowledged by the Borrower',
  kfsNotAcknowledged: 'Not acknowledged',
  kfsApr: 'Annual percentage rate (APR)',
  kfsTotal: 'Total to pay',
  kfsCharges: 'Charges',
  kfs_interest: 'Interest ({rate} a year)',
  kfs_commission: 'Processing fee ({rate} of the amount)',
  kfs_tax: '{tax} on the fee ({rate})',
  kfs_late_fee: 'Late interest, days {from} to {to} late ({rate} a day)',
  kfs_late_fee_open: 'Late interest, from day {from} late ({rate} a day)',
  kfs_default_penalty: 'One-off default penalty',
  kfs_extension_fee: 'Term extension ({rate} a day on the principal)',
  kfs_extension_tax: '{tax} on the extension ({rate})',
  kfsContingent: 'only if paid late or extended',
  kfsGrievance: 'Grievance redressal',
  kfsGrievanceValue: '{name}. Telephone {phone}. E-mail {email}. If you get no answer within 30 days, you may approach the Reserve Bank of India Ombudsman.',

  page: 'Page {page} of {pages}',
  hashLine: 'SHA-256 is computed over this file; the signature and the time-stamp are kept by {lender}',
};

export const agreementTexts: Record<Language, Record<AgreementTextKey, string>> = { es, en };

/** A text of the agreement in `lang`, its placeholders filled. */
export function agreementText(lang: Language, key: AgreementTextKey, vars: Record<string, string | number> = {}): string {
  return agreementTexts[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** One clause: its title and its paragraphs. */
export type AgreementClause = { title: string; paragraphs: string[] };

type Words = (key: AgreementTextKey, vars?: Record<string, string | number>) => string;

const chargeKeys: Record<TaxableCharge, AgreementTextKey> = {
  interest: 'chargeInterest',
  commission: 'chargeCommission',
  extension_fee: 'chargeExtensionFee',
};

/** The annual cost's sentence, as the pages state it (CAT without IVA; APR with every charge). */
export function annualCostText(lang: Language, cost: AgreementTerms['annualCost']): string {
  return agreementText(lang, cost.kind === 'CAT' ? 'catSentence' : 'aprSentence', { rate: cost.rate, date: cost.computedOn });
}

/** The tax clause: the charges it is on, and those exempt from it (the extension fee only where there is one). */
function taxParagraph(terms: AgreementTerms, t: Words, lang: Language, tax: string): string {
  const charges = (['interest', 'commission', 'extension_fee'] as const).filter((c) => c !== 'extension_fee' || terms.extension.available);
  const taxed = charges.filter((c) => terms.tax.base.includes(c)).map((c) => t(chargeKeys[c]));
  const exempt = [
    ...charges.filter((c) => !terms.tax.base.includes(c)).map((c) => t(chargeKeys[c])),
    t('chargeLate'),
    ...(terms.lateCharges.defaultPenalty ? [t('chargePenalty')] : []),
  ];
  return `${t('taxText', { tax, taxRate: terms.tax.rate, taxBase: listText(lang, taxed) })} ${t('taxExempt', { tax, exempt: listText(lang, exempt) })}`;
}

/** The late charges: Mexico's daily fine, else the tiers; India's default penalty. */
function lateParagraphs(terms: AgreementTerms, t: Words, lang: Language, money: (m: number) => string): string[] {
  const { tiers, rule, defaultPenalty } = terms.lateCharges;
  const late =
    rule === 'mx_daily_fine'
      ? tiers.map((tier) => t('lateFine', { rate: tier.rate }))
      : [
          t('lateTiered', {
            tiers: listText(
              lang,
              tiers.map((x) => (x.toDay === null ? t('tierOpen', { rate: x.rate, from: x.fromDay }) : t('tierRange', { rate: x.rate, from: x.fromDay, to: x.toDay }))),
            ),
          }),
        ];
  if (defaultPenalty) late.push(t('penalty', { newClient: money(defaultPenalty.newClient), repeatClient: money(defaultPenalty.repeatClient) }));
  return late;
}

function extensionParagraphs(terms: AgreementTerms, t: Words, money: (m: number) => string, tax: string): string[] {
  if (!terms.extension.available) return [t('extensionNone')];
  return [
    t('extension', { days: terms.extension.days, fee: money(terms.extension.feeOnPrincipal) }),
    ...(terms.tax.base.includes('extension_fee') ? [t('extensionTax', { tax, taxAmount: money(terms.extension.feeTaxOnPrincipal) })] : []),
  ];
}

/** The agreement's clauses, every figure from the content (the loan's terms, the market's rules and contacts). */
export function agreementClauses(content: AgreementContent): AgreementClause[] {
  const { terms, language: lang, lender } = content;
  const t: Words = (key, vars) => agreementText(lang, key, vars);
  const money = moneyIn(content.market);
  const tax = taxName(lang, content.market);
  const instalments = terms.periods === 1 ? t('instalmentsOne') : t('instalmentsMany', { count: terms.periods, days: terms.termUnitDays });
  const clauses: AgreementClause[] = [
    { title: t('clausePurpose'), paragraphs: [t('purposeText', { amount: money(terms.amount), termDays: terms.termDays, instalments })] },
    {
      title: t('clauseInterest'),
      paragraphs: [
        t('interestText', { dailyRate: terms.interest.daily.rate, annualRate: terms.interest.annual.rate, yearDays: terms.interest.yearDays }),
        annualCostText(lang, terms.annualCost),
      ],
    },
    { title: t('clauseCommission'), paragraphs: [t('commissionText', { commissionRate: terms.commission.rate, commission: money(terms.commission.total) })] },
    { title: t('clauseTax'), paragraphs: [taxParagraph(terms, t, lang, tax)] },
    { title: t('clausePlan'), paragraphs: [t('planText', { total: money(terms.totals.total) })] },
    { title: t('clauseLate'), paragraphs: lateParagraphs(terms, t, lang, money) },
    { title: t('clauseExtension'), paragraphs: extensionParagraphs(terms, t, money, tax) },
    { title: t('clausePrepayment'), paragraphs: [t('prepayment', { minDays: terms.prepayment.minDays, fromDay: terms.prepayment.fromDay })] },
  ];
  if (content.keyFacts) clauses.push({ title: t('clauseCoolingOff'), paragraphs: [t('coolingOff', { days: content.keyFacts.coolingOffDays })] });
  clauses.push(
    { title: t('clauseContacts'), paragraphs: [t('contacts', { lender: lender.name, ...lender.support })] },
    { title: t('clauseAcceptance'), paragraphs: [t('acceptance')] },
  );
  return clauses;
}

/** A Key Facts Statement's charge in words: what it is, its rate, and whether it is contingent. */
export function keyFactsChargeText(lang: Language, charge: KeyFactsCharge, tax: string): string {
  const vars = { rate: charge.rate, tax, from: charge.fromDay ?? '', to: charge.toDay ?? '' };
  const key: AgreementTextKey = charge.charge === 'late_fee' && charge.toDay === null ? 'kfs_late_fee_open' : `kfs_${charge.charge}`;
  const text = agreementText(lang, key, vars);
  return charge.contingent ? `${text}: ${agreementText(lang, 'kfsContingent')}` : text;
}
