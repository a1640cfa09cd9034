// The auth host: POST /jwt/obtain-token {username, password} -> {token}.
import { Hono } from 'hono';
import { TokenRequestSchema, type TokenResponse } from '../../contract/index.ts';
import { fail, jsonBody, limitBody, MAX_JSON_BODY_BYTES, sizeText, validJson } from '../http.ts';
import { sameSecret, signToken } from '../jwt.ts';

export interface AuthDeps {
  username: string;
  password: string;
  secret: Uint8Array;
  ttlSeconds: number;
}

export function authHost(deps: AuthDeps) {
  const app = new Hono();
  const limit = limitBody(MAX_JSON_BODY_BYTES, `The request body is too large; the limit is ${sizeText(MAX_JSON_BODY_BYTES)}.`);
  const credentials = validJson(TokenRequestSchema, 'Send {"username": "...", "password": "..."} as JSON.');
  app.post('/obtain-token', limit, jsonBody({ requireJsonType: false }), credentials, async (c) => {
    const { username, password } = c.req.valid('json');
    // Both compared every time, so a wrong username takes as long as a wrong password.
    const userOk = sameSecret(username, deps.username);
    const passwordOk = sameSecret(password, deps.password);
    if (!userOk || !passwordOk) {
      return fail(c, 400, 'Unable to log in with the provided credentials.', { non_field_errors: ['Unable to log in with the provided credentials.'] });
    }
    return c.json({ token: await signToken(deps.secret, username, deps.ttlSeconds) } satisfies TokenResponse);
  });
  return app;
}
