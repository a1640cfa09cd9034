import { describe, expect, it, vi } from 'vitest';
import { canShareFiles, createSharer, shareData, shareFile } from '../../../src/lib/share.ts';

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

describe('sharing a result', () => {
  it('names the file ai_me.png, of type image/png', () => {
    const file = shareFile(png);
    expect(file.name).toBe('ai_me.png');
    expect(file.type).toBe('image/png');
  });
  it("shares with the title 'Look AI transformed me!' and the prompt as text", () => {
    const file = shareFile(png);
    expect(shareData(file, 'a sticker')).toEqual({
      files: [file],
      title: 'Look AI transformed me!',
      text: 'a sticker',
    });
  });
  it('offers Share only where the browser can share files', () => {
    expect(canShareFiles(undefined)).toBe(false);
    expect(canShareFiles({ share: async () => {} })).toBe(false);
    expect(canShareFiles({ share: async () => {}, canShare: () => false })).toBe(false);
    expect(canShareFiles({ share: async () => {}, canShare: (d) => Boolean(d?.files?.length) })).toBe(true);
  });
  it('draws the first image once and shares it', async () => {
    const share = vi.fn(async (_data?: ShareData) => {});
    const toPng = vi.fn(async () => png);
    const sharer = createSharer({ share, canShare: () => true }, toPng);
    expect(await sharer('http://hub/a.png', 'a sticker')).toBe(true);
    await sharer('http://hub/a.png', 'a sticker');
    expect(toPng).toHaveBeenCalledTimes(1);
    expect(toPng).toHaveBeenCalledWith('http://hub/a.png');
    const shared = share.mock.calls[0][0]!;
    expect((shared.files![0] as File).name).toBe('ai_me.png');
    expect(shared.title).toBe('Look AI transformed me!');
    expect(shared.text).toBe('a sticker');
  });
  it('draws and shares the picture the guest chose of several, with its caption', async () => {
    const share = vi.fn(async (_data?: ShareData) => {});
    const toPng = vi.fn(async (url: string) => new Blob([url], { type: 'image/png' }));
    const sharer = createSharer({ share, canShare: () => true }, toPng);
    await sharer('http://hub/1.png', 'A die-cut sticker of you');
    await sharer('http://hub/3.png', 'A comic of you');
    expect(toPng.mock.calls.map(([url]) => url)).toEqual(['http://hub/1.png', 'http://hub/3.png']);
    const shared = share.mock.calls[1]![0]!;
    expect(await (shared.files![0] as File).text()).toBe('http://hub/3.png');
    expect(shared.text).toBe('A comic of you');
  });
  it("only logs 'Your system doesn't support sharing files.' where sharing is unsupported", async () => {
    const log = vi.fn();
    const toPng = vi.fn(async () => png);
    expect(await createSharer({}, toPng, log)('http://hub/a.png', 'p')).toBe(false);
    expect(log).toHaveBeenCalledWith("Your system doesn't support sharing files.");
    expect(toPng).not.toHaveBeenCalled();
  });
});
