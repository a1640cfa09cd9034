// One tenant: every branding field with a live preview and the build's own checks, its files,
// its styles, a link to its event and its bundle, and (for operators) its deletion.
import { PictureStyles } from './PictureStyles.tsx';
import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { DEFAULT_TENANT_SLUG } from '../../contract/constants.ts';
import { bundleUrl, call, type Account, type Style, type TenantView } from '../api.ts';
import { check, toForm, toItem, type BrandingForm } from '../branding-form.ts';
import { go, say } from '../state.ts';
import { ConfirmButton, ErrorSummary, Heading, Problem } from '../parts.tsx';
import { BrandingFields } from './BrandingFields.tsx';
import { IntroPreview } from './IntroPreview.tsx';
import { StylePicker } from './StylePicker.tsx';
import { Upload } from './Upload.tsx';

const UPLOAD_FIELD = {
  logo: 'logoUrl',
  background: 'backgroundImageUrl',
  scene: 'sceneUrls',
  frame: 'frameUrl',
  video: 'video',
} as const;

export function TenantEditor({ slug, account }: { slug: string; account: Account }) {
  const [view, setView] = useState<TenantView | null>(null);
  const [form, setForm] = useState<BrandingForm | null>(null);
  const [styles, setStyles] = useState<Style[]>([]);
  const [loadError, setLoadError] = useState('');
  const [server, setServer] = useState<{ error: string; fields: Record<string, string[]> }>({ error: '', fields: {} });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void call<TenantView>('GET', `/tenants/${slug}`).then((answer) => {
      if (!answer.ok) return setLoadError(answer.error);
      setView(answer.data);
      setForm(toForm(answer.data.branding));
    });
    void call<Style[]>('GET', '/styles').then((answer) => answer.ok && setStyles(answer.data));
  }, [slug]);

  const checked = useMemo(() => (form ? check(form, slug) : null), [form, slug]);

  if (!form || !checked) {
    return (
      <>
        <Heading>Tenant {slug}</Heading>
        {loadError ? <Problem>{loadError}</Problem> : <p>Loading the tenant…</p>}
      </>
    );
  }

  const set = <K extends keyof BrandingForm>(key: K, value: BrandingForm[K]) => {
    setForm((f) => (f ? { ...f, [key]: value } : f));
    // A server's problem with a field is stale once the field changes.
    setServer((s) => (s.fields[key] ? { ...s, fields: { ...s.fields, [key]: [] } } : s));
  };
  const problems: Record<string, string[]> = { ...checked.refused };
  // A saved file that is not among the tenant's files: told under its field while the field still names it.
  const warnings: Record<string, string[]> = { ...checked.warnings };
  for (const [field, list] of Object.entries(view?.files ?? {})) {
    if (String(view?.branding?.[field] ?? '') === String(form[field as keyof BrandingForm] ?? ''))
      warnings[field] = [...(warnings[field] ?? []), ...list];
  }
  for (const [field, list] of Object.entries(server.fields))
    if (list.length) problems[field] = [...new Set([...(problems[field] ?? []), ...list])];

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    if (Object.keys(checked.refused).length > 0) {
      setServer({ error: 'Some fields need fixing before the tenant can be saved.', fields: {} });
      setAttempt((n) => n + 1);
      return;
    }
    setBusy(true);
    const answer = await call<TenantView>('PUT', `/tenants/${slug}`, toItem(form, slug));
    setBusy(false);
    if (!answer.ok) {
      setServer({ error: answer.error, fields: answer.fields });
      setAttempt((n) => n + 1);
      return;
    }
    setServer({ error: '', fields: {} });
    setView(answer.data);
    say(
      `Tenant ${slug} saved. Publish to put it on the booth.${answer.data.problems.length ? ` The build would report ${answer.data.problems.length} problem(s).` : ''}`,
    );
  };

  /** The upload control of one kind of file, under the field it fills. */
  const upload = (kind: keyof typeof UPLOAD_FIELD, label: string) => (
    <Upload slug={slug} kind={kind} label={label} onUploaded={uploaded(kind)} />
  );
  const uploaded = (kind: keyof typeof UPLOAD_FIELD) => (next: TenantView) => {
    setView(next);
    const field = UPLOAD_FIELD[kind];
    if (field === 'sceneUrls') {
      // The new backdrop joins the list as the form holds it (a removal not yet saved stays removed).
      const before = toForm(view?.branding ?? null).sceneUrls;
      const added = toForm(next.branding).sceneUrls.filter((s) => !before.includes(s));
      setForm((f) => (f ? { ...f, sceneUrls: [...f.sceneUrls, ...added.filter((s) => !f.sceneUrls.includes(s))] } : f));
      return;
    }
    set(field, String(next.branding?.[field] ?? ''));
  };
  const summary = Object.entries(problems).flatMap(([field, list]) =>
    list.map((message) => ({ id: field === 'styles' ? 'f-styles-hint' : `f-${field}`, message })),
  );
  const name = checked.branding.client;
  const isDefault = slug === DEFAULT_TENANT_SLUG;

  return (
    <>
      <Heading>
        Tenant {name} <span className="slug">({slug})</span>
      </Heading>
      <ul className="links">
        <li>
          <a href={`/${isDefault ? '' : `${slug}/`}`}>
            Open the booth<span className="visually-hidden"> of {slug}</span>
          </a>
        </li>
        <li>
          <a href={`#/tenants/${slug}/event`}>The event at a glance</a>
        </li>
        <li>
          <a href={`#/tenants/${slug}/texts`}>Own texts, screen by screen</a>
        </li>
        <li>
          <a href={bundleUrl(slug)} download>
            Download bundle<span className="visually-hidden"> of {slug}</span>
          </a>
        </li>
      </ul>
      <ErrorSummary
        title={attempt > 0 && (summary.length || server.error) ? server.error : ''}
        items={attempt > 0 ? summary : []}
        attempt={attempt}
      />
      <div className="editor">
        <form onSubmit={save} noValidate aria-label={`Branding of ${slug}`}>
          <BrandingFields
            form={form}
            branding={checked.branding}
            set={set}
            problems={problems}
            warnings={warnings}
            uploads={
              isDefault
                ? { video: upload('video', 'Upload a processing video') }
                : {
                    logoUrl: upload('logo', 'Upload a logo'),
                    backgroundImageUrl: upload('background', 'Upload a background image'),
                    video: upload('video', 'Upload a processing video'),
                    sceneUrls: upload('scene', 'Upload a backdrop'),
                    frameUrl: upload('frame', 'Upload a frame'),
                  }
            }
          />
          <StylePicker
            all={styles}
            chosen={form.styles}
            onChange={(ids) => set('styles', ids)}
            problems={problems.styles}
          />
          <PictureStyles
            all={styles}
            chosen={form.pictureStyles}
            onChange={(ids) => set('pictureStyles', ids)}
            problems={problems.pictureStyles}
          />
          <p className="hint" id="publish-rule">
            Uploads are saved at once; the other fields when you press Save. Nothing reaches the booth until the site is
            published: its pages, and the frame, logo mark, mirror and scene of new results, change at Publish.
          </p>
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </form>
        <IntroPreview branding={checked.branding} />
      </div>
      {view?.problems.length ? (
        <section aria-labelledby="saved-problems">
          <h2 id="saved-problems">What the build would report for the saved branding</h2>
          <ul>
            {view.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {account.role === 'operator' && !isDefault ? (
        <section aria-labelledby="delete-heading" className="delete">
          <h2 id="delete-heading">Delete this tenant</h2>
          <ConfirmButton
            label="Delete tenant"
            question={`Delete the tenant ${slug}, its files and its accounts? This cannot be undone.`}
            confirmLabel={`Yes, delete ${slug}`}
            onConfirm={async () => {
              const answer = await call('DELETE', `/tenants/${slug}`);
              if (!answer.ok) return say(answer.error);
              say(`Tenant ${slug} deleted.`);
              go('/');
            }}
          />
        </section>
      ) : null}
    </>
  );
}
