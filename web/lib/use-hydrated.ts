import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while a page rendered on the server (ADR 024) is still only markup, and during the render that
 * takes it over; true once the app runs it: for what differs by reader (the year, a time zone). Each
 * element it changes costs a style change as the app takes the page over (ADR 027).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
