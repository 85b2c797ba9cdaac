import { Component, type ReactNode } from 'react';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/use-messages';
import { PrimaryButton } from '@/shared/ui/primary-button';
import './route-error.css';

/** Shown when a page's code cannot load (offline, new deploy) or a page throws. */
export function RouteError() {
  const { t } = useMessages(commonMessages);
  return (
    <main className="presta-route-error">
      <h1 className="presta-route-error-title">{t('routeErrorTitle')}</h1>
      <p className="presta-route-error-text">{t('routeErrorText')}</p>
      <PrimaryButton block={false} onClick={() => location.reload()}>
        {t('retry')}
      </PrimaryButton>
    </main>
  );
}

/** Shows RouteError instead of its children when a page's code cannot load or a page throws (React logs the error). */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  /** Another page: try again. */
  static getDerivedStateFromProps(props: { resetKey: string }, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
