/** Text made safe to stand in HTML, as an element's text or inside a quoted attribute: the one escape of pages, e-mails and the shop's own writing. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
