/**
 * JSON to stand inside a <script> element: no "<" (so no "</script>" or "<!--" can end or bend it),
 * and none of the line separators older parsers took for line ends. Still JSON: each becomes its \u escape.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Text made safe inside an XML element (the sitemap's addresses). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);
}
