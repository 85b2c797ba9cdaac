import App from 'antd/es/app';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { consolePromotionTemplateAdd, consolePromotionTemplateUpdate, type consolePromotionTemplates } from '@presta/contract/api/console/promotion';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { SubmitForm, useFormSubmit } from '@/shared/ui/form-modal';
import { promotionMessages } from './messages';

export type LandingTemplate = DataOf<typeof consolePromotionTemplates>['templates'][number];
type Texts = LandingTemplate['texts']['es'];
/** A language's texts in the form: the agreement's paragraphs one per line. */
type TextFields = { downloadTitle: string; downloadText: string; agreementTitle: string; agreementParagraphs: string };
type Fields = { name: string; active: boolean; pixelId: string; es: TextFields; hasEnglish: boolean; en?: TextFields };

// The contract's limits (landingTextsSchema, pixelIdField).
const limits = { name: 80, downloadTitle: 80, downloadText: 400, agreementTitle: 120, paragraph: 1000, paragraphs: 20 };
// What the server refuses in a line: control and format characters, line breaks.
const notOneLine = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

const toFields = (texts: Texts): TextFields => ({ ...texts, agreementParagraphs: texts.agreementParagraphs.join('\n') });
const paragraphsOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
const toTexts = (fields: TextFields): Texts => ({
  downloadTitle: fields.downloadTitle.trim(),
  downloadText: fields.downloadText.trim(),
  agreementTitle: fields.agreementTitle.trim(),
  agreementParagraphs: paragraphsOf(fields.agreementParagraphs),
});

/** A new template (template undefined) or a change to one: name, active, pixel, Spanish and (optional) English texts. */
export function TemplateForm({ template, onClose, onSaved }: { template: LandingTemplate | undefined; onClose: () => void; onSaved: () => void }) {
  const t = useMessages(promotionMessages);
  const common = useMessages(commonMessages);
  const { message } = App.useApp();
  const submit = useFormSubmit(save);
  const hasEnglish = Form.useWatch('hasEnglish', submit.form) ?? template?.texts.en != null;

  const initial: Partial<Fields> = template
    ? {
        name: template.name,
        active: template.active,
        pixelId: template.pixelId,
        es: toFields(template.texts.es),
        hasEnglish: template.texts.en !== null,
        ...(template.texts.en ? { en: toFields(template.texts.en) } : {}),
      }
    : { active: true, pixelId: '', hasEnglish: false };

  async function save(fields: Fields) {
    const en = fields.hasEnglish && fields.en ? toTexts(fields.en) : null;
    const body = { name: fields.name.trim(), active: fields.active, pixelId: (fields.pixelId ?? '').trim(), es: toTexts(fields.es), en };
    if (template) await call(consolePromotionTemplateUpdate, { id: template.id, ...body });
    else await call(consolePromotionTemplateAdd, body);
    void message.success(t('saved'));
    onSaved();
  }

  const line = (max: number): Rule[] => [
    { required: true, whitespace: true, message: t('required') },
    { max, message: t('tooLong', { max }) },
    { pattern: /^[^\n\r]*$/, message: t('oneLine') },
    { validator: (_r, v: string | undefined) => (v && notOneLine.test(v) ? Promise.reject(new Error(t('oneLine'))) : Promise.resolve()) },
  ];
  const paragraphRules: Rule[] = [
    {
      validator: (_r, v: string | undefined) => {
        const paragraphs = paragraphsOf(v ?? '');
        const ok = paragraphs.length >= 1 && paragraphs.length <= limits.paragraphs && paragraphs.every((p) => p.length <= limits.paragraph && !notOneLine.test(p));
        return ok ? Promise.resolve() : Promise.reject(new Error(t('paragraphsInvalid', { max: limits.paragraph })));
      },
    },
  ];
  const texts = (lang: 'es' | 'en') => (
    <>
      <Form.Item name={[lang, 'downloadTitle']} label={t('downloadTitle')} rules={line(limits.downloadTitle)}>
        <Input maxLength={limits.downloadTitle} />
      </Form.Item>
      <Form.Item name={[lang, 'downloadText']} label={t('downloadText')} rules={line(limits.downloadText)}>
        <Input maxLength={limits.downloadText} />
      </Form.Item>
      <Form.Item name={[lang, 'agreementTitle']} label={t('agreementTitle')} rules={line(limits.agreementTitle)}>
        <Input maxLength={limits.agreementTitle} />
      </Form.Item>
      <Form.Item name={[lang, 'agreementParagraphs']} label={t('agreementParagraphs')} extra={t('paragraphsHint')} rules={paragraphRules}>
        <Input.TextArea rows={6} />
      </Form.Item>
    </>
  );

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
        {texts('es')}
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('englishTexts')}
        </Typography.Title>
        <Form.Item name="hasEnglish" label={t('hasEnglish')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {hasEnglish ? texts('en') : null}
      </SubmitForm>
    </Drawer>
  );
}
