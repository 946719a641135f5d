import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while a page rendered on the server (ADR 024) is still only markup, and during the render that
 * takes it over; true once the app runs it. A form that sent itself before then would go out as the
 * browser's own GET, its fields (a password) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
