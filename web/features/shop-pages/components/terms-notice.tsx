import { shopPagePath, termsSlug } from '../../../../common/shop-pages.ts';

/**
 * Above the button that places an order: placing it accepts the terms of sale in force, whose version
 * the server records on the order (ADR 044). The terms open in a new tab, so that nothing typed is lost.
 */
export function TermsNotice() {
  return (
    <p className="text-sm text-stone-600">
      By placing this order you accept our{' '}
      <a href={shopPagePath(termsSlug)} target="_blank" rel="noopener" className="link link-primary font-medium">
        terms of sale
      </a>
      .
    </p>
  );
}
