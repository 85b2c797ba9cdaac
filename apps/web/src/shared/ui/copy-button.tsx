import { useState } from 'react';
import { copyText } from '@/shared/dom/clipboard';
import { showToast } from '@/shared/ui/toast';
import './copy-button.css';

export type CopyButtonProps = {
  /** What goes to the clipboard. */
  text: string;
  /** Visible label, e.g. "Copiar". */
  label: string;
  /**
   * Accessible name when the visible label alone is ambiguous (several copy
   * buttons on a page), e.g. "Copiar referencia". It should start with the
   * visible label.
   */
  accessibleLabel?: string;
  /** Toast after a copy, e.g. "Copiado". */
  copiedMessage: string;
  /** Toast when the browser refused to copy. */
  failedMessage: string;
  className?: string;
};

/** A small outlined button that copies `text` (Clipboard API, with a fallback) and confirms with a toast. */
export function CopyButton({ text, label, accessibleLabel, copiedMessage, failedMessage, className }: CopyButtonProps) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    const copied = await copyText(text);
    setBusy(false);
    showToast(copied ? copiedMessage : failedMessage);
  };
  return (
    <button
      type="button"
      className={['presta-copy-button', className].filter(Boolean).join(' ')}
      aria-label={accessibleLabel}
      onClick={() => void onClick()}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <rect x="8" y="8" width="12" height="12" rx="2.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M16 8V6.5A2.5 2.5 0 0 0 13.5 4h-7A2.5 2.5 0 0 0 4 6.5v7A2.5 2.5 0 0 0 6.5 16H8" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <span>{label}</span>
    </button>
  );
}
