import { useState } from 'react';
import type { DocumentKind } from '@presta/contract/application-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { uploadDocument, type CreditApplication } from '../api/application-calls';
import { applicationMessages } from '../messages';
import { DocumentTile } from './document-tile';
import { StepForm } from './step-form';

type StepProps = { application: CreditApplication; onSaved: (application: CreditApplication) => void; onDone: () => void };

/** Step 4: a tile per document the market asks for (Mexico: INE front and back; India: PAN card) and the selfie. */
export function DocumentsStep({ application, onSaved, onDone }: StepProps) {
  const { t } = useMessages(applicationMessages);
  const [missing, setMissing] = useState(false);
  const documentOf = (kind: DocumentKind) => application.documents.find((d) => d.kind === kind);
  const upload = async (kind: DocumentKind, file: File) => {
    const answer = await uploadDocument(kind, file);
    if (answer.success && answer.data) {
      onSaved(answer.data.application);
      setMissing(false);
    }
    return answer;
  };
  const onContinue = () => {
    const all = application.requiredDocuments.every((kind) => documentOf(kind));
    setMissing(!all);
    if (all) onDone();
    return all;
  };
  return (
    <StepForm onContinue={onContinue} busy={false} refusal={missing ? t('documentsMissing') : null} invalid={false} previous="work">
      <p className="presta-application-intro">{t('documentsIntro')}</p>
      <ul className="presta-application-documents">
        {application.requiredDocuments.map((kind) => (
          <DocumentTile key={kind} kind={kind} document={documentOf(kind)} upload={upload} />
        ))}
      </ul>
    </StepForm>
  );
}
