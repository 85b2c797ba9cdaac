import { useMessages } from '@/shared/i18n/use-messages';
import { usePageTitle } from '@/shared/ui/page-title';
import { previewMessages } from '@/features/dev-preview/messages';
import { DemoBorrowers } from '@/features/dev-preview/components/demo-borrowers';
import { DeviceTools } from '@/features/dev-preview/components/device-tools';
import { PreviewFieldsCard } from '@/features/dev-preview/components/preview-fields-card';
import { PreviewLinks } from '@/features/dev-preview/components/preview-links';
import { usePreviewSession } from '@/features/dev-preview/hooks/use-preview-session';
import './test-preview-page.css';

/** Developer test page (§2 "Test page"): fake device data, links to every page, device tools. */
export default function TestPreviewPage() {
  const { t } = useMessages(previewMessages);
  usePageTitle(t('pageTitle'));
  const session = usePreviewSession();

  return (
    <main className="presta-test-preview">
      <header className="presta-test-preview-header">
        <span className="presta-test-preview-badge">{t('badge')}</span>
        <h1 className="presta-test-preview-title">{t('pageTitle')}</h1>
        <p className="presta-test-preview-intro">{t('intro')}</p>
      </header>
      <PreviewFieldsCard
        fields={session.fields}
        onFieldsChange={session.updateFields}
        onLanguage={session.chooseLanguage}
        onClear={session.clearFields}
      />
      <PreviewLinks fields={session.fields} />
      <DemoBorrowers fields={session.fields} activeBorrowerId={session.activeBorrowerId} onUse={session.applyBorrowerSession} />
      <DeviceTools />
    </main>
  );
}
