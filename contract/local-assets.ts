// The default tenant's images are local static files (public/assets/), not proxy URLs.
// 'assets' is a reserved slug, so no tenant page set can shadow this folder.
export const LOCAL_ASSETS = {
  logo: '/assets/logo.svg',
  background: '/assets/background.jpg',
  video: '/assets/processing.mp4',
  /** The booth product's own logo: the Not Found and root error views show it. */
  companyLogo: '/assets/company-logo.svg',
  /** A style tile with no thumbnail shows this. */
  styleThumbnail: '/assets/default-style.svg',
} as const;

/** A local asset path or an absolute URL can be used as is; anything else is a bucket image name. */
export const isDirectUrl = (url: string) => url.startsWith('/') || /^https?:\/\//i.test(url);
