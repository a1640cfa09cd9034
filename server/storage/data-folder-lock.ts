// One server per data folder. A second server on the same folder would run recovery and restyle
// the first one's unfinished jobs again, so the folder is locked before anything in it is read:
// {dataDir}/server.lock holds the pid of the server using it. A lock whose process is gone (a
// crash, kill -9) is stale and taken over; every other exit removes it.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = 'server.lock';

/** A data folder this server cannot have; the message is the one line to print. */
export class DataFolderError extends Error {
  override name = 'DataFolderError';
}

/** Takes the data folder for this process and returns what lets it go again. */
export async function lockDataFolder(dataDir: string): Promise<() => void> {
  const file = path.join(dataDir, LOCK_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    throw notWritable(dataDir, error);
  }
  // Each round takes the lock, meets a live owner, or clears a stale lock for the next round.
  for (let round = 0; round < 3; round++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      // After clearing a stale lock, another server that judged the same stale lock may clear
      // ours in the instant before it writes its own: look again, and give way if it did.
      if (round > 0) await confirmOwn(file, dataDir);
      return () => release(file);
    } catch (error) {
      if (error instanceof DataFolderError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw notWritable(dataDir, error);
    }
    const held = await readLock(file);
    if (held === null) continue;
    const owner = /^\d+$/.test(held.trim()) ? Number(held) : null;
    // Our own pid is a lock left by an earlier run that had it (a container restarted, say).
    if (owner !== null && owner !== process.pid && alive(owner)) {
      throw new DataFolderError(
        `Another booth server (pid ${owner}) is using the data folder ${dataDir}; stop it, or give this one its own BOOTH_DATA_DIR.`,
      );
    }
    // Read again just before removing, so a lock another starting server took meanwhile stays.
    if ((await readLock(file, 0)) === held) fs.rmSync(file, { force: true });
  }
  throw new DataFolderError(
    `Cannot lock the data folder ${dataDir}: ${file} keeps coming back; stop the other booth server, or give this one its own BOOTH_DATA_DIR.`,
  );
}

/**
 * The lock's text, or null once it is gone. An empty lock may be one being written this very
 * moment, so it is read again for a while; one that stays empty (a power cut) counts as stale.
 */
async function readLock(file: string, waitMs = 500): Promise<string | null> {
  for (let waited = 0; ; waited += 50) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    if (text.trim() || waited >= waitMs) return text;
    await sleep(50);
  }
}

const CONFIRM_AFTER_MS = 100;

async function confirmOwn(file: string, dataDir: string) {
  await sleep(CONFIRM_AFTER_MS);
  const held = (await readLock(file, 0))?.trim();
  if (held !== String(process.pid)) {
    throw new DataFolderError(
      `Another booth server (pid ${held ?? 'unknown'}) took the data folder ${dataDir} as this one started; stop it, or give this one its own BOOTH_DATA_DIR.`,
    );
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, it belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Synchronous, for the process's 'exit' event; a lock that is no longer ours is left alone. */
function release(file: string) {
  try {
    if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file, { force: true });
  } catch {
    // Already gone, or the folder went away: nothing left to let go of.
  }
}

function notWritable(dataDir: string, error: unknown) {
  const { code, message } = error as NodeJS.ErrnoException;
  return new DataFolderError(
    code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? `Cannot write to the data folder ${dataDir} (${code}); make it writable for this user, or set BOOTH_DATA_DIR to a folder that is.`
      : `Cannot use the data folder ${dataDir} (${message}); fix it, or set BOOTH_DATA_DIR to another folder.`,
  );
}
