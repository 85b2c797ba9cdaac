import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { formatPhone } from '@/shared/format/input-formats';
import { useMessages } from '@/shared/i18n/use-messages';
import { previewMessages } from '@/features/dev-preview/messages';

type Photo = { name: string; url: string | null };

type LocationState =
  | { kind: 'idle' }
  | { kind: 'locating' }
  | { kind: 'located'; lat: string; lng: string; accuracy: number }
  | { kind: 'error'; message: 'locationDenied' | 'locationUnavailable' | 'locationTimeout' | 'locationUnsupported' };

function PhotoPicker() {
  const { t } = useMessages(previewMessages);
  const inputId = useId();
  const [photo, setPhoto] = useState<Photo | null>(null);

  useEffect(() => {
    return () => {
      if (photo?.url) URL.revokeObjectURL(photo.url);
    };
  }, [photo]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    setPhoto({ name: file.name, url });
  }

  return (
    <div className="presta-test-preview-tool">
      <span className="presta-test-preview-label" id={`${inputId}-label`}>
        {t('photo')}
      </span>
      <div className="presta-test-preview-photo">
        <div className="presta-test-preview-thumb">
          {photo?.url ? <img src={photo.url} alt={t('photoPreview', { name: photo.name })} /> : null}
        </div>
        <div className="presta-test-preview-photo-side">
          <input
            id={inputId}
            className="presta-test-preview-file"
            type="file"
            accept="image/*"
            aria-labelledby={`${inputId}-label ${inputId}-button`}
            onChange={onChange}
          />
          <label htmlFor={inputId} className="presta-test-preview-secondary" id={`${inputId}-button`}>
            {t('photoChoose')}
          </label>
          <span className="presta-test-preview-hint">{photo ? photo.name : t('photoNone')}</span>
        </div>
      </div>
    </div>
  );
}

function ContactField() {
  const { t } = useMessages(previewMessages);
  const inputId = useId();
  const [value, setValue] = useState('');
  return (
    <div className="presta-test-preview-tool">
      <label className="presta-test-preview-label" htmlFor={inputId}>
        {t('contact')}
      </label>
      <input
        id={inputId}
        className="presta-test-preview-input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder="138 0013 8000"
        aria-describedby={`${inputId}-hint`}
        value={value}
        onChange={(event) => setValue(formatPhone(event.target.value))}
      />
      <span className="presta-test-preview-hint" id={`${inputId}-hint`}>
        {t('contactHint')}
      </span>
    </div>
  );
}

function GeolocationTool() {
  const { t } = useMessages(previewMessages);
  const [state, setState] = useState<LocationState>({ kind: 'idle' });

  function locate() {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ kind: 'error', message: 'locationUnsupported' });
      return;
    }
    setState({ kind: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setState({
          kind: 'located',
          lat: position.coords.latitude.toFixed(5),
          lng: position.coords.longitude.toFixed(5),
          accuracy: Math.round(position.coords.accuracy),
        }),
      (error) =>
        setState({
          kind: 'error',
          message:
            error.code === error.PERMISSION_DENIED
              ? 'locationDenied'
              : error.code === error.TIMEOUT
                ? 'locationTimeout'
                : 'locationUnavailable',
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  let text = '';
  if (state.kind === 'locating') text = t('locating');
  if (state.kind === 'located') text = t('located', { lat: state.lat, lng: state.lng, accuracy: state.accuracy });
  if (state.kind === 'error') text = t(state.message);

  return (
    <div className="presta-test-preview-tool">
      <span className="presta-test-preview-label">{t('location')}</span>
      <button
        type="button"
        className="presta-test-preview-secondary"
        onClick={locate}
        disabled={state.kind === 'locating'}
      >
        {t('locate')}
      </button>
      <p
        className={`presta-test-preview-location${state.kind === 'error' ? ' presta-test-preview-location-error' : ''}`}
        role="status"
      >
        {text}
      </p>
    </div>
  );
}

/** Photo picker, contact field and geolocation: checks of what the web view lets a page do. */
export function DeviceTools() {
  const { t } = useMessages(previewMessages);
  const titleId = useId();
  return (
    <section className="presta-test-preview-card" aria-labelledby={titleId}>
      <h2 className="presta-test-preview-card-title" id={titleId}>
        {t('toolsTitle')}
      </h2>
      <PhotoPicker />
      <ContactField />
      <GeolocationTool />
    </section>
  );
}
