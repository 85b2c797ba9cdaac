import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { consolePromotionTemplateAdd, consolePromotionTemplateUpdate } from '@presta/contract/api/console/promotion';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { SubmitForm, useFormSubmit } from '@/shared/ui/form-modal';
import { promotionMessages } from './messages';
import { initialFields, limits, toTexts, type Fields, type LandingTemplate } from './template-fields';
import { LanguageTexts, useLineRules } from './template-texts';

/** A new template (template undefined) or a change to one: name, active, pixel, Spanish and (optional) English texts. */
export function TemplateForm({ template, onClose, onSaved }: { template: LandingTemplate | undefined; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(promotionMessages);
  const common = useMessages(commonMessages);
  const { message } = App.useApp();
  const submit = useFormSubmit(save);
  const hasEnglish = Form.useWatch('hasEnglish', submit.form) ?? template?.texts.en != null;

  const initial = initialFields(template);
  const line = useLineRules();

  async function save(fields: Fields) {
    const en = fields.hasEnglish && fields.en ? toTexts(fields.en) : null;
    const body = { name: fields.name.trim(), active: fields.active, pixelId: (fields.pixelId ?? '').trim(), es: toTexts(fields.es), en };
    if (template) await call(consolePromotionTemplateUpdate, { id: template.id, ...body });
    else await call(consolePromotionTemplateAdd, body);
    void message.success(t('saved'));
    onSaved();
  }

  return (
    <Drawer
      open
      size="large"
      title={template ? t('editTitle', { id: template.id }) : t('addTitle')}
      onClose={onClose}
      footer={
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="primary" loading={submit.busy} onClick={() => submit.form.submit()}>
            {common('save')}
          </Button>
        </Flex>
      }
    >
      <SubmitForm submit={submit} name="landingTemplate" initialValues={initial}>
        <Form.Item name="name" label={t('name')} rules={line(limits.name)}>
          <Input maxLength={limits.name} />
        </Form.Item>
        <Form.Item name="active" label={t('active')} valuePropName="checked" extra={template?.id === 1 ? t('defaultActive') : undefined}>
          <Switch disabled={template?.id === 1} />
        </Form.Item>
        <Form.Item name="pixelId" label={t('pixel')} extra={t('pixelHint')} rules={[{ pattern: /^[A-Za-z0-9_-]{0,64}$/, message: t('pixelInvalid') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('spanish')}
        </Typography.Title>
        <LanguageTexts lang="es" />
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('englishTexts')}
        </Typography.Title>
        <Form.Item name="hasEnglish" label={t('hasEnglish')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {hasEnglish ? <LanguageTexts lang="en" /> : null}
      </SubmitForm>
    </Drawer>
  );
}
