import type { ReactNode } from 'react';
import './status-screen.css';

export type StatusScreenProps = {
  /** Decorative illustration (its alt is empty: the title says it all). */
  imageSrc?: string;
  /** Shown above the title instead of an image (e.g. a big "404"). */
  visual?: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
};

/** A centred full-page notice: illustration, title, text and one action. */
export function StatusScreen({ imageSrc, visual, title, children, action }: StatusScreenProps) {
  return (
    <main className="presta-status">
      <div className="presta-status-card">
        {imageSrc ? <img className="presta-status-image" src={imageSrc} alt="" width={240} height={190} /> : null}
        {visual}
        <h1 className="presta-status-title">{title}</h1>
        <div className="presta-status-text">{children}</div>
      </div>
      {action ? <div className="presta-status-action">{action}</div> : null}
    </main>
  );
}
