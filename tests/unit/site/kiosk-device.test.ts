import { describe, expect, it } from 'vitest';
import { kioskDevice, kioskKey } from '../../../src/lib/kiosk-device.ts';
import { introParagraphs } from '../../../src/lib/intro.ts';
import { KIOSK_TEXT } from '../../../contract/event-kit.ts';
import { CATALOGUES } from '../../../contract/i18n/index.ts';
import { SEED_TENANTS } from '../../../server/seed/tenants.ts';

function memory(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('a kiosk is a device: kioskDevice', () => {
  it('makes a device a kiosk at the kiosk address, and remembers it per tenant', () => {
    const storage = memory();
    expect(kioskDevice(true, '/gala', '', storage)).toBe(false);
    expect(kioskDevice(true, '/gala', '?kiosk', storage)).toBe(true);
    expect(kioskDevice(true, '/gala', '', storage)).toBe(true);
    expect(kioskDevice(true, '', '', storage)).toBe(false);
    expect([...storage.map.keys()]).toEqual([kioskKey('/gala')]);
  });

  it('turns it off at ?kiosk=off', () => {
    const storage = memory({ [kioskKey('/gala')]: '1' });
    expect(kioskDevice(true, '/gala', '?kiosk=off', storage)).toBe(false);
    expect(kioskDevice(true, '/gala', '', storage)).toBe(false);
    expect(storage.map.size).toBe(0);
  });

  it('gives a page opened from the QR code (a phone) no kiosk', () => {
    expect(kioskDevice(true, '/gala', '?handoff', memory({ [kioskKey('/gala')]: '1' }))).toBe(false);
  });

  it('makes the kiosks of a tenant that no longer allows them phone booths for good', () => {
    const storage = memory({ [kioskKey('/gala')]: '1' });
    expect(kioskDevice(false, '/gala', '?kiosk', storage)).toBe(false);
    expect(storage.map.size).toBe(0);
    expect(kioskDevice(true, '/gala', '', storage)).toBe(false);
  });

  it('is no kiosk where the browser keeps nothing or refuses its storage', () => {
    expect(kioskDevice(true, '/gala', '?kiosk', undefined)).toBe(false);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    expect(kioskDevice(true, '/gala', '?kiosk', refusing)).toBe(false);
  });
});

describe("the intro's lines on a kiosk: introParagraphs", () => {
  const text = 'Take a selfie.\nPick a style.\nThen download it, share it with friends.';

  it('keeps every line where the tenant allows no kiosks', () => {
    expect(introParagraphs(text, { allowed: false, qrHandoff: true }, KIOSK_TEXT)).toEqual([
      { text: 'Take a selfie.' },
      { text: 'Pick a style.' },
      { text: 'Then download it, share it with friends.' },
    ]);
  });

  it('makes the Download and Share promise the phone booth’s, and tells a kiosk how the picture goes home', () => {
    expect(introParagraphs(text, { allowed: true, qrHandoff: true }, KIOSK_TEXT)).toEqual([
      { text: 'Take a selfie.' },
      { text: 'Pick a style.' },
      { text: 'Then download it, share it with friends.', phoneOnly: true },
      { text: KIOSK_TEXT.introTakeHome, kioskOnly: true },
    ]);
    expect(introParagraphs(text, { allowed: true, qrHandoff: false }, KIOSK_TEXT).at(-1)).toEqual({
      text: KIOSK_TEXT.introPrint,
      kioskOnly: true,
    });
  });

  // The demo tenants Soirée Lumière and مهرجان نور: their last line promises Download and Share.
  it.each([
    ['lumiere', 'fr'],
    ['noor', 'ar'],
  ] as const)('finds the promise in the %s demo tenant’s own intro (%s)', (slug, language) => {
    const intro = SEED_TENANTS.find((t) => t.slug === slug)!.viewFinderDesc!;
    const lines = intro.split('\n');
    const kiosk = CATALOGUES[language].kiosk;
    expect(introParagraphs(intro, { allowed: true, qrHandoff: true }, kiosk)).toEqual([
      ...lines.slice(0, -1).map((text) => ({ text })),
      { text: lines.at(-1), phoneOnly: true },
      { text: kiosk.introTakeHome, kioskOnly: true },
    ]);
  });

  it.each([
    'Lad es herunter oder teil es mit Freunden.',
    'Luego descárgala o compártela con tus amigos.',
    'Poi scaricala o condividila con gli amici.',
    'Download hem daarna of deel hem met je vrienden.',
    'Depois, baixe a imagem ou compartilhe com os amigos.',
    'ثم حمّلها أو شاركها مع أصدقائك.',
    'وبعدها نزِّلها على هاتفك.',
  ])('finds the promise in "%s"', (line) => {
    expect(introParagraphs(line, { allowed: true, qrHandoff: false }, KIOSK_TEXT)[0]).toEqual({
      text: line,
      phoneOnly: true,
    });
  });

  it.each([
    'Wähl einen Stil, der dir gefällt.',
    'Elige el estilo que más te guste.',
    'Ein Teil der Show: dein Porträt.',
    'اختاروا النمط الذي يعجبكم.',
    'شاركوا في حملتنا الليلة.',
  ])('leaves "%s" to every device', (line) => {
    expect(introParagraphs(line, { allowed: true, qrHandoff: false }, KIOSK_TEXT)).toEqual([{ text: line }]);
  });
});
