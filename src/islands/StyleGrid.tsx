// Styles screen: the grid of style tiles. The styles fetched at build time show at once and are
// refreshed in the background; picking one starts a job with the photo from the store.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import type { Catalogue } from '../../contract/i18n/catalogue.ts';
import type { Style } from '../../contract/styles.ts';
import { offeredStyles } from '../../contract/tenant-styles.ts';
import { BACKDROP_STYLE_ID, backdropTileName } from '../../contract/backdrops.ts';
import { styleName } from '../../contract/local-style-texts.ts';
import { AiHubError, UNREACHABLE_MESSAGE, errorHeading } from '../lib/ai-hub-error.ts';
import { LOCAL_ASSETS } from '../../contract/local-assets.ts';
import { aiHostUrl, resultsPath, screenPath } from '../lib/paths.ts';
import { $photo } from '../stores/photo.ts';
import { countJob, jobsFrom, triesLeft } from '../stores/tries.ts';
import { useClientValue } from '../lib/client-value.ts';
import { kioskHome, onKiosk } from '../lib/kiosk-here.ts';
import { ErrorView } from '../components/ErrorView.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { StyleWords } from '../components/StyleWords.tsx';

const FIRST_ROW = 4;

declare global {
  interface Window {
    /** The id of a tile tapped before the grid was ready (the styles page's inline script). */
    boothEarlyPick?: string;
  }
}

/** The texts the styles screen shows, in the page's language (contract/i18n/). */
export type StyleGridTexts = Pick<Catalogue, 'spec' | 'site' | 'resultsEvent' | 'styleWords' | 'styleNames'>;

interface Props {
  t: StyleGridTexts;
  initialStyles: Style[];
  /** The tenant's choice of styles, in its order (contract/tenant-styles.ts); absent: every style. */
  only?: string[];
  aiHost: string;
  base: string;
  /** The tenant's slug, sent with the job so the result carries the tenant's frame. */
  tenant: string;
  /**
   * The thumbnails of the tenant's backdrops when it has two or more (src/lib/backdrop-tiles.ts):
   * the branded scene is then one tile per backdrop, each named by its place.
   */
  backdrops?: string[];
  /** Further styles a guest may try with one photo (contract/event-kit.ts); 0: as many as the spec allows. */
  triesPerGuest?: number;
}

/** A tile of the grid: a style, or one backdrop of the branded scene. */
interface Tile {
  style: Style;
  key: string;
  label: string;
  thumbnail: string | null;
  backdrop?: number;
}

function tilesOf(styles: Style[], backdrops: string[], aiHost: string, names: StyleGridTexts['styleNames']): Tile[] {
  return styles.flatMap((style): Tile[] => {
    const name = styleName(style.description, names);
    const thumbnail = style.thumbnail ? aiHostUrl(aiHost, style.thumbnail) : null;
    if (String(style.id) !== BACKDROP_STYLE_ID || backdrops.length < 2)
      return [{ style, key: String(style.id), label: name, thumbnail }];
    return backdrops.map((picture, backdrop) => ({
      style,
      key: `${style.id} ${backdrop}`,
      label: backdropTileName(name, backdrop),
      thumbnail: picture,
      backdrop,
    }));
  });
}

export default function StyleGrid({
  t,
  initialStyles,
  only,
  aiHost,
  base,
  tenant,
  backdrops = [],
  triesPerGuest = 0,
}: Props) {
  // The page's texts under the names the lines below read them by.
  const { spec: TEXT, site } = t;
  const TRY_AGAIN_TEXT = site.tryAgain;
  /** The AI host answered, but offers no style: nothing to pick, and the visitor should know. */
  const NO_STYLES_TEXT = site.noStyles;
  // On a kiosk, Restart is a new page load: the next guest finds no photo and is asked for consent.
  const kiosk = useClientValue(onKiosk, false);
  /** Bumped by 'Try again': the client and the styles are loaded afresh. */
  const [attempt, setAttempt] = useState(0);
  // The client (with the contract's zod schemas) loads after the tiles show: the visitor sees
  // the build-time styles at once and the page's first paint does not wait for it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is not read: Try again loads the client again, in case its download failed.
  const hub = useMemo(
    () =>
      import('../lib/ai-hub.ts').then(
        ({ createAiHub }) => createAiHub(aiHost),
        () => Promise.reject(new AiHubError(UNREACHABLE_MESSAGE)),
      ),
    // Try again loads the client again too, in case it was its download that failed.
    [aiHost, attempt],
  );
  const photo = useStore($photo);
  const [styles, setStyles] = useState(initialStyles);
  // Styles baked in at build show at once; without them (the AI host was down then) a spinner
  // shows until the browser has its own answer.
  const [loading, setLoading] = useState(initialStyles.length === 0);
  const [noImage, setNoImage] = useState(false);
  // The photo's tries are used (the browser's Back to this screen): no further job from it.
  const [triesUsed, setTriesUsed] = useState(false);
  /** A style that asks for the guest's words, picked: its form shows in place of the tiles. */
  const [asking, setAsking] = useState<{ tile: Tile; refused: Record<string, string> } | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** Set at the first pick: a double tap (or a tap replayed at hydration) starts one job only. */
  const picking = useRef(false);
  /** False in the HTML sent by the server: the page's inline script keeps taps until then. */
  const [ready, setReady] = useState(false);

  // From here on the tiles answer taps themselves; a tap made before now is acted on once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the grid is first ready: a tap made before then is acted on once.
  useLayoutEffect(() => {
    setReady(true);
    const early = window.boothEarlyPick;
    const tile =
      early === undefined ? undefined : tilesOf(styles, backdrops, aiHost, t.styleNames).find((t) => t.key === early);
    if (tile) void pick(tile.style, tile.backdrop);
    window.boothEarlyPick = undefined;
    // Once, when the grid is first ready.
  }, []);

  // While the job starts, the page under the overlay cannot be reached: no Tab to Restart, no
  // second tile, for a keyboard or a screen reader either.
  useEffect(() => {
    const page = document.querySelector<HTMLElement>('[data-booth]');
    if (!page || !starting) return;
    page.inert = true;
    return () => {
      page.inert = false;
    };
  }, [starting]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is not read: Try again loads the styles again.
  useEffect(() => {
    let live = true;
    hub
      .then((h) => h.styles())
      .then(
        (fresh) => {
          if (!live) return;
          setStyles(offeredStyles(fresh, only));
          setLoading(false);
        },
        // The build-time list stays on screen; only an empty screen is worth an error view.
        (error) => live && initialStyles.length === 0 && setFailure(errorHeading(error, site)),
      );
    return () => {
      live = false;
    };
  }, [hub, initialStyles.length, attempt, only, site]);

  async function pick(style: Style, backdrop?: number, words?: Record<string, string>) {
    window.boothEarlyPick = undefined;
    if (!photo) {
      setNoImage(true);
      return;
    }
    if (picking.current) return;
    if (triesPerGuest > 0 && jobsFrom(photo) > 0 && triesLeft(photo, triesPerGuest) === 0) {
      setTriesUsed(true);
      return;
    }
    // A style that asks for words gets them first; the job starts from the form.
    if (style.inputs?.length && !words) {
      const tile = tilesOf(styles, backdrops, aiHost, t.styleNames).find(
        (t) => String(t.style.id) === String(style.id) && t.backdrop === backdrop,
      );
      if (tile) setAsking({ tile, refused: {} });
      return;
    }
    picking.current = true;
    setNoImage(false);
    setStarting(true);
    try {
      const { id } = await (await hub).createJob(style.id, photo, tenant, backdrop, words);
      countJob(photo);
      await navigate(resultsPath(base, id));
    } catch (error) {
      // Words the hub refused (a refused word: the tenant's sentence) go back under their fields.
      if (words && error instanceof AiHubError && error.status === 400 && Object.keys(error.fields).length > 0) {
        setAsking((a) => a && { ...a, refused: { ...error.fields } });
        setStarting(false);
        picking.current = false;
        return;
      }
      setFailure(errorHeading(error, site));
      setStarting(false);
      picking.current = false;
    }
  }

  // The photo is still in the store: trying again returns to the grid with it.
  const tryAgain = () => {
    setFailure(null);
    if (styles.length === 0) setLoading(true);
    setAttempt((n) => n + 1);
  };
  if (failure) {
    return (
      <ErrorView heading={failure}>
        <button type="button" className="booth-button" onClick={tryAgain}>
          {TRY_AGAIN_TEXT}
        </button>
      </ErrorView>
    );
  }

  return (
    <div className="booth-styles" data-ready={ready ? '' : undefined}>
      <h1>{TEXT.stylesHeading}</h1>
      <p className="booth-no-image" role="alert">
        {noImage ? TEXT.noImage : triesUsed ? t.resultsEvent.triesUsed : ''}
      </p>
      {asking ? (
        <StyleWords
          label={asking.tile.label}
          inputs={asking.tile.style.inputs ?? []}
          refused={asking.refused}
          busy={starting}
          onSubmit={(words) => void pick(asking.tile.style, asking.tile.backdrop, words)}
          onBack={() => setAsking(null)}
          texts={t.styleWords}
        />
      ) : null}
      {loading ? <Spinner label={site.loadingStyles} /> : null}
      {!loading && styles.length === 0 ? <p role="status">{NO_STYLES_TEXT}</p> : null}
      <ul className="booth-style-grid" hidden={asking !== null}>
        {tilesOf(styles, backdrops, aiHost, t.styleNames).map(({ style, key, label, thumbnail, backdrop }, index) => (
          <li key={key}>
            <button
              type="button"
              className="booth-style-tile"
              data-style-id={String(style.id)}
              data-backdrop={backdrop}
              onClick={() => pick(style, backdrop)}
              disabled={starting}
            >
              <img
                src={thumbnail ?? LOCAL_ASSETS.styleThumbnail}
                alt=""
                width={130}
                height={130}
                // The first row is the largest paint of the screen; the rest can wait.
                loading={index < FIRST_ROW ? 'eager' : 'lazy'}
                fetchPriority={index < FIRST_ROW ? 'high' : undefined}
                data-default-thumbnail={thumbnail ? undefined : ''}
              />
              <span className="booth-style-label">{label}</span>
              {style.beta ? <span className="booth-beta">{TEXT.beta}</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="booth-actions">
        <a
          className="booth-button"
          href={screenPath(kiosk ? kioskHome(base) : base, 'intro')}
          data-astro-reload={kiosk ? '' : undefined}
        >
          {TEXT.restart}
        </a>
      </div>
      {/* On <body>: inside the screen it would sit under the logo's layer. */}
      {starting
        ? createPortal(
            <div className="booth-overlay">
              <Spinner label={site.startingPicture} />
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
