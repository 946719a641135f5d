/** A date and time as the shop shows them everywhere: "Nov 23, 2026, 9:30 AM", in the reader's time zone. */
export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** A date alone, as the shop shows it: "Nov 23, 2026". */
export const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/**
 * The same in UTC, for a page rendered on the server (ADR 024) until the app runs it: the server does
 * not know the reader's time zone, and the browser's first render must say what the server said.
 */
export const dateOnlyUtc = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
