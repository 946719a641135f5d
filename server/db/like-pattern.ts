/** A LIKE pattern (with `escape '\'`) for text containing `text` in any case; its wildcards are escaped, so "50%" finds "50%", not everything. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
