// Guests of a venue for the integration tests: visitor tokens asked of a running AI hub, and
// creates sent with them, all from one address (the test's, or one named by X-Forwarded-For).
import sharp from 'sharp';
import { VISITOR_HEADER, VISITORS_PATH } from '../../../../contract/index.ts';
import { dataUrl, fixture, postJob } from './client.ts';

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: { id?: string; error?: string; token?: string };
}

const answer = async (res: Response): Promise<Answer> => ({
  status: res.status,
  retryAfter: res.headers.get('retry-after'),
  body: (await res.json()) as Answer['body'],
});

/** A photo as a phone's browser sends it, small enough that a test's hundred creates cost little. */
export const guestPhoto = () => sharp(fixture('astronaut.jpg')).resize(384).jpeg({ quality: 85 }).toBuffer();

/** `from`: the address the booth should count (X-Forwarded-For; the server must trust 127.0.0.1). */
export async function askToken(url: string, from?: string): Promise<Answer> {
  return answer(await fetch(url + VISITORS_PATH, { method: 'POST', headers: from ? { 'X-Forwarded-For': from } : {} }));
}

export async function createAs(
  url: string,
  photo: Buffer,
  style: string,
  token?: string,
  from?: string,
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== undefined) headers[VISITOR_HEADER] = token;
  if (from) headers['X-Forwarded-For'] = from;
  return answer(await postJob(url, { style_id: style, image: dataUrl(photo) }, headers));
}

export const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort((x, y) => x - y);
export const count = (answers: Answer[], status: number) => answers.filter((a) => a.status === status).length;
