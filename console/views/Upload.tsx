// Upload one of a tenant's files (logo, background, scene, processing video). The server reads the
// type from the bytes and answers a refusal with a sentence, shown under the field.
import { useState } from 'react';
import { call, type TenantView } from '../api.ts';
import { say } from '../state.ts';

const ACCEPT = { logo: 'image/png,image/jpeg,image/webp', background: 'image/png,image/jpeg,image/webp', scene: 'image/png,image/jpeg,image/webp', video: 'video/mp4,video/webm' } as const;
const HINT = {
  logo: 'A PNG, JPEG or WebP image; stored as PNG.',
  background: 'A PNG, JPEG or WebP image; stored as JPEG.',
  scene: 'A PNG, JPEG or WebP photo, portrait (4:5) or larger; stored as JPEG.',
  video: 'An MP4 or WebM video.',
} as const;

export function Upload({ slug, kind, label, onUploaded }: {
  slug: string;
  kind: 'logo' | 'background' | 'scene' | 'video';
  label: string;
  onUploaded: (view: TenantView) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `upload-${kind}`;
  const send = async () => {
    if (!file) {
      setError('Choose a file first.');
      return;
    }
    setBusy(true);
    setError('');
    const answer = await call<TenantView>('PUT', `/tenants/${slug}/files/${kind}`, undefined, file);
    setBusy(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    onUploaded(answer.data);
    say(`${label} uploaded.`);
  };
  return (
    <div className={error ? 'field upload invalid' : 'field upload'}>
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>{HINT[kind]}</p>
      <input id={id} type="file" accept={ACCEPT[kind]} onChange={(e) => { setFile(e.target.files?.[0] ?? null); setError(''); }}
        aria-describedby={error ? `${id}-hint ${id}-problems` : `${id}-hint`} aria-invalid={error ? true : undefined} />{' '}
      <button type="button" onClick={() => void send()} disabled={busy}>{busy ? 'Uploading…' : `Upload ${kind}`}</button>
      {error ? <ul className="problems" id={`${id}-problems`}><li>{error}</li></ul> : null}
    </div>
  );
}
