import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import { ApiError } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages, type Translate } from '@/shared/i18n/i18n';

/** What to tell a person about a failed call: the server's message (in their language), else why in our words. */
export function errorText(error: unknown, t: Translate<keyof (typeof commonMessages)['es']>): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('networkError');
    if (error.message) return error.message;
    if (error.status === 403) return t('forbidden');
    return t('unexpectedError', { status: error.status });
  }
  return t('unexpectedError', { status: '?' });
}

export function useErrorText() {
  const t = useMessages(commonMessages);
  return (error: unknown) => errorText(error, t);
}

/**
 * Runs what a button started (a call and what follows it); a failure is told in an error toast, in the words of
 * errorText. The returned promise never rejects.
 */
export function useToastOnFailure() {
  const toText = useErrorText();
  const { message } = App.useApp();
  return async (action: () => Promise<void>) => {
    try {
      await action();
    } catch (failure) {
      void message.error(toText(failure));
    }
  };
}

/** A failed read, with a way to try again. */
export function ErrorAlert({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useMessages(commonMessages);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={errorText(error, t)}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
