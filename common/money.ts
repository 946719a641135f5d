/**
 * Money travels as US dollars on the wire and lives as integer cents in the database,
 * so that sums and products never pick up floating-point error.
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * "$1,234.50", as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` writes it, by hand:
 * the browser's first currency formatter loads its locale data, which held a slow phone for 60 ms
 * while the app started, and every page with a price starts with one.
 */
export function formatUsd(dollars: number): string {
  if (!Number.isFinite(dollars)) return `$${dollars}`;
  // Half a cent goes away from zero, as Intl's does.
  const cents = dollarsToCents(Math.abs(dollars));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = dollars < 0 && cents > 0 ? '-' : '';
  return `${sign}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}
