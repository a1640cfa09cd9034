// The one place where the site, the build and the server agree: the five calls of the spec.
export * from './constants.ts';
export * from './embedded-defaults.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './styles.ts';
export * from './jobs.ts';
export * from './visitors.ts';
export * from './job-status.ts';
export * from './results.ts';
export * from './errors.ts';
export * from './site-data.ts';
export * from './slug.ts';
export * from './quoted.ts';
export * from './local-assets.ts';
export * from './event-kit.ts';
export * from './delivery.ts';
export * from './leads.ts';
export * from './tenant-path.ts';
export * from './web-app.ts';
// Imported by path, not from here: branding.ts and colour.ts (build and render time only; they
// bring in a colour parser no browser bundle needs) and settings.ts (Node only).
export * from './style-inputs.ts';
