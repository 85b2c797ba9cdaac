import { useId, useMemo } from 'react';
import { useAddressSearch } from '@/shared/router/address';
import { marketMoney } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { useQuery } from '@/shared/http/use-query';
import { assignLocation } from '@/shared/session/navigation';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback } from '@/shared/ui/remote-fallback';
import { generatePaymentReference, type PaymentVoucher } from '../api/payment-reference';
import { InstructionImages } from '../components/instruction-images';
import { ReferenceCard } from '../components/reference-card';
import { repaymentMessages } from '../messages';
import { parseInstructionQuery, paymentPageUrl, type InstructionQuery } from '../utils/payment-link';
import './payment-instruction-page.css';

/**
 * Payment instruction (/carpmm?requestType=1|2&amount&payCode + session):
 * generates the channel's payment reference (generate-vcode) and shows how to
 * pay it: top logo, total (in the loan's market's currency), title and
 * description, the reference-code image, what to enter to pay (the account to
 * pay to, the reference to type, the beneficiary…: paymentDetails, each with a
 * Copy button when it is to be typed; an answer without them shows the voucher
 * code and the company name), the channel's titled text sections, the image
 * section with its e-mail link, and the bottom logo. A link with a missing or
 * invalid field shows an error.
 */
export default function PaymentInstructionPage() {
  const search = useAddressSearch();
  const parsed = useMemo(() => parseInstructionQuery(search), [search]);
  const { t } = useMessages(repaymentMessages);
  usePageTitle(t('instructionPageTitle'));

  if (!parsed.ok) {
    return (
      <PageLayout>
        <LoadFailure
          title={t('invalidLinkTitle')}
          text={t('invalidLinkText')}
          actionLabel={t('backToPayment')}
          onAction={() => assignLocation(paymentPageUrl(parsed.requestType))}
        />
      </PageLayout>
    );
  }
  const { query } = parsed;
  return <PaymentInstruction key={`${query.orderId}:${query.requestType}:${query.amount}:${query.payCode}`} query={query} />;
}

function PaymentInstruction({ query }: { query: InstructionQuery }) {
  const { t } = useMessages(repaymentMessages);
  const headingId = useId();
  const remote = useQuery<PaymentVoucher>({ load: ({ signal }) =>
    generatePaymentReference(query, { loading: t('generating'), signal }),
  });
  const { data } = remote;

  if (!data) {
    return (
      <PageLayout>
        <RemoteFallback
          remote={remote}
          texts={{ loading: t('generating'), failedTitle: t('loadFailedTitle'), failedText: t('loadFailedText'), retry: t('retry'), refusedTitle: t('refusedTitle') }}
          // A refused voucher (the channel unavailable, the amount changed): back to choose another way to pay.
          refusalAction={{ label: t('backToPayment'), onAction: () => assignLocation(paymentPageUrl(query.requestType)) }}
        />
      </PageLayout>
    );
  }

  const { repayDetail, dataList } = data;
  const money = marketMoney(data.market);

  return (
    <PageLayout className="presta-instruction">
      <section className="presta-instruction-total" aria-labelledby={headingId}>
        {data.topLogo ? <img className="presta-instruction-top-logo" src={data.topLogo} alt={t('topLogoAlt')} height={40} /> : null}
        <h1 id={headingId} className="presta-instruction-heading">
          {t('instructionHeading')}
        </h1>
        <p className="presta-instruction-total-label">{t('totalLabel')}</p>
        <p className="presta-instruction-total-amount">{money(repayDetail.amount || query.amount)}</p>
      </section>
      <ReferenceCard voucher={data} />
      {dataList.map((section, index) => (
        <PageCard key={`${section.title}-${index}`} title={section.title || undefined} className="presta-instruction-section">
          <ul className="presta-instruction-lines">
            {section.content.map((line, lineIndex) => (
              <li key={lineIndex}>{withUnbreakableAmounts(line)}</li>
            ))}
          </ul>
        </PageCard>
      ))}
      <InstructionImages images={data.imgList} stores={data.stores} />
      {data.bottomLogo ? (
        <div className="presta-instruction-bottom">
          <img className="presta-instruction-bottom-logo" src={data.bottomLogo} alt={t('bottomLogoAlt')} height={32} />
        </div>
      ) : null}
    </PageLayout>
  );
}
