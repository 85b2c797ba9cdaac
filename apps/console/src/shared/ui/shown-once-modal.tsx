import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';

/** A secret the server answers once (a set-up link, an API token): its title, why it is shown once, the value. */
export type ShownOnce = { title: string; warning: string; label: string; value: string };

/**
 * Shows a one-time secret to copy (the staff screen's set-up links, my account's API tokens), with the warning that it
 * will not be shown again; closed only by its buttons.
 */
export function ShownOnceModal({ shown, onClose }: { shown: ShownOnce | undefined; onClose: () => void }) {
  const t = useMessages(commonMessages);
  return (
    <Modal
      open={shown !== undefined}
      title={shown?.title}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
    >
      {shown ? (
        <>
          <Alert type="warning" showIcon title={shown.warning} style={{ marginBottom: 16 }} />
          <Typography.Paragraph copyable={{ text: shown.value }} aria-label={shown.label} code style={{ wordBreak: 'break-all' }}>
            {shown.value}
          </Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  );
}
