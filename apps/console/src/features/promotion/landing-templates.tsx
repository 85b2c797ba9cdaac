import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { consolePromotionTemplates } from '@presta/contract/api/console/promotion';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { promotionMessages } from './messages';
import type { LandingTemplate } from './template-fields';
import { TemplateForm } from './template-form';

/** The landing templates (every reader of reports sees them; admins add and change them). */
export function LandingTemplates() {
  const t = useMessages(promotionMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const mayEdit = useMay('promotion.edit');
  const { data, error, loading, reload } = useCall(consolePromotionTemplates, {});
  // The template being edited; 'new' while adding one.
  const [editing, setEditing] = useState<LandingTemplate | 'new'>();

  const columns: ColumnsType<LandingTemplate> = [
    { title: t('id'), dataIndex: 'id', key: 'id' },
    { title: t('name'), dataIndex: 'name', key: 'name' },
    { title: t('active'), key: 'active', render: (_, l) => <Tag color={l.active ? 'green' : 'default'}>{l.active ? t('active') : t('inactive')}</Tag> },
    { title: t('pixel'), key: 'pixel', render: (_, l) => l.pixelId || common('none') },
    { title: t('english'), key: 'english', render: (_, l) => (l.texts.en ? common('yes') : common('no')) },
    { title: t('updated'), key: 'updated', render: (_, l) => dateTime(l.updatedAt, language) },
    ...(mayEdit
      ? [
          {
            title: t('edit'),
            key: 'edit',
            render: (_: unknown, l: LandingTemplate) => (
              <Button size="small" onClick={() => setEditing(l)} aria-label={t('editLabel', { id: l.id })}>
                {t('edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('templates')}
        </Typography.Title>
      }
      extra={mayEdit ? <Button onClick={() => setEditing('new')}>{t('addTemplate')}</Button> : undefined}
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph type="secondary">{t('templatesHint')}</Typography.Paragraph>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<LandingTemplate>
        rowKey="id"
        columns={columns}
        dataSource={data?.templates ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('noTemplates') }}
      />
      {editing ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            reload();
          }}
        />
      ) : null}
    </Card>
  );
}
