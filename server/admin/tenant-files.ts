// Every file a tenant's branding names in the tenant asset folder, checked to exist: a logo,
// background, frame, scene or video that is not there is a problem the console reports, as the
// build reports a refused value (the pages would show the default or nothing, results no frame).
import fs from 'node:fs';
import type { TenantBranding } from '../../contract/index.ts';
import { tenantLabel } from '../../contract/branding.ts';
import { fieldLabel } from '../../contract/branding-labels.ts';
import { resolveInside } from '../files/safe-path.ts';
import { backdropsOf } from '../../contract/backdrops.ts';

const IMAGE_FIELDS = ['logoUrl', 'backgroundImageUrl', 'frameUrl'] as const;
const MEDIA_TENANTS = '/media/tenants/';

const CONSEQUENCE: Record<string, string> = {
  logoUrl: 'the pages show no logo',
  backgroundImageUrl: 'the pages show no background image',
  frameUrl: 'results are made without the frame',
  sceneUrls: "the branded scene uses the booth's own scene in its place",
  video: 'the processing screen shows no video',
};

/** The tenant-folder name of a field's value, or null when it names no file there (an https URL, a local asset, nothing). */
function nameOf(field: string, value: string): string | null {
  if (value === '') return null;
  if (field === 'video') return value.startsWith(MEDIA_TENANTS) ? value.slice(MEDIA_TENANTS.length) : null;
  return value.startsWith('/') || /^https?:/i.test(value) ? null : value;
}

const isFile = (file: string | null) => {
  try {
    return file !== null && fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The missing files of a branding, as field problems and as sentences the build's report style uses. */
export function missingFiles(
  branding: TenantBranding,
  tenantAssetsDir: string,
): { fields: Record<string, string[]>; problems: string[] } {
  const fields: Record<string, string[]> = {};
  const problems: string[] = [];
  const named = [
    ...[...IMAGE_FIELDS, 'video' as const].map((field) => [field, branding[field]] as const),
    // Each backdrop (sceneUrl is the first of them), told under the one field that lists them.
    ...backdropsOf(branding).map((name) => ['sceneUrls', name] as const),
  ];
  for (const [field, value] of named) {
    const name = nameOf(field, value);
    if (name === null || isFile(resolveInside(tenantAssetsDir, name))) continue;
    const fix = field === 'sceneUrls' ? 'remove it' : 'clear the field';
    const message = `${fieldLabel(field)}: the file "${name}" is not in the tenant's files, so ${CONSEQUENCE[field]}. Upload it again, or ${fix}.`;
    (fields[field] ??= []).push(message);
    problems.push(`${tenantLabel(branding)}: ${message}`);
  }
  return { fields, problems };
}
