// The event wall in the browser: one EventSource on the AI hub's wall stream; each event carries
// the whole wall, which replaces what is shown (a picture deleted, hidden or expired is simply no
// longer in it). The browser reconnects by itself after a drop; if it gives up (the server
// answered with an error while restarting), a new connection is made after a growing pause. On
// reconnecting, the first event is the wall as it is, with whatever was approved meanwhile.
import { fill } from '../../contract/i18n/fill.ts';
import { WALL_EVENT, WALL_TEXT, WallSnapshotSchema, wallEventsPath, type WallPicture } from '../../contract/wall.ts';
import { qrPath } from './qr-path.ts';

const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 15_000;
const QUIET_ZONE = 4;
const SVG = 'http://www.w3.org/2000/svg';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function pictureItem(picture: WallPicture): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.id = picture.id;
  const img = document.createElement('img');
  img.src = picture.url;
  img.alt = `A guest's picture, ${time(picture.at)}`;
  img.decoding = 'async';
  item.append(img);
  return item;
}

/** The booth's address for the QR code: the public site setting, else this page's own origin. */
export function boothAddress(publicSiteUrl: string, origin: string, boothPath: string): string {
  return `${(publicSiteUrl || origin).replace(/\/+$/, '')}${boothPath}`;
}

/** `label`: the code's name for screen readers, in the page's language ({url} in it). */
async function drawQr(box: Element, url: string, label = 'QR code of {url}') {
  const { encode } = await import('uqr');
  const { data } = encode(url, { ecc: 'M', border: 0 });
  const side = data.length + 2 * QUIET_ZONE;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', fill(label, { url }));
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.dataset.qrUrl = url;
  const back = document.createElementNS(SVG, 'rect');
  for (const [k, v] of [
    ['x', -QUIET_ZONE],
    ['y', -QUIET_ZONE],
    ['width', side],
    ['height', side],
  ] as const)
    back.setAttribute(k, String(v));
  back.setAttribute('fill', '#ffffff');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', qrPath(data));
  path.setAttribute('fill', '#000000');
  svg.append(back, path);
  box.replaceChildren(svg);
}

function startWall(root: HTMLElement) {
  const { aiHost = '', tenant = '', boothPath = '/', publicSiteUrl = '' } = root.dataset;
  const mosaic = root.querySelector('.booth-wall-mosaic')!;
  const empty = root.querySelector<HTMLElement>('.booth-wall-empty')!;
  const status = root.querySelector('.booth-wall-status')!;
  const qr = root.querySelector('.booth-wall-qr');
  if (qr) void drawQr(qr, boothAddress(publicSiteUrl, location.origin, boothPath), root.dataset.qrLabel);

  const show = (pictures: WallPicture[]) => {
    const shown = new Map([...mosaic.querySelectorAll<HTMLLIElement>('li')].map((li) => [li.dataset.id, li]));
    // Pictures already up keep their element (and their loaded image); new ones come in.
    mosaic.replaceChildren(...pictures.map((p) => shown.get(p.id) ?? pictureItem(p)));
    empty.hidden = pictures.length > 0;
    root.dataset.pictures = pictures.map((p) => p.id).join(' ');
  };

  const url = `${aiHost.replace(/\/+$/, '')}${wallEventsPath(tenant)}`;
  let pause = FIRST_PAUSE_MS;
  const connect = () => {
    const source = new EventSource(url);
    source.addEventListener(WALL_EVENT, (event) => {
      let data: unknown;
      try {
        data = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      const snapshot = WallSnapshotSchema.safeParse(data);
      if (!snapshot.success) return;
      show(snapshot.data.pictures);
      status.textContent = '';
      root.dataset.connected = 'true';
      pause = FIRST_PAUSE_MS;
    });
    source.addEventListener('error', () => {
      root.dataset.connected = 'false';
      status.textContent = root.dataset.reconnecting ?? WALL_TEXT.reconnecting;
      // Still CONNECTING: the browser tries again itself. CLOSED: it gave up; so do not we.
      if (source.readyState !== EventSource.CLOSED) return;
      source.close();
      setTimeout(connect, pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    });
  };
  connect();
}

const root = document.querySelector<HTMLElement>('[data-wall]');
if (root) startWall(root);
