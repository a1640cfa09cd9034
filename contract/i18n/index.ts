// Every language's catalogue, for build and server code: a page is given its own language's
// texts at build time (src/lib/texts.ts), so no browser bundle imports this file.
import type { Catalogue } from './catalogue.ts';
import { AR } from './ar.ts';
import { DE } from './de.ts';
import { EN } from './en.ts';
import { ES } from './es.ts';
import { FR } from './fr.ts';
import { IT } from './it.ts';
import { NL } from './nl.ts';
import { PT } from './pt.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './languages.ts';

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = {
  en: EN,
  fr: FR,
  de: DE,
  es: ES,
  it: IT,
  nl: NL,
  pt: PT,
  ar: AR,
};

/** The catalogue of a language; an unknown or missing one is the default (English). */
export const catalogueOf = (language: unknown): Catalogue =>
  CATALOGUES[isLanguage(language) ? language : DEFAULT_LANGUAGE];

/**
 * Texts that are the same in every language by rule: a file name, and a code word the camera
 * reports and the site compares (never shown). Everything else must be translated.
 */
export const SAME_IN_EVERY_LANGUAGE: readonly string[] = ['spec.shareFileName', 'spec.getUserMediaUnsupported'];

export type { Catalogue, Section } from './catalogue.ts';
export * from './languages.ts';
export { fill, placeholdersOf } from './fill.ts';
