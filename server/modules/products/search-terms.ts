import { englishStopWords } from './english-stop-words.ts';

/** The most words of one search that count; a longer search is cut there rather than refused. */
export const maxSearchWords = 10;

/**
 * The words of what a person typed into the catalogue search, fit to be handed to either database's
 * full-text search: runs of letters and digits only, lower-cased, without stop words, at most
 * `maxSearchWords`. Everything else a person might type (quotes, hyphens, `*`, `:`, `&`, `|`, `!`,
 * parentheses) only separates words, so that nothing typed is ever read as query syntax; `OR`, `NEAR`
 * and `AND` become words (and `or`/`and` stop words). Answers [] when nothing searchable is left.
 */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => !englishStopWords.has(word)))].slice(0, maxSearchWords);
}

/**
 * SQLite FTS5: every word as a quoted prefix term (`"chis"*`), all of them required. Quoting keeps
 * words such as NEAR or OR from being operators; the tokenizer stems each one as it stems the index.
 */
export function fts5Query(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * PostgreSQL `to_tsquery`: every word as a quoted prefix lexeme (`'chis':*`), all of them required;
 * `weight` ('A', the name) limits each to that weight. `to_tsquery` stems each word as `to_tsvector`
 * stemmed the document.
 */
export function tsQuery(words: readonly string[], { weight = '' }: { weight?: 'A' | '' } = {}): string {
  return words.map((word) => `'${word.replaceAll("'", "''")}':*${weight}`).join(' & ');
}
