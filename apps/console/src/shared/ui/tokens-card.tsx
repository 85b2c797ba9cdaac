import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import Table, { type ColumnType, type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { CallState } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import type { Language, Translate } from '@/shared/i18n/i18n';
import { ErrorAlert } from '@/shared/ui/error-alert';

/** What every list of API tokens knows of one. */
type TokenRow = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/** A token's name, when it was made and when last used ("never"), in the words of the screen's catalogue. */
export function tokenColumns<Token extends TokenRow>(t: Translate<'tokenName' | 'tokenCreated' | 'tokenLastUsed' | 'never'>, language: Language) {
  return {
    name: { title: t('tokenName'), dataIndex: 'name', key: 'name' },
    created: { title: t('tokenCreated'), key: 'createdAt', render: (_, k) => dateTime(k.createdAt, language) },
    lastUsed: { title: t('tokenLastUsed'), key: 'lastUsedAt', render: (_, k) => (k.lastUsedAt ? dateTime(k.lastUsedAt, language) : t('never')) },
  } satisfies Record<string, ColumnType<Token>>;
}

export type TokensCardProps<Token extends TokenRow> = {
  title: string;
  hint: string;
  emptyText: string;
  /** The read of the tokens. */
  tokens: CallState<{ tokens: Token[] }>;
  columns: ColumnsType<Token>;
  /** Beside the title (a button). */
  extra?: ReactNode;
  /** Below the table (the modals its buttons open). */
  children?: ReactNode;
};

/** A card listing live API tokens (my account's, or every member's for an admin): its title, a hint, the table. */
export function TokensCard<Token extends TokenRow>({ title, hint, emptyText, tokens, columns, extra, children }: TokensCardProps<Token>) {
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      {tokens.error ? <ErrorAlert error={tokens.error} onRetry={tokens.reload} /> : null}
      <Table<Token>
        rowKey="id"
        columns={columns}
        dataSource={tokens.data?.tokens ?? []}
        loading={tokens.loading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText }}
      />
      {children}
    </Card>
  );
}
