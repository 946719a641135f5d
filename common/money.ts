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

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUsd(dollars: number): string {
  return usd.format(dollars);
}
