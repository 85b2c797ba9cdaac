import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import { useMessages } from '@/shared/i18n/i18n';
import { promotionMessages } from './messages';
import { limits, notOneLine, paragraphsOf } from './template-fields';

/** The rules of a one-line text of at most `max` characters: required, plain text on one line. */
export function useLineRules(): (max: number) => Rule[] {
  const t = useMessages(promotionMessages);
  return (max) => [
    { required: true, whitespace: true, message: t('required') },
    { max, message: t('tooLong', { max }) },
    { pattern: /^[^\n\r]*$/, message: t('oneLine') },
    { validator: (_r, v: string | undefined) => (v && notOneLine.test(v) ? Promise.reject(new Error(t('oneLine'))) : Promise.resolve()) },
  ];
}

/** A language's texts: the download view's title and text, the agreement's title and paragraphs (one per line). */
export function LanguageTexts({ lang }: { lang: 'es' | 'en' }) {
  const t = useMessages(promotionMessages);
  const line = useLineRules();
  const paragraphRules: Rule[] = [
    {
      validator: (_r, v: string | undefined) => {
        const paragraphs = paragraphsOf(v ?? '');
        const ok = paragraphs.length >= 1 && paragraphs.length <= limits.paragraphs && paragraphs.every((p) => p.length <= limits.paragraph && !notOneLine.test(p));
        return ok ? Promise.resolve() : Promise.reject(new Error(t('paragraphsInvalid', { max: limits.paragraph })));
      },
    },
  ];
  return (
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
}
