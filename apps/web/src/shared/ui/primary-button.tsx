import type { ButtonHTMLAttributes } from 'react';
import './primary-button.css';

export type PrimaryButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Full width (default true). */
  block?: boolean;
};

/**
 * The brand call-to-action: 48px tall, brand background, white 19px bold label
 * (white on #FF2A84 is 3.5:1, which passes only as large bold text).
 */
export function PrimaryButton({ block = true, className, type = 'button', ...props }: PrimaryButtonProps) {
  const classes = ['presta-primary-button', block ? 'presta-primary-button-block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...props} />;
}
