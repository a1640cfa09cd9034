// GET {AI host}/transformations/styles at build time, so the styles page shows them at once.
// The styles island refreshes them in the browser, so an AI host that is down while building
// costs a warning, not the build.
import { STYLES_PATH, StyleSchema, type Style } from '../../contract/index.ts';
import { BuildError } from './errors.ts';
import { parseJson, request, statusError, type Call, type Fetch } from './http.ts';
import type { BuildSettings } from './settings.ts';

export interface FetchedStyles {
  styles: Style[];
  problems: string[];
}

// A thumbnail URL goes into an <img src>: http(s), a path, or a data: image, nothing that runs.
const SAFE_THUMBNAIL = /^(https?:\/\/|\/|data:image\/(png|jpeg|webp|gif);base64,|[A-Za-z0-9_~-])/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const safeThumbnail = (url: string) => SAFE_THUMBNAIL.test(url) && (!SCHEME.test(url) || /^(https?|data):/i.test(url));

/**
 * The AI host answers thumbnail URLs on the address the build called it by (often
 * http://127.0.0.1:4321); browsers call it by BOOTH_PUBLIC_AI_HOST, '' being the page's own
 * origin. Rebased, a phone on the event Wi-Fi loads the thumbnails baked into the page.
 */
export function publicThumbnail(url: string, aiHost: string, publicAiHost: string): string {
  let origin: string;
  try {
    origin = new URL(aiHost).origin;
  } catch {
    return url;
  }
  return url.startsWith(`${origin}/`) ? publicAiHost.replace(/\/+$/, '') + url.slice(origin.length) : url;
}

export async function fetchStyles(settings: BuildSettings, fetchImpl?: Fetch): Promise<FetchedStyles> {
  const call: Call = {
    host: 'AI host',
    setting: 'BOOTH_AI_HOST',
    method: 'GET',
    url: `${settings.aiHost}${STYLES_PATH}`,
    timeoutMs: settings.fetchTimeoutMs,
    maxBytes: settings.maxResponseBytes,
  };
  try {
    const answer = await request(call, fetchImpl);
    if (answer.status < 200 || answer.status > 299) throw statusError(answer, call, '');
    const json = parseJson(answer, call);
    if (!Array.isArray(json))
      throw new BuildError(`The AI host answered GET ${call.url} with something other than a list of styles.`);
    const styles: Style[] = [];
    const problems: string[] = [];
    json.forEach((raw, index) => {
      const parsed = StyleSchema.safeParse(raw);
      if (!parsed.success) {
        problems.push(
          `Style ${index + 1} from the AI host is not a style (${parsed.error.issues[0]?.message ?? 'invalid'}); it is left out.`,
        );
        return;
      }
      const style = parsed.data;
      if (style.thumbnail && !safeThumbnail(style.thumbnail)) {
        problems.push(
          `Style ${JSON.stringify(style.description)}: its thumbnail URL is not http(s) or a path; the default image is shown.`,
        );
        style.thumbnail = null;
      }
      if (style.thumbnail) style.thumbnail = publicThumbnail(style.thumbnail, settings.aiHost, settings.publicAiHost);
      styles.push(style);
    });
    return { styles, problems };
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    return {
      styles: [],
      problems: [
        `warning: no styles were baked into the styles page (${error.message.replace(/\s*\.?\s*$/, '')}). The page loads them in the browser instead.`,
      ],
    };
  }
}
