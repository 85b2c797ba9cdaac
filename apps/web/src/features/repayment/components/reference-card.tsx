import { useMessages } from '@/shared/i18n/use-messages';
import { sessionAssetUrl } from '@/shared/session/session-asset-url';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { CopyButton } from '@/shared/ui/copy-button';
import { PageCard } from '@/shared/ui/page-layout';
import '@/shared/ui/primary-button.css';
import type { PaymentDetail, PaymentVoucher } from '../api/payment-reference';
import { repaymentMessages } from '../messages';

type CopyLabels = { label: string; copiedMessage: string; failedMessage: string };

/**
 * The payment reference: the channel's title and description, the
 * reference-code image, and what to enter to pay (paymentDetails, each with a
 * Copy button when it is to be typed; without them the voucher code and the
 * company name).
 */
export function ReferenceCard({ voucher }: { voucher: PaymentVoucher }) {
  const { t } = useMessages(repaymentMessages);
  const { repayDetail, paymentDetails, payLink } = voucher;
  const copyLabels = { label: t('copy'), copiedMessage: t('copied'), failedMessage: t('copyFailed') };
  return (
    <PageCard title={repayDetail.repayTitle || undefined} className="presta-instruction-reference">
      {repayDetail.repayDes ? <p className="presta-instruction-description">{withUnbreakableAmounts(repayDetail.repayDes)}</p> : null}
      {payLink ? (
        // UPI (issue 32): the link opens the borrower's UPI app with everything filled in; the QR code holds the same link.
        <a className="presta-primary-button presta-primary-button-block presta-instruction-upi-link" href={payLink}>
          {t('upiPayButton')}
        </a>
      ) : null}
      {repayDetail.repayCode ? (
        <div className={`presta-instruction-code-image${payLink ? ' presta-instruction-qr' : ''}`}>
          <img
            src={sessionAssetUrl(repayDetail.repayCode)}
            alt={payLink ? t('upiQrAlt') : t('referenceImageAlt', { code: repayDetail.vCode })}
          />
          {payLink ? <p className="presta-instruction-qr-hint">{t('upiQrHint')}</p> : null}
        </div>
      ) : null}
      {paymentDetails.length > 0 ? <PaymentDetails details={paymentDetails} copyLabels={copyLabels} /> : null}
      {paymentDetails.length === 0 && repayDetail.vCode ? (
        <div className="presta-instruction-field">
          <div className="presta-instruction-field-text">
            <p className="presta-instruction-field-label">{t('referenceLabel')}</p>
            <p className="presta-instruction-voucher">{repayDetail.vCode}</p>
          </div>
          <CopyButton text={repayDetail.vCode} accessibleLabel={t('copyReference')} {...copyLabels} />
        </div>
      ) : null}
      {paymentDetails.length === 0 && repayDetail.companyName ? (
        <div className="presta-instruction-field">
          <div className="presta-instruction-field-text presta-instruction-field-text-flow">
            <p className="presta-instruction-field-label">{t('companyLabel')}</p>
            <p className="presta-instruction-company">{repayDetail.companyName}</p>
          </div>
          <CopyButton text={repayDetail.companyName} accessibleLabel={t('copyCompany')} {...copyLabels} />
        </div>
      ) : null}
    </PageCard>
  );
}

/** What to enter to pay: the account, the reference, the beneficiary…, each to be typed with its Copy button. */
function PaymentDetails({ details, copyLabels }: { details: PaymentDetail[]; copyLabels: CopyLabels }) {
  const { t } = useMessages(repaymentMessages);
  return (
    <ul className="presta-instruction-details" aria-label={t('paymentDetailsLabel')}>
      {details.map((detail, index) => (
        <li key={`${detail.label}-${index}`} className="presta-instruction-field">
          <div className={`presta-instruction-field-text${detail.copy ? '' : ' presta-instruction-field-text-flow'}`}>
            <p className="presta-instruction-field-label">{detail.label}</p>
            <p className={detail.copy ? 'presta-instruction-voucher' : 'presta-instruction-company'}>{detail.value}</p>
          </div>
          {detail.copy ? (
            <CopyButton text={detail.value} accessibleLabel={t('copyDetail', { label: detail.label.split(':')[0]!.trim() })} {...copyLabels} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
