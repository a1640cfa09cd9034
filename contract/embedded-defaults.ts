// Defaults shared by the build (scripts/) and the embedded server (server/), so that a fresh
// clone works with no setting at all. Every one of them is overridable through the environment
// (see README "Settings"). They are not secrets: a deployment sets its own.
import { TENANT_DATASET_ID } from './constants.ts';

export const DEFAULT_PORT = 4321;
export const DEFAULT_DATASET_ID = String(TENANT_DATASET_ID);
export const DEFAULT_SERVICE_USERNAME = 'booth-build';
export const DEFAULT_SERVICE_PASSWORD = 'booth-build-local-password';
/** imgproxy "plain" source prefix of the tenant asset bucket. */
export const DEFAULT_BUCKET_PREFIX = 's3://booth-assets';
/** "an app name": the folder of this app inside the bucket. */
export const DEFAULT_APP_NAME = 'photobooth';
/** imgproxy signature path segment; 'insecure' means unsigned. */
export const DEFAULT_PROXY_SIGNATURE = 'insecure';
