import { useId, useRef, type ChangeEvent } from 'react';
import { apiAddress } from '@/shared/http/api-request';
import './image-picker.css';

export type ImagePickerProps = {
  /** Uploaded image addresses (`/user-problem/problem-image/<id>`). */
  images: readonly string[];
  /** The picker (add tile) hides once there are this many. */
  max: number;
  /** The input's accept attribute (image types). */
  accept: string;
  /** One file chosen (the input takes one at a time). */
  onPick: (file: File) => void;
  onRemove: (index: number) => void;
  labels: {
    add: string;
    /** Alternative text of a thumbnail, e.g. "Image 2 of 3". */
    image: (n: number, total: number) => string;
    remove: (n: number) => string;
  };
};

/**
 * The complaint's images: thumbnails 3 per row, each with a remove button,
 * and an add tile (a file input for one image) while there are fewer than
 * `max`. A stored image is the borrower's resource: its address carries the
 * session parameters (apiAddress).
 */
export function ImagePicker({ images, max, accept, onPick, onRemove, labels }: ImagePickerProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that the same file can be chosen again.
    event.target.value = '';
    if (file) onPick(file);
  };

  const remove = (index: number) => {
    onRemove(index);
    // Focus goes to the add tile rather than to the page.
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  return (
    <ul className="presta-complaint-images">
      {images.map((url, index) => (
        <li key={url} className="presta-complaint-image">
          <img src={apiAddress(url)} alt={labels.image(index + 1, images.length)} className="presta-complaint-image-thumb" />
          <button type="button" className="presta-complaint-image-remove" aria-label={labels.remove(index + 1)} onClick={() => remove(index)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M7 7l10 10M17 7L7 17" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
            </svg>
          </button>
        </li>
      ))}
      {images.length < max ? (
        <li className="presta-complaint-image">
          <input ref={inputRef} id={inputId} type="file" accept={accept} className="presta-complaint-image-input" onChange={onChange} />
          <label htmlFor={inputId} className="presta-complaint-image-add">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
              <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
            <span className="presta-complaint-image-add-text">{labels.add}</span>
          </label>
        </li>
      ) : null}
    </ul>
  );
}
