// The email a guest asks for, in its tenant's branding: the tenant's name, colours and logo, the
// picture attached (named as the spec's Share names it) and a link to it that lasts as long as
// the result. HTML and plain text. Every text the tenant supplied is escaped in the HTML, and
// the subject is one line: a tenant's name cannot add markup or a header. In the guest's language
// when the tenant offers it (hosts/job-email.ts), else the tenant's (contract/i18n/), its date
// written as that language writes dates.
import path from 'node:path';
import { TEXT, type TenantBranding } from '../../contract/index.ts';
import { DEFAULT_BRANDING } from '../../contract/branding.ts';
import { CATALOGUES, DEFAULT_LANGUAGE, directionOf, fill, type Language } from '../../contract/i18n/index.ts';
import { withOwnTexts } from '../../contract/i18n/overrides.ts';

export interface PictureMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; path?: string; content?: Buffer; cid?: string; contentType?: string }[];
}

export interface MailPicture {
  /** The result file on disk, or its name in the store when `data` holds its bytes. */
  file: string;
  /** The result's bytes, read from the store (the scale-out path); absent: read from `file` on disk. */
  data?: Uint8Array;
  /** Its address for the guest; null when the booth knows no public address of its own. */
  url: string | null;
  /** When the result is deleted (ms). */
  keptUntil: number;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
/** A header's text on one line, whatever the tenant typed. */
const oneLine = (text: string) => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').trim();
const HEX = /^#[0-9a-f]{6}$/i;
const colour = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

// English as in Britain: "27 November 2026 at 14:05", not the US order.
const when = (ms: number, language: Language) =>
  `${new Date(ms).toLocaleString(language === DEFAULT_LANGUAGE ? 'en-GB' : language, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;

/**
 * The message for `to`. `logoFile`: the tenant's logo on disk, shown at the top (inline, so no
 * mail client has to fetch anything); none for a tenant without one in its bucket. `guestLanguage`:
 * the language the guest asked in, one the tenant offers; null or absent: the tenant's own.
 */
export function pictureMail(
  branding: TenantBranding | null,
  to: string,
  picture: MailPicture,
  logoFile: string | null,
  guestLanguage: Language | null = null,
): PictureMail {
  const b = branding ?? DEFAULT_BRANDING;
  const language = guestLanguage ?? b.language ?? DEFAULT_LANGUAGE;
  // The tenant's own words for the email in that language, where it has them.
  const t = withOwnTexts(CATALOGUES[language], b.textOverrides?.[language]).guest;
  const client = oneLine(b.client);
  const background = colour(b.backgroundColor, DEFAULT_BRANDING.backgroundColor);
  const text = colour(b.textColor, DEFAULT_BRANDING.textColor);
  const accent = colour(b.accentColor, DEFAULT_BRANDING.accentColor);
  const extension = path.extname(picture.file) || '.png';
  const filename = TEXT.shareFileName.replace(/\.\w+$/, extension);
  const until = when(picture.keptUntil, language);
  const subject = fill(t.mailSubject, { client });
  const lines = [
    fill(t.mailIntro, { client }),
    ...(picture.url ? ['', fill(t.mailOpenUntil, { until }), picture.url] : []),
    '',
    fill(t.mailWhy, { client }),
  ];
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:2rem;background:${background};color:${text};font-family:system-ui,sans-serif">
${logoFile ? `<p><img src="cid:logo" alt="${e(client)}" height="50"></p>` : ''}
<h1 style="font-size:1.5rem">${e(subject)}</h1>
<p>${e(lines[0]!)}</p>
<p><img src="cid:picture" alt="${e(t.mailPictureAlt)}" style="max-width:100%;height:auto"></p>
${picture.url ? `<p><a href="${e(picture.url)}" style="color:${accent}">${e(t.mailOpen)}</a> ${e(fill(t.mailUntil, { until }))}</p>` : ''}
<p style="font-size:0.85rem">${e(lines.at(-1)!)}</p>
</body></html>`;
  return {
    to,
    subject,
    text: `${lines.join('\n')}\n`,
    html,
    attachments: [
      picture.data
        ? { filename, content: Buffer.from(picture.data), cid: 'picture' }
        : { filename, path: picture.file, cid: 'picture' },
      ...(logoFile ? [{ filename: `logo${path.extname(logoFile)}`, path: logoFile, cid: 'logo' }] : []),
    ],
  };
}
