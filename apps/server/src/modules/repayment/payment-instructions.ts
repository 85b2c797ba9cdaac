import type { z } from 'zod';
import type { voucherDataSchema } from '@presta/contract/api/repayment';
import type { Language } from '@presta/contract/language';
import { endSentence } from '@presta/contract/markets';
import { translate, type MessageKey } from '../../i18n/messages';
import type { PaymentChannel } from '../payments/payment-provider';
import type { PaymentReference } from '../payments/payment-references';

type PaymentDetail = z.input<typeof voucherDataSchema>['paymentDetails'][number];
type HowToPay = { title: string; content: string[] };
export type PaymentInstructions = { details: PaymentDetail[]; howTo: HowToPay };

/** What a voucher's instructions are made of: the reference, the payee (the market's legal entity), the amount as text, what it pays for, the stores. */
export type InstructionFacts = { ref: PaymentReference; payee: string; amount: string; purposeText: string; stores: readonly string[] };

type Words = {
  t: (key: MessageKey, vars?: Record<string, string | number>) => string;
  /** One line to enter, with a copy button unless it is a name (copy 0). */
  detail: (label: MessageKey, value: string, copy?: 0 | 1) => PaymentDetail;
  /** What the payment is for (no copy button). */
  purpose: PaymentDetail;
};

/**
 * Per channel, what the borrower enters to pay one reference (the voucher's paymentDetails) and the steps of the
 * channel. The account to pay to comes first, then the reference to type (the concept, note or remarks) — only when
 * the borrower must type it (payerTypesReference): a payment to the loan's own account (STP's CLABE, a Smart
 * Collect account) or through the provider's own link is matched without it. A store's reference is the provider's
 * (voucherCode: what the till reads).
 */
const byChannel: Record<PaymentChannel, (f: InstructionFacts, w: Words) => PaymentInstructions> = {
  store: ({ ref, amount, stores }, { t, detail, purpose }) => ({
    details: [detail('payToStoreReference', ref.voucherCode), purpose],
    howTo: {
      title: t('voucherHowStoreTitle'),
      content: [t('voucherHowStore1', { stores: stores.join(', ') }), t('voucherHowStore2'), t('voucherHowStore3', { reference: ref.voucherCode }), t('voucherHowStore4', { amount })],
    },
  }),
  spei: ({ ref, payee, amount }, { t, detail, purpose }) => {
    const clabe = ref.clabe ?? ref.voucherCode;
    const typed = ref.payerTypesReference;
    return {
      details: [detail('payToClabe', clabe), ...(typed ? [detail('payToSpeiConcept', ref.reference)] : []), detail('payToBank', 'STP', 0), detail('payToBeneficiary', payee, 0), purpose],
      howTo: {
        title: t('voucherHowSpeiTitle'),
        content: [
          t('voucherHowSpei1'),
          endSentence(t('voucherHowSpei2', { clabe, company: payee })),
          typed ? t('voucherHowSpei3', { reference: ref.reference }) : t('voucherHowSpeiOwnAccount'),
          t('voucherHowSpei4', { amount }),
        ],
      },
    };
  },
  upi: ({ ref, payee, amount }, { t, detail, purpose }) => {
    const vpa = ref.vpa ?? ref.voucherCode;
    const typed = ref.payerTypesReference;
    return {
      details: [detail('payToVpa', vpa), ...(typed ? [detail('payToUpiNote', ref.reference)] : []), detail('payToBeneficiary', payee, 0), purpose],
      howTo: {
        title: t('voucherHowUpiTitle'),
        content: [
          t('voucherHowUpi1'),
          endSentence(t('voucherHowUpi2', { vpa, company: payee })),
          typed ? t('voucherHowUpi3', { reference: ref.reference }) : t('voucherHowUpiNoNote'),
          t('voucherHowUpi4', { amount }),
        ],
      },
    };
  },
  bank_transfer: ({ ref, payee, amount }, { t, detail, purpose }) => {
    const account = ref.accountNumber ?? ref.voucherCode;
    const ifsc = ref.ifsc ?? '';
    const typed = ref.payerTypesReference;
    return {
      details: [detail('payToAccountNumber', account), detail('payToIfsc', ifsc), detail('payToBeneficiary', payee, 0), ...(typed ? [detail('payToBankRemark', ref.reference)] : []), purpose],
      howTo: {
        title: t('voucherHowBankTitle'),
        content: [
          t('voucherHowBank1', { account, ifsc }),
          endSentence(t('voucherHowBank2', { company: payee })),
          typed ? t('voucherHowBank3', { reference: ref.reference }) : t('voucherHowBankOwnAccount'),
          t('voucherHowBank4', { amount }),
        ],
      },
    };
  },
};

/** What the borrower enters to pay one reference and the steps of its channel, in their language. */
export function paymentInstructions(lang: Language, facts: InstructionFacts): PaymentInstructions {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(lang, key, vars);
  const detail = (label: MessageKey, value: string, copy: 0 | 1 = 1): PaymentDetail => ({ label: t(label), value, copy });
  return byChannel[facts.ref.channel](facts, { t, detail, purpose: detail('payToPurpose', facts.purposeText, 0) });
}
