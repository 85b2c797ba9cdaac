import { useState } from 'react';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Upload, { type UploadFile } from 'antd/es/upload';
import { consoleComplaintReply, consoleComplaintReplyWithImages, consoleReplyImageField } from '@presta/contract/api/console/complaints';
import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGES_MAX } from '@presta/contract/complaint-rules';
import { call, callMultipart } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';
import { complaintMessages } from './messages';

/** What support may attach (the server also takes WebP; the console offers the two formats every phone shows). */
const imageTypes = ['image/jpeg', 'image/png'];
const replyMax = 2000;
const maxMb = COMPLAINT_IMAGE_MAX_BYTES / (1024 * 1024);

type Fields = { text: string };

/**
 * Support's reply to an open complaint: the text (1–2000 characters) and up to 9 JPEG or PNG images collected in
 * the browser (never uploaded on their own), sent together: with images as multipart, else as JSON.
 */
export function ReplyForm({ problemId, onSent }: { problemId: number; onSent: () => void }) {
  const t = useMessages(complaintMessages);
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  async function send({ text }: Fields) {
    setBusy(true);
    setError(undefined);
    try {
      const chosen = files.flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));
      if (chosen.length > 0) {
        const body = new FormData();
        body.append('problemId', String(problemId));
        body.append('text', text.trim());
        for (const file of chosen) body.append(consoleReplyImageField, file, file.name);
        await callMultipart(consoleComplaintReplyWithImages, body);
      } else {
        await call(consoleComplaintReply, { problemId, text: text.trim() });
      }
      void message.success(t('sent'));
      form.resetFields();
      setFiles([]);
      onSent();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form<Fields> form={form} name="complaintReply" layout="vertical" requiredMark={false} onFinish={(fields) => void send(fields)}>
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        name="text"
        label={t('replyText')}
        rules={[
          { required: true, whitespace: true, message: t('replyRequired') },
          { max: replyMax, message: t('replyTooLong', { max: replyMax }) },
        ]}
      >
        <Input.TextArea rows={5} maxLength={replyMax} showCount />
      </Form.Item>
      <Form.Item label={t('replyImages')} extra={t('imagesHint', { max: COMPLAINT_IMAGES_MAX, mb: maxMb })}>
        <Upload
          accept={imageTypes.join(',')}
          multiple
          listType="picture"
          fileList={files}
          maxCount={COMPLAINT_IMAGES_MAX}
          onChange={({ fileList }) => setFiles(fileList.slice(0, COMPLAINT_IMAGES_MAX))}
          beforeUpload={(file, batch) => {
            if (!imageTypes.includes(file.type)) {
              void message.error(t('imageWrongType', { name: file.name }));
              return Upload.LIST_IGNORE;
            }
            if (file.size > COMPLAINT_IMAGE_MAX_BYTES) {
              void message.error(t('imageTooLarge', { name: file.name, mb: maxMb }));
              return Upload.LIST_IGNORE;
            }
            if (files.length + batch.indexOf(file) >= COMPLAINT_IMAGES_MAX) {
              void message.error(t('imageTooMany', { max: COMPLAINT_IMAGES_MAX }));
              return Upload.LIST_IGNORE;
            }
            // Kept in the list and sent with the reply, never uploaded on its own.
            return false;
          }}
        >
          <Button disabled={files.length >= COMPLAINT_IMAGES_MAX}>{t('addImages')}</Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('send')}
      </Button>
    </Form>
  );
}
