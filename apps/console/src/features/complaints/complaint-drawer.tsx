import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Image from 'antd/es/image';
import Typography from 'antd/es/typography';
import { COMPLAINT_SCORE_MAX } from '@presta/contract/complaint-rules';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { complaintMessages } from './messages';
import { ReplyForm } from './reply-form';
import { StatusTag, typeOf, type Complaint } from './complaint-parts';

/** A complaint image, read by its id from the server (same origin: the console's cookie goes with it). */
const imageSrc = (id: number) => `/console/api/complaints/images/${id}`;

/** One complaint to read: the borrower's text and images, the reply (who, when), and support's reply form. */
export function ComplaintDrawer({ complaint, onClose, onReplied }: { complaint: Complaint | undefined; onClose: () => void; onReplied: () => void }) {
  const t = useMessages(complaintMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const mayReply = useMay('complaints.reply');
  return (
    <Drawer open={complaint !== undefined} onClose={onClose} size="large" title={complaint ? t('detailTitle', { id: complaint.id }) : undefined} destroyOnHidden>
      {complaint ? (
        <>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'status', label: t('status'), children: <StatusTag status={complaint.status} /> },
              { key: 'created', label: t('created'), children: dateTime(complaint.createdAt, language) },
              { key: 'order', label: t('order'), children: complaint.orderNo },
              { key: 'phone', label: t('phone'), children: complaint.maskedPhone },
              { key: 'type', label: t('typeSubtype'), children: typeOf(complaint) },
              {
                key: 'score',
                label: t('score'),
                children: complaint.score === null ? common('none') : t('scoreValue', { score: complaint.score, max: COMPLAINT_SCORE_MAX }),
              },
            ]}
          />
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            {t('text')}
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{complaint.detail}</Typography.Paragraph>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('images')}
          </Typography.Title>
          {complaint.images.length === 0 ? (
            <Typography.Paragraph type="secondary">{t('noImages')}</Typography.Paragraph>
          ) : (
            <Image.PreviewGroup>
              <Flex gap={8} wrap style={{ marginBottom: 16 }}>
                {complaint.images.map((image, i) => (
                  <Image
                    key={image.id}
                    width={112}
                    height={112}
                    style={{ objectFit: 'cover' }}
                    src={imageSrc(image.id)}
                    alt={t('imageAlt', { n: i + 1, id: complaint.id, by: t(`uploader_${image.uploader}`) })}
                  />
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('reply')}
          </Typography.Title>
          {complaint.repliedAt === null || !complaint.replyText ? (
            <Typography.Paragraph type="secondary">{t('noReply')}</Typography.Paragraph>
          ) : (
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{complaint.replyText}</Typography.Paragraph>
              <Typography.Paragraph type="secondary">
                {t('repliedBy', { by: complaint.repliedBy ?? common('none'), at: dateTime(complaint.repliedAt, language) })}
              </Typography.Paragraph>
            </>
          )}
          {mayReply && complaint.status === 'open' ? (
            <>
              <Divider />
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                {t('replyTitle')}
              </Typography.Title>
              <ReplyForm key={complaint.id} problemId={complaint.id} onSent={onReplied} />
            </>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
