import { useEffect, useRef, type TouchEvent } from 'react';
import { ModalDialog } from '@/shared/ui/modal-dialog';
import './image-viewer-dialog.css';

export type ImageViewerDialogProps = {
  /** Image sources, ready for `src`. */
  images: string[];
  /** The image shown (0-based), or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  labels: {
    /** Dialog title, e.g. (2, 3) => "Imagen 2 de 3". */
    title: (index: number, total: number) => string;
    alt: (index: number, total: number) => string;
    previous: string;
    next: string;
    close: string;
  };
};

/** A horizontal swipe at least this long (px) moves to the next or previous image. */
const swipeMinPx = 40;

/**
 * One image large, on a dark full-screen dialog (ModalDialog: focus moves in,
 * Escape and the close button dismiss it). Previous/next buttons, arrow keys
 * and a horizontal swipe move between the images.
 *
 * antd-mobile's ImageViewer is not used: its mask is aria-hidden, so a close
 * button inside it would be hidden from assistive tech and it has no Escape.
 */
export function ImageViewerDialog({ images, index, onIndexChange, onClose, labels }: ImageViewerDialogProps) {
  const total = images.length;
  const visible = index !== null && index >= 0 && index < total;
  const current = visible ? index : 0;
  const touchStartX = useRef<number | null>(null);

  const go = (next: number) => {
    if (total > 1 && next >= 0 && next < total) onIndexChange(next);
  };

  useEffect(() => {
    if (!visible || total < 2) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && current > 0) onIndexChange(current - 1);
      else if (event.key === 'ArrowRight' && current < total - 1) onIndexChange(current + 1);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [visible, current, total, onIndexChange]);

  const onTouchStart = (event: TouchEvent) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStartX.current;
    touchStartX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined) return;
    if (end - start <= -swipeMinPx) go(current + 1);
    else if (end - start >= swipeMinPx) go(current - 1);
  };

  const position = { n: current + 1, total };
  return (
    <ModalDialog
      visible={visible}
      title={labels.title(position.n, total)}
      onClose={onClose}
      closeLabel={labels.close}
      closeOnMaskClick
      className="presta-complaint-viewer"
      footer={
        total > 1 ? (
          <div className="presta-complaint-viewer-nav">
            <button type="button" className="presta-complaint-viewer-step" aria-disabled={current === 0} onClick={() => go(current - 1)}>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>{labels.previous}</span>
            </button>
            <button
              type="button"
              className="presta-complaint-viewer-step"
              aria-disabled={current === total - 1}
              onClick={() => go(current + 1)}
            >
              <span>{labels.next}</span>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          </div>
        ) : undefined
      }
    >
      <div className="presta-complaint-viewer-frame" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <img src={images[current]} alt={labels.alt(position.n, total)} />
      </div>
    </ModalDialog>
  );
}
