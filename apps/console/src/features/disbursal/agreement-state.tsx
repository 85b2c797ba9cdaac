import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMessages } from '@/shared/i18n/i18n';
import type { Application } from '@/shared/ui/application-columns';
import { disbursalMessages } from './messages';

type AgreementState = Application['agreement'];

const colour: Record<AgreementState, string> = { signed: 'green', awaiting_timestamp: 'gold', unsigned: 'red' };

/** An order's agreement may be disbursed only signed and time-stamped (the server refuses otherwise: agreementNotSigned). */
export const agreementBlocks = (a: Application) => a.agreement !== 'signed';

/** Where the order's signed agreement stands and, when it stops the disbursal, why. */
export function AgreementState({ state }: { state: AgreementState }) {
  const t = useMessages(disbursalMessages);
  return (
    <span>
      <Tag color={colour[state]}>{t(`agreement_${state}`)}</Tag>
      {state === 'signed' ? null : (
        <>
          <br />
          <Typography.Text type="secondary">{t(`agreementWhy_${state}`)}</Typography.Text>
        </>
      )}
    </span>
  );
}
