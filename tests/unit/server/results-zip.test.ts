import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zipStream } from '../../../server/admin/results-zip.ts';

const run = promisify(execFile);
const SIZE = 512 * 1024;
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'results-zip-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function pictures(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const file = path.join(dir, `${i}.png`);
    fs.writeFileSync(file, crypto.randomBytes(SIZE));
    return { name: `picture-${i}.png`, file, mtime: new Date('2026-11-27T20:00:00Z') };
  });
}

describe("the event's ZIP", () => {
  it('streams: bytes go out before the last picture is opened, each picture opened once, in turn', async () => {
    const entries = pictures(4);
    let sent = 0;
    const sentWhenOpened: number[] = [];
    const stream = zipStream(entries, (file) => {
      sentWhenOpened.push(sent);
      return fs.createReadStream(file);
    });
    const out = fs.createWriteStream(path.join(dir, 'all.zip'));
    for await (const chunk of stream) {
      sent += (chunk as Buffer).length;
      out.write(chunk);
    }
    await new Promise((resolve) => out.end(resolve));
    expect(sentWhenOpened).toHaveLength(4);
    // By the time the last picture is opened, most of the first three have gone out (less what waits in buffers).
    expect(sentWhenOpened[3]).toBeGreaterThanOrEqual(2 * SIZE);
    expect(sent).toBeGreaterThanOrEqual(4 * SIZE);

    const { stdout } = await run('unzip', ['-l', path.join(dir, 'all.zip')]);
    for (const e of entries) expect(stdout).toMatch(new RegExp(`${SIZE}\\s.*${e.name}`));
    const first = await run('unzip', ['-p', path.join(dir, 'all.zip'), 'picture-0.png'], { encoding: 'buffer' });
    expect(first.stdout.equals(fs.readFileSync(entries[0]!.file))).toBe(true);
  });

  it('leaves out a picture deleted before the ZIP starts', async () => {
    const entries = pictures(2);
    fs.rmSync(entries[0]!.file);
    const chunks: Buffer[] = [];
    for await (const chunk of zipStream(entries)) chunks.push(chunk as Buffer);
    fs.writeFileSync(path.join(dir, 'one.zip'), Buffer.concat(chunks));
    const { stdout } = await run('unzip', ['-Z1', path.join(dir, 'one.zip')]);
    expect(stdout.trim().split('\n')).toEqual(['picture-1.png']);
  });
});
