/** A date and time as the shop shows them everywhere: "Nov 23, 2026, 9:30 AM", in the reader's time zone. */
export const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
/** A date alone, as the shop shows it: "Nov 23, 2026". */
export const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
