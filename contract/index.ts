// The one place where the site, the build and the server agree: the five calls of the spec.
export * from './constants.ts';
export * from './embedded-defaults.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './styles.ts';
export * from './jobs.ts';
export * from './errors.ts';
export * from './site-data.ts';
