// A tenant's own texts, screen by screen: each text of the chosen screen with its default beside
// the field, the problems the build's rule finds in it while the operator types (the same rule,
// contract/i18n/overrides.ts), and a preview of the screen's texts as the guest will read them.
import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import { resolveBranding } from '../../contract/branding.ts';
import type { BrandingItem } from '../../contract/content.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, isLanguage, type Language } from '../../contract/i18n/languages.ts';
import { defaultText, resolveTextOverrides } from '../../contract/i18n/overrides.ts';
import { readCounted } from '../../contract/i18n/plural.ts';
import { BUTTON_TEXTS, SCREENS } from '../../contract/i18n/screens.ts';
import { call, type TenantView } from '../api.ts';
import { ownTexts } from '../branding-form.ts';
import { say } from '../state.ts';
import { Field, Heading, Problem } from '../parts.tsx';
import { ScreenPreview } from './ScreenPreview.tsx';

type Own = Record<string, Record<string, string>>;

/** The languages of the tenant's pages: its language, and any others it offers its guests. */
function languagesOf(item: Record<string, unknown>): Language[] {
  const first = isLanguage(item.language) ? item.language : DEFAULT_LANGUAGE;
  const more = Array.isArray(item.languages) ? item.languages.filter(isLanguage) : [];
  return [...new Set([first, ...more])];
}

/** The own texts worth saving: no empty ones, no empty language. */
function saved(own: Own): Own {
  const out: Own = {};
  for (const [language, texts] of Object.entries(own)) {
    const kept = Object.fromEntries(Object.entries(texts).filter(([, text]) => text.trim() !== ''));
    if (Object.keys(kept).length > 0) out[language] = kept;
  }
  return out;
}

/** Long defaults get a few lines to type in. */
const isLong = (text: string) => text.length > 60;

export function OwnTexts({ slug }: { slug: string }) {
  const [view, setView] = useState<TenantView | null>(null);
  const [own, setOwn] = useState<Own>({});
  const [language, setLanguage] = useState<Language>(DEFAULT_LANGUAGE);
  const [screenId, setScreenId] = useState(SCREENS[0]!.id);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void call<TenantView>('GET', `/tenants/${slug}`).then((answer) => {
      if (!answer.ok) return setError(answer.error);
      setView(answer.data);
      setOwn(structuredClone(ownTexts(answer.data.branding?.textOverrides)));
      setLanguage(languagesOf(answer.data.branding ?? {})[0]!);
    });
  }, [slug]);

  const problems = useMemo(() => {
    const byText: Record<string, { refused: string[]; warnings: string[] }> = {};
    for (const p of resolveTextOverrides(saved(own)).problems) {
      const entry = (byText[`${p.language}|${p.key}`] ??= { refused: [], warnings: [] });
      (p.kind === 'refused' ? entry.refused : entry.warnings).push(p.message);
    }
    return byText;
  }, [own]);

  if (!view?.branding) {
    return (
      <>
        <Heading>Own texts of {slug}</Heading>
        {error ? <Problem>{error}</Problem> : <p>Loading the tenant…</p>}
      </>
    );
  }
  const item = view.branding;
  const branding = resolveBranding(item as BrandingItem).branding;
  const languages = languagesOf(item);
  const screen = SCREENS.find((s) => s.id === screenId) ?? SCREENS[0]!;
  const typed = own[language] ?? {};
  const shown = Object.fromEntries(
    screen.texts.map((key) => [
      key,
      readCounted(typed[key]?.trim() ? typed[key]!.trim() : defaultText(language, key)!, language).text,
    ]),
  );
  const refusedCount = Object.values(problems).reduce((n, p) => n + p.refused.length, 0);

  const type = (key: string, text: string) =>
    setOwn((o) => ({ ...o, [language]: { ...(o[language] ?? {}), [key]: text } }));

  const save = async (event: SubmitEvent) => {
    event.preventDefault();
    if (refusedCount > 0) return setError('Some texts need fixing before they can be saved; see each text.');
    setBusy(true);
    const next: Record<string, unknown> = { ...item };
    const kept = saved(own);
    if (Object.keys(kept).length > 0) next.textOverrides = kept;
    else delete next.textOverrides;
    const answer = await call<TenantView>('PUT', `/tenants/${slug}`, next);
    setBusy(false);
    if (!answer.ok) return setError([answer.error, ...Object.values(answer.fields).flat()].join(' '));
    setError('');
    setView(answer.data);
    say(`Own texts of ${slug} saved. Publish to put them on the booth.`);
  };

  return (
    <>
      <Heading>
        Own texts of {branding.client} <span className="slug">({slug})</span>
      </Heading>
      <p>
        <a href={`#/tenants/${slug}`}>Back to the tenant</a>
      </p>
      <p className="hint">
        Any text a guest sees or hears can be the tenant’s own. An empty field keeps the default. A text keeps the
        default’s places to fill, such as {'{count}'}, and is plain text; where the words beside a number change with
        it, a text may write one form for every number, or each form, as in{' '}
        <code>{'{max, plural, one {# word} other {# words}}'}</code>. Nothing reaches the booth until the site is
        published.
      </p>
      <div className="own-texts-choice">
        {languages.length > 1 ? (
          <div className="field">
            <label htmlFor="own-language">Language of the texts</label>
            <select id="own-language" value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
              {languages.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p>
            The tenant’s pages are in <span lang={language}>{LANGUAGE_NAMES[language]}</span>.
          </p>
        )}
        <div className="field">
          <label htmlFor="own-screen">Screen</label>
          <select id="own-screen" value={screen.id} onChange={(e) => setScreenId(e.target.value)}>
            {SCREENS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name.charAt(0).toUpperCase() + s.name.slice(1)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? <Problem>{error}</Problem> : null}
      <div className="editor">
        <form onSubmit={save} noValidate aria-label={`Own texts of ${slug}`}>
          <fieldset>
            <legend>Texts of the {screen.name} screen</legend>
            {screen.texts.map((key, i) => {
              const id = `own-${screen.id}-${i}`;
              // A counted default reads with its count's place, and the words each number takes.
              const base = readCounted(defaultText(language, key)!, language);
              const english = defaultText('en', key)!;
              const found = problems[`${language}|${key}`];
              const Control = isLong(base.text) ? 'textarea' : 'input';
              return (
                <Field
                  key={key}
                  id={id}
                  label={`${english}${BUTTON_TEXTS.includes(key) ? ' (button)' : ''}`}
                  hint={
                    <>
                      Default: <bdi lang={language}>{base.text}</bdi>
                      {Object.entries(base.forms).map(([name, forms]) => (
                        <span key={name}>
                          {' '}
                          The words beside {`{${name}}`} change with the number:{' '}
                          {forms.map((form, i) => (
                            <span key={form}>
                              {i > 0 ? ', ' : ''}
                              <bdi lang={language}>{form}</bdi>
                            </span>
                          ))}
                          .
                        </span>
                      ))}
                    </>
                  }
                  problems={found?.refused}
                  warnings={found?.warnings}
                >
                  {(describedBy, invalid) => (
                    <Control
                      id={id}
                      lang={language}
                      dir="auto"
                      value={typed[key] ?? ''}
                      onChange={(e) => type(key, e.target.value)}
                      aria-describedby={describedBy}
                      aria-invalid={invalid || undefined}
                      {...(Control === 'textarea' ? { rows: 2 } : { type: 'text' })}
                    />
                  )}
                </Field>
              );
            })}
          </fieldset>
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save the texts'}
          </button>
        </form>
        <ScreenPreview screen={screen} texts={shown} branding={branding} language={language} />
      </div>
    </>
  );
}
