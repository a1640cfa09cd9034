// Every problem the build and the console report names its field in words ("Background colour"),
// never by its JSON key ("backgroundColor"): each key of the branding is made bad at once, and no
// sentence may carry a key.
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, resolveBranding } from '../../../contract/branding.ts';
import { FIELD_LABELS, fieldLabel } from '../../../contract/branding-labels.ts';
import { readTenantInput } from '../../../server/admin/tenant-input.ts';

/** A value of each field that the build refuses or cuts. */
const BAD: Record<string, unknown> = {
  client: 'x'.repeat(500),
  viewFinderTitle: 'x'.repeat(500),
  viewFinderDesc: 'x'.repeat(5000),
  backgroundColor: 'not-a-colour',
  textColor: 'transparent',
  accentColor: 'javascript:alert(1)',
  logoUrl: 'http://cdn.example.com/logo.png',
  backgroundImageUrl: '../secret.png',
  video: 'javascript:alert(1)',
  countdownSeconds: 7,
  choosePhoto: 'yes',
  qrHandoff: 'yes',
  kioskIdleSeconds: 5,
  frameUrl: 'data:image/png;base64,AAAA',
  sceneUrl: 'a b.png',
  sceneUrls: 'meadow/scene.jpg',
  logoMark: 'yes',
  mirrorResult: 'yes',
  consentText: 12,
  privacyUrl: 'javascript:alert(1)',
  wall: 'yes',
  wallModeration: 'later',
  wallConsentCovered: 'yes',
  email: 'yes',
  resultHours: 0.5,
  styles: 'comic',
  textOverrides: { fr: { 'spec.start': '<b>Go</b>' } },
};

/** A key that is also a plain word (video, client) is raw only where a sentence starts with it. */
const carriesKey = (sentence: string, key: string) =>
  /[A-Z]/.test(key)
    ? new RegExp(`\\b${key}\\b`).test(sentence)
    : sentence.startsWith(`${key} `) || sentence.includes(`: ${key} `);

const keys = [...Object.keys(DEFAULT_BRANDING).filter((k) => k !== 'slug'), 'styles'];

describe('field names in problems', () => {
  it('has a label in words for every branding field', () => {
    for (const key of keys) expect(fieldLabel(key), key).not.toBe(key);
    expect(Object.keys(FIELD_LABELS)).toEqual(expect.arrayContaining(keys));
  });

  it('names every field in words in what the build reports and in each field problem', () => {
    const { problems, fields } = resolveBranding({ slug: 'bad', ...BAD } as never);
    // Every field the bad item holds was reported (the test can fail for a field it forgets).
    expect(new Set(fields.map((f) => f.field))).toEqual(new Set(Object.keys(BAD)));
    const sentences = [...problems, ...fields.map((f) => f.message)];
    for (const sentence of sentences)
      for (const key of keys) expect(carriesKey(sentence, key), `${key} in: ${sentence}`).toBe(false);
    for (const f of fields) expect(f.message.startsWith(fieldLabel(f.field)), f.message).toBe(true);
  });

  it('names fields in words in what the console API refuses', () => {
    const notText = readTenantInput(
      { slug: 'bad', client: 12, textColor: 'nope', styles: ['no-such-style'] },
      new Set(),
      new Set(['comic']),
      true,
    );
    expect(notText.ok).toBe(false);
    const messages = notText.ok ? [] : Object.values(notText.fields).flat();
    expect(messages).toEqual(['Client name must be text.']);
    const unknown = readTenantInput({ slug: 'bad', textColor: 'nope' }, new Set(), new Set(['comic']), true);
    const all = unknown.ok ? [] : Object.values(unknown.fields).flat();
    expect(all).toEqual(['Text colour is not a CSS colour.']);
    const styles = readTenantInput({ slug: 'bad', styles: ['no-such-style'] }, new Set(), new Set(['comic']), true);
    expect(styles.ok ? [] : Object.values(styles.fields).flat()).toEqual([
      'Styles names styles the booth does not offer: no-such-style.',
    ]);
  });
});
