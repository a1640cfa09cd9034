import { describe, expect, it } from 'vitest';
import { handoffUrl, isHandoff } from '../../../src/lib/handoff.ts';
import { qrPath } from '../../../src/lib/qr-path.ts';

describe("a QR code's path", () => {
  it('draws each run of dark modules in a row as one rectangle', () => {
    expect(
      qrPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z');
  });
  it('is empty for a light code', () => {
    expect(
      qrPath([
        [false, false],
        [false, false],
      ]),
    ).toBe('');
  });
});

describe('where the QR hand-off sends the phone', () => {
  it('is the public site when it is set', () => {
    expect(handoffUrl('https://192.168.1.20:4322/', 'http://localhost:4321', '/gala/results/42')).toBe(
      'https://192.168.1.20:4322/gala/results/42?handoff',
    );
  });
  it("is the page's own origin when that is not this machine", () => {
    expect(handoffUrl('', 'https://booth.example.org', '/results/7')).toBe(
      'https://booth.example.org/results/7?handoff',
    );
    expect(isHandoff('?handoff')).toBe(true);
    expect(isHandoff('')).toBe(false);
  });
  it('is nowhere when the page runs on this machine and no public site is set: a phone could not open it', () => {
    expect(handoffUrl('', 'http://localhost:4321', '/results/7')).toBeNull();
    expect(handoffUrl('', 'http://127.0.0.1:4321', '/results/7')).toBeNull();
  });
});
