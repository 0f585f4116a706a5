import type en from './en.ts';

/**
 * What ru.ts and uk.ts must be: one ICU message per key of the English
 * catalog. Here rather than in messages.ts, which imports the catalogs, so
 * the imports do not go round in a circle.
 */
export type Catalog = Record<keyof typeof en, string>;
