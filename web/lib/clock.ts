/** The web app's one reading of the current time: every "now" it needs (the footer's year, a card's expiry) comes from here. */
export const now = (): Date => new Date();
