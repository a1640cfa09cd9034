// The server's own top-level paths, besides the proxy signature: never site pages, and never a
// proxy signature either (settings.ts refuses one that would hide them).
export const SERVER_PATHS = ['jwt', 'datasets', 'transformations', 'media', 'health', 'api'] as const;
