import { useState } from 'react';
import './image-grid.css';

export type ImageGridProps = {
  /** Image sources, ready for `src`. */
  images: string[];
  /** Names the list, e.g. "Imágenes". */
  label: string;
  /** Accessible name of the button of the image at 1-based `index`. */
  viewLabel: (index: number, total: number) => string;
  /** Shown in place of an image that did not load. */
  unavailableLabel: string;
  /** Opens the image at 0-based `index` large. */
  onOpen: (index: number) => void;
};

/** Thumbnails, COMPLAINT_IMAGES_PER_ROW (3) per row; each a button that opens the image large. */
export function ImageGrid({ images, label, viewLabel, unavailableLabel, onOpen }: ImageGridProps) {
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const total = images.length;
  if (total === 0) return null;
  return (
    <ul className="presta-complaint-images" aria-label={label}>
      {images.map((src, i) =>
        broken.has(src) ? (
          <li key={`${i}:${src}`} className="presta-complaint-image presta-complaint-image-broken">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <rect x="3" y="4" width="18" height="16" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path d="M3.5 16.5l5-5 4 4 2.5-2.5 5.5 5.5M4 4l16 16" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
            <span>{unavailableLabel}</span>
          </li>
        ) : (
          <li key={`${i}:${src}`} className="presta-complaint-image">
            <button type="button" className="presta-complaint-image-button" aria-label={viewLabel(i + 1, total)} onClick={() => onOpen(i)}>
              <img
                src={src}
                alt=""
                loading="lazy"
                decoding="async"
                onError={() => setBroken((current) => new Set(current).add(src))}
              />
            </button>
          </li>
        ),
      )}
    </ul>
  );
}
