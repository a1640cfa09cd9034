// Service tokens: HS256 JWTs with an expiry. The secret is a setting, or generated once and
// kept in the data folder so tokens survive a restart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'photo-booth';
const SECRET_FILE = 'jwt-secret';

export function loadJwtSecret(dataDir: string, configured: string | undefined): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

export function signToken(secret: Uint8Array, username: string, ttlSeconds: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(username)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(secret);
}

/** The reason a token is refused, or null when it is good. */
export async function tokenProblem(secret: Uint8Array, token: string): Promise<string | null> {
  try {
    // jose checks exp only when present; a token signed without one would never expire.
    await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, requiredClaims: ['exp'] });
    return null;
  } catch (error) {
    return (error as { code?: string }).code === 'ERR_JWT_EXPIRED'
      ? 'The token has expired; obtain a new one.'
      : 'The token is not valid; obtain a new one.';
  }
}

/** Constant-time comparison, so the login answer does not leak how much of a secret matched. */
export function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
