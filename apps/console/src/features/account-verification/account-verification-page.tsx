import { useState } from 'react';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleAccountVerifications } from '@presta/contract/api/console/account-verifications';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { DecideModal } from './decide-modal';
import { MatchExplanation } from './match-explanation';
import { accountVerificationMessages } from './messages';
import { useVerificationColumns, type Decision, type HeldAccount } from './verification-columns';

/** Bank accounts held on a name mismatch (issue 37), oldest first: both names, the rule's explanation; accept or reject with a reason. */
export default function AccountVerificationPage() {
  const t = useMessages(accountVerificationMessages);
  const common = useMessages(commonMessages);
  const { data, error, loading, reload } = useCall(consoleAccountVerifications, { status: 'mismatch' });
  const [deciding, setDeciding] = useState<Decision>();
  const columns = useVerificationColumns(setDeciding);

  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('intro')}</Typography.Text>
        <Button onClick={reload} loading={loading}>
          {common('refresh')}
        </Button>
      </Space>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<HeldAccount>
        rowKey="verificationId"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.accounts ?? []}
        expandable={{ expandedRowRender: (a) => <MatchExplanation account={a} /> }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (count) => t('count', { count }) }}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: true }}
      />
      {deciding ? (
        <DecideModal
          decision={deciding}
          onClose={() => setDeciding(undefined)}
          onDecided={() => {
            setDeciding(undefined);
            reload();
          }}
        />
      ) : null}
    </>
  );
}
