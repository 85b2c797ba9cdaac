import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Upload, { type UploadFile } from 'antd/es/upload';
import { COMPLAINT_IMAGE_MAX_BYTES, COMPLAINT_IMAGES_MAX } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/i18n';
import { complaintMessages } from './messages';

/** What support may attach (the server also takes WebP; the console offers the two formats every phone shows). */
const imageTypes = ['image/jpeg', 'image/png'];
const maxMb = COMPLAINT_IMAGE_MAX_BYTES / (1024 * 1024);

/** The reply's images: up to 9 JPEG or PNG files of at most 5 MB, kept in the browser until the reply is sent. */
export function ReplyImages({ files, onChange }: { files: UploadFile[]; onChange: (files: UploadFile[]) => void }) {
  const t = useMessages(complaintMessages);
  const { message } = App.useApp();
  return (
  <Form.Item label={t('replyImages')} extra={t('imagesHint', { max: COMPLAINT_IMAGES_MAX, mb: maxMb })}>
    <Upload
      accept={imageTypes.join(',')}
      multiple
      listType="picture"
      fileList={files}
      maxCount={COMPLAINT_IMAGES_MAX}
      onChange={({ fileList }) => onChange(fileList.slice(0, COMPLAINT_IMAGES_MAX))}
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
  );
}
