// POST {auth host}/jwt/obtain-token  body {username, password} -> {token}
// zod/mini: the same schemas in a fraction of the bytes the browser would otherwise download.
import { z } from 'zod/mini';

export const TOKEN_PATH = '/jwt/obtain-token';

export const TokenRequestSchema = z.object({
  username: z.string().check(z.minLength(1, 'username is required')),
  password: z.string().check(z.minLength(1, 'password is required')),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

export const TokenResponseSchema = z.object({ token: z.string().check(z.minLength(1)) });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** The header the content host expects: `Authorization: JWT {token}`. */
export const authorizationHeader = (token: string) => `JWT ${token}`;
