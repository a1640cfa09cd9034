// Upload one of a tenant's files (logo, background, scene, frame, processing video). Its limits
// (contract/upload-limits.ts, the numbers the booth enforces) are told before a file is chosen,
// and a chosen file over them is refused here, before a byte is sent. The server reads the type
// from the bytes and answers a refusal with a sentence, shown under the field.
import { useEffect, useState } from 'react';
import {
  UPLOAD_TYPES,
  uploadHint,
  uploadProblem,
  type UploadKind,
  type UploadLimits,
} from '../../contract/upload-limits.ts';
import { call, uploadLimits, type TenantView } from '../api.ts';
import { say } from '../state.ts';

/** What becomes of the file, after its limits. */
const NOTE: Record<UploadKind, string> = {
  logo: 'Stored as PNG.',
  background: 'Stored as JPEG.',
  scene: 'Portrait (4:5) or larger; stored as JPEG.',
  frame: 'Stored as PNG; checked for its size and its transparent window.',
  video: '',
};

export function Upload({
  slug,
  kind,
  label,
  onUploaded,
}: {
  slug: string;
  kind: UploadKind;
  label: string;
  onUploaded: (view: TenantView) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [limits, setLimits] = useState<UploadLimits | null>(null);
  useEffect(() => {
    void uploadLimits().then(setLimits);
  }, []);
  const id = `upload-${kind}`;
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen && limits ? (uploadProblem(kind, chosen, limits) ?? '') : '');
  };
  const send = async () => {
    if (!file) {
      setError('Choose a file first.');
      return;
    }
    const problem = limits ? uploadProblem(kind, file, limits) : null;
    if (problem) {
      setError(problem);
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
      <p className="hint" id={`${id}-hint`}>
        {limits ? `${uploadHint(kind, limits)} ${NOTE[kind]}`.trim() : 'Reading the upload limits…'}
      </p>
      <input
        id={id}
        type="file"
        accept={UPLOAD_TYPES[kind].join(',')}
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
        aria-describedby={error ? `${id}-hint ${id}-problems` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
      />{' '}
      <button type="button" onClick={() => void send()} disabled={busy}>
        {busy ? 'Uploading…' : `Upload ${kind}`}
      </button>
      {error ? (
        <ul className="problems" id={`${id}-problems`}>
          <li>{error}</li>
        </ul>
      ) : null}
    </div>
  );
}
