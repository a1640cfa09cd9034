// What a catalogue is: the English one's sections and keys, each a text in the language.
import type { EN } from './en.ts';

type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Every text a visitor sees or hears, in one language, by section and key. */
export type Catalogue = Texts<typeof EN>;
export type Section = keyof Catalogue;
