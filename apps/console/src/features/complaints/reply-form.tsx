import { useState } from 'react';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { UploadFile } from 'antd/es/upload';
import { consoleComplaintReply, consoleComplaintReplyWithImages, consoleReplyImageField } from '@presta/contract/api/console/complaints';
import { call, callMultipart } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';
import { complaintMessages } from './messages';
import { ReplyImages } from './reply-images';

const replyMax = 2000;

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
      await sendReply(problemId, text.trim(), files);
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
      <ReplyImages files={files} onChange={setFiles} />
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('send')}
      </Button>
    </Form>
  );
}

/** Sends the reply: with images as multipart, else as JSON. */
async function sendReply(problemId: number, text: string, files: UploadFile[]) {
  const chosen = files.flatMap((f) => (f.originFileObj ? [f.originFileObj] : []));
  if (chosen.length > 0) {
    const body = new FormData();
    body.append('problemId', String(problemId));
    body.append('text', text);
    for (const file of chosen) body.append(consoleReplyImageField, file, file.name);
    await callMultipart(consoleComplaintReplyWithImages, body);
  } else {
    await call(consoleComplaintReply, { problemId, text });
  }
}
