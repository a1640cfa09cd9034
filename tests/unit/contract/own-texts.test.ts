// A tenant's own texts (contract/i18n/overrides.ts): which texts may be rewritten, the rule each
// typed text must pass, and the catalogue a page is given with them.
import { describe, expect, it } from 'vitest';
import { resolveBranding } from '../../../contract/branding.ts';
import { CATALOGUES, LANGUAGES } from '../../../contract/i18n/index.ts';
import {
  OWN_TEXT_LIMIT,
  isOwnTextKey,
  ownTextProblem,
  resolveTextOverrides,
  withOwnTexts,
} from '../../../contract/i18n/overrides.ts';
import { BUTTON_TEXTS, FIXED_TEXTS, SCREENS } from '../../../contract/i18n/screens.ts';

const everyKey = Object.entries(CATALOGUES.en).flatMap(([section, texts]) =>
  Object.keys(texts).map((key) => `${section}.${key}`),
);

describe('the texts a tenant may rewrite', () => {
  it('puts every text of the catalogue on exactly one screen, or among the fixed ones', () => {
    const listed = [...SCREENS.flatMap((screen) => screen.texts), ...FIXED_TEXTS];
    expect([...listed].sort()).toEqual([...everyKey].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('lets every screen text be rewritten, and no fixed one', () => {
    for (const key of SCREENS.flatMap((screen) => screen.texts)) expect(isOwnTextKey(key), key).toBe(true);
    for (const key of FIXED_TEXTS) expect(isOwnTextKey(key), key).toBe(false);
    expect(isOwnTextKey('spec.nothing')).toBe(false);
    expect(isOwnTextKey('spec')).toBe(false);
    expect(isOwnTextKey('spec.start.more')).toBe(false);
  });

  it('knows each button text of the catalogue', () => {
    for (const key of BUTTON_TEXTS) expect(isOwnTextKey(key), key).toBe(true);
  });
});

describe('a typed text', () => {
  it('is kept as typed, without control characters, keeping the default’s own leading space', () => {
    expect(ownTextProblem('en', 'spec.start', '  Let’s go\n')).toEqual({ text: 'Let’s go' });
    expect(ownTextProblem('en', 'site.opensNewTab', '(new tab)')).toEqual({ text: ' (new tab)' });
    expect(ownTextProblem('en', 'spec.start', '   ')).toEqual({ text: '' });
  });

  it('is refused when it is not text, too long, or holds markup', () => {
    expect(ownTextProblem('en', 'spec.start', 3)).toEqual({ why: 'is not text' });
    expect(ownTextProblem('en', 'spec.start', 'x'.repeat(OWN_TEXT_LIMIT + 1))).toEqual({
      why: `is longer than ${OWN_TEXT_LIMIT} characters`,
    });
    expect(ownTextProblem('en', 'spec.start', 'x'.repeat(OWN_TEXT_LIMIT))).toEqual({
      text: 'x'.repeat(OWN_TEXT_LIMIT),
    });
    for (const markup of ['<b>Go</b>', 'Go <script>', 'Go &amp; see', 'Go&#60;', '<!-- x -->'])
      expect(ownTextProblem('en', 'spec.start', markup), markup).toHaveProperty('why');
    // A less-than sign or an ampersand in words is not markup.
    expect(ownTextProblem('en', 'spec.start', 'Rock & roll <3')).toEqual({ text: 'Rock & roll <3' });
  });

  it('keeps the places to fill of the default, no more and no fewer', () => {
    expect(ownTextProblem('fr', 'site.picturePlace', 'Photo {place}/{count}')).toEqual({
      text: 'Photo {place}/{count}',
    });
    expect(ownTextProblem('fr', 'site.picturePlace', 'Photo {place}')).toEqual({
      why: 'must hold the same places to fill as the default ({count}, {place}); it holds {place}',
    });
    expect(ownTextProblem('en', 'spec.start', 'Go {now}')).toEqual({
      why: 'must hold the same places to fill as the default (none); it holds {now}',
    });
  });
});

describe('a tenant’s own texts', () => {
  it('keeps the good ones by language and names each refused one by its screen and words', () => {
    const { texts, problems } = resolveTextOverrides({
      fr: { 'spec.start': 'On y va', 'spec.takePhoto': '<i>Clic</i>', 'spec.restart': '' },
      de: { 'site.qrLabel': 'QR-Code' },
    });
    expect(texts).toEqual({ fr: { 'spec.start': 'On y va' } });
    expect(problems.map((p) => p.message)).toEqual([
      'Own texts: Français (fr), “Take Photo” on the camera screen holds markup (a <tag> or an &entity;); write plain text.',
      'Own texts: Deutsch (de), “QR code of {url}” on the results screen must hold the same places to fill as the default ({url}); it holds none.',
    ]);
    expect(problems.every((p) => p.kind === 'refused')).toBe(true);
  });

  it('refuses a language, a text or a shape the booth does not have', () => {
    const messages = (value: unknown) => resolveTextOverrides(value).problems.map((p) => p.message);
    expect(messages(['Go'])).toEqual(['Own texts are not a list of texts by language.']);
    expect(messages({ xx: {} })).toEqual([
      `Own texts name a language the booth does not have, "xx" (it has ${LANGUAGES.join(', ')}).`,
    ]);
    expect(messages({ en: 'Go' })).toEqual(['Own texts in English are not a list of texts.']);
    expect(messages({ en: { 'spec.nope': 'Go' } })).toEqual([
      'Own texts name a text the booth does not have, "spec.nope".',
    ]);
    expect(messages({ en: { 'spec.shareFileName': 'me.png' } })).toEqual([
      'Own texts cannot change “ai_me.png”: the booth needs it as it is.',
    ]);
    expect(messages(undefined)).toEqual([]);
  });

  it('keeps a button text that would not fit, with a warning', () => {
    const { texts, problems } = resolveTextOverrides({
      en: { 'spec.start': 'Begin your wonderful photo adventure with us right now' },
    });
    expect(texts.en?.['spec.start']).toBe('Begin your wonderful photo adventure with us right now');
    expect(problems).toHaveLength(1);
    expect(problems[0]!.kind).toBe('warning');
    expect(problems[0]!.message).toMatch(
      /^Own texts: English \(en\), “Start” on the intro screen would not fit its button/,
    );
  });

  it('is reported by the build as its other problems are, and kept on the branding', () => {
    const { branding, problems, fields } = resolveBranding({
      slug: 'gala',
      client: 'Gala',
      textOverrides: { en: { 'spec.start': 'Go', 'spec.restart': '<b>Again</b>' } },
    } as never);
    expect(branding.textOverrides).toEqual({ en: { 'spec.start': 'Go' } });
    expect(problems).toEqual([
      'Tenant "Gala" ("gala"): Own texts: English (en), “Restart” on the styles screen holds markup (a <tag> or an &entity;); write plain text. The default is used.',
    ]);
    expect(fields).toEqual([
      {
        field: 'textOverrides',
        kind: 'refused',
        message:
          'Own texts: English (en), “Restart” on the styles screen holds markup (a <tag> or an &entity;); write plain text.',
      },
    ]);
    expect(resolveBranding({ slug: 'plain' }).branding.textOverrides).toBeUndefined();
  });
});

describe('a page’s catalogue with the tenant’s own texts', () => {
  it('replaces only the texts the tenant rewrote, leaving the catalogue itself untouched', () => {
    const t = withOwnTexts(CATALOGUES.fr, { 'spec.start': 'On y va', 'email.send': 'Envoyer !' });
    expect(t.spec.start).toBe('On y va');
    expect(t.email.send).toBe('Envoyer !');
    expect(t.spec.takePhoto).toBe(CATALOGUES.fr.spec.takePhoto);
    expect(CATALOGUES.fr.spec.start).not.toBe('On y va');
    expect(withOwnTexts(CATALOGUES.fr, undefined)).toBe(CATALOGUES.fr);
  });
});
