// words.js is made at start-up from the catalogs (src/http/embed-words.ts); its shape, for the type check.
export declare const WORDS: Record<string, Record<string, string | Partial<Record<Intl.LDMLPluralRule, string>>>>;
