import { useId, useState, type ChangeEvent } from 'react';
import { DOCUMENT_MAX_BYTES, type DocumentKind } from '@presta/contract/application-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { sessionAssetUrl } from '@/shared/session/session-asset-url';
import type { ApplicationAnswer, CreditApplication } from '../api/application-calls';
import { applicationMessages } from '../messages';

export type DocumentTileProps = {
  kind: DocumentKind;
  document: CreditApplication['documents'][number] | undefined;
  upload: (kind: DocumentKind, file: File) => Promise<ApplicationAnswer>;
};

const maxMb = Math.floor(DOCUMENT_MAX_BYTES / (1024 * 1024));

/** Why a chosen file is not sent: not an image by its declared type, or too large (the server checks the bytes). */
function fileProblem(file: File): 'notImage' | 'tooLarge' | null {
  if (file.type && !file.type.toLowerCase().startsWith('image/')) return 'notImage';
  return file.size > DOCUMENT_MAX_BYTES ? 'tooLarge' : null;
}

/**
 * One document's tile: its photo once uploaded, then two ways to give it: the camera (`capture`: the back
 * one for a card, the front one for the selfie) and a plain file picker where there is no camera. The upload's
 * progress and the server's refusal show in the tile.
 */
export function DocumentTile({ kind, document, upload }: DocumentTileProps) {
  const { t } = useMessages(applicationMessages);
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const name = t(`kind_${kind}`);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that the same file can be chosen again.
    event.target.value = '';
    if (!file || uploading) return;
    const found = fileProblem(file);
    if (found) {
      setProblem(t(found, { mb: maxMb }));
      return;
    }
    setProblem(null);
    setUploading(true);
    const answer = await upload(kind, file);
    setUploading(false);
    if (!answer.success) setProblem(answer.message);
  };

  const status = uploading ? t('uploading') : document ? t('uploaded') : t('notUploaded');
  return (
    <li className="presta-application-document" aria-labelledby={`${id}-title`} aria-busy={uploading || undefined}>
      <h3 id={`${id}-title`} className="presta-application-document-title">
        {name}
      </h3>
      <p id={`${id}-hint`} className="presta-application-hint">
        {t(`kindHint_${kind}`)}
      </p>
      {document ? <img key={document.uploadedAt} className="presta-application-document-photo" src={sessionAssetUrl(document.url)} alt={t('uploadedAlt', { kind: name })} /> : null}
      <p className="presta-application-document-status" role="status">
        {status}
      </p>
      {uploading ? <progress className="presta-application-document-progress" aria-label={t('uploading')} /> : null}
      {problem ? (
        <p id={`${id}-problem`} className="presta-application-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="presta-application-document-actions">
        <input
          id={`${id}-camera`}
          className="presta-application-file-input"
          type="file"
          accept="image/*"
          capture={kind === 'selfie' ? 'user' : 'environment'}
          disabled={uploading}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          onChange={(event) => void onPick(event)}
        />
        <label htmlFor={`${id}-camera`} className="presta-application-file-button is-primary">
          {kind === 'selfie' ? t('takeSelfie') : t('takePhoto', { kind: name })}
        </label>
        <input
          id={`${id}-file`}
          className="presta-application-file-input"
          type="file"
          accept="image/*"
          disabled={uploading}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
          onChange={(event) => void onPick(event)}
        />
        <label htmlFor={`${id}-file`} className="presta-application-file-button">
          {t('chooseFile', { kind: name })}
        </label>
      </div>
    </li>
  );
}
