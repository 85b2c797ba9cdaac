import { useMessages } from '@/shared/i18n/use-messages';
import type { Captcha } from '../hooks/use-captcha';
import { accountMessages } from '../messages';
import { TextField } from './text-field';

export type CaptchaFieldProps = { captcha: Captcha; value: string; onChange: (value: string) => void; error?: string };

/** The captcha's picture (a tap draws a new one) and its answer. */
export function CaptchaField({ captcha, value, onChange, error }: CaptchaFieldProps) {
  const { t } = useMessages(accountMessages);
  const picture = (
    <button
      type="button"
      className="presta-account-captcha"
      aria-label={t('captchaRefresh')}
      aria-busy={captcha.loading || undefined}
      onClick={captcha.refresh}
    >
      {captcha.src ? (
        <img src={captcha.src} alt={t('captchaImageAlt')} width={100} height={40} onError={captcha.onImageError} />
      ) : (
        <span>{captcha.loading ? t('captchaLoading') : t('captchaRefresh')}</span>
      )}
    </button>
  );
  return (
    <TextField
      label={t('captchaLabel')}
      value={value}
      onChange={(text) => onChange(text.trim().slice(0, 8))}
      autoComplete="off"
      autoCapitalize="off"
      maxLength={8}
      error={error ?? (captcha.failure || undefined)}
      aside={picture}
    />
  );
}
