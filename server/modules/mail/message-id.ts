/**
 * The Message-ID of a message the shop queued, `<key@shop-host>`: the same `key` on every attempt makes
 * the same header, so a mail program shows one copy of a message the mail server was handed twice
 * (ADR 057). The host is the shop's own, from PUBLIC_URL, so the ID names who made it.
 */
export function stableMessageId(key: string, publicUrl: string): string {
  return `<${key}@${new URL(publicUrl).hostname}>`;
}
