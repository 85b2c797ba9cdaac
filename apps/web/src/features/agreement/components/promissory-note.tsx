import { markets } from '@presta/contract/markets';
import { marketMoney } from '@/shared/format/money';
import { useMessages, type Messages } from '@/shared/i18n/use-messages';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import type { LoanAgreementData } from '../api/agreement-detail';
import { agreementMessages, type AgreementMessageKey } from '../messages';
import { PromissoryNoteTable, type NoteRow } from './promissory-note-table';

type T = Messages<AgreementMessageKey>['t'];
type Lang = Messages<AgreementMessageKey>['lang'];

/** The note's table, in the order of the contract fields (§3 "Loan contract"); the tax row named by the loan's market. */
function noteRows(c: LoanAgreementData, t: T, lang: Lang, money: (minor: number) => string): NoteRow[] {
  return [
    { label: t('rowBorrower'), value: c.username || c.userName },
    { label: t('rowProduct'), value: c.productName },
    // `mount` is the server's display text of the amount; `amount` (minor units) is the fallback.
    { label: t('rowAmount'), value: c.mount || (c.amount > 0 ? money(c.amount) : '') },
    { label: t('rowBankAccount'), value: c.bankNo },
    { label: t('rowDisbursalDate'), value: c.daiDate },
    { label: t('rowRepaymentDate'), value: c.planDate },
    { label: t('rowContractAmount'), value: c.contractAmount },
    { label: t('rowCommission'), value: c.commission },
    { label: t('rowInterest'), value: c.Interest },
    { label: markets[c.market].tax.name[lang], value: c.IVA },
    { label: t('rowReceivedAmount'), value: c.giveAmount },
    { label: t('rowAddress'), value: c.userAddress },
    { label: t('rowContractDate'), value: c.contractDate },
    { label: t('rowCompany'), value: c.company },
  ];
}

/** The promissory note ('Pagaré'): the borrower's promise to pay, and the contract's fields. */
export function PromissoryNote({ contract, lenderName }: { contract: LoanAgreementData; lenderName: string | undefined }) {
  const { t, lang } = useMessages(agreementMessages);
  const money = marketMoney(contract.market);
  return (
    <>
      <p className="presta-agreement-promise">
        {withUnbreakableAmounts(
          t('notePromise', {
            company: contract.company.trim() || lenderName || t('empty'),
            contractAmount: contract.contractAmount || t('empty'),
            planDate: contract.planDate || t('empty'),
          }),
        )}
      </p>
      <PromissoryNoteTable
        caption={t('noteTableCaption')}
        rows={noteRows(contract, t, lang, money)}
        emptyValue={t('empty')}
        fieldHeader={t('noteFieldHeader')}
        valueHeader={t('noteValueHeader')}
      />
    </>
  );
}
