// Console passwords, hashed with scrypt (memory-hard, in node:crypto): N=2^15, r=8 costs 32 MB
// and about 0.1 s per check here, so a stolen booth.sqlite gives its passwords up slowly.
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
// scrypt needs 128·N·r bytes; node's default ceiling (32 MB) is exactly that and refuses it.
const MAX_MEM = 64 * 1024 * 1024;

/** "scrypt$N$r$p$salt$key", salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...PARAMS, maxmem: MAX_MEM });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compared in constant time; a hash that does not parse matches nothing. */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const given = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Checked against when the user name is unknown, so an unknown name takes as long as a wrong password. */
export const DUMMY_HASH = await hashPassword(crypto.randomBytes(16).toString('hex'));

/** Why a new password cannot be used, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < 12) return 'The password must be at least 12 characters long.';
  if (password.length > 1024) return 'The password must be at most 1024 characters long.';
  return null;
}
