/**
 * What time it is. The shop reads the time only from the clock its app was built with, so that a
 * test can set the time, and move it on, instead of waiting for it to pass.
 */
export type Clock = () => Date;

/** The real time: the clock of a running shop. */
export const systemClock: Clock = () => new Date();
