import { useId } from 'react';
import { addressTerms, countryOptions, regionsOf } from '../../../../common/postal-addresses.ts';
import type { Destination } from '../api/priced-cart.ts';

interface CartDestinationProps {
  destination: Destination | undefined;
  onChange: (destination: Destination) => void;
}

/**
 * Where the cart would go, as far as shipping and tax need to know: the country and, where the country
 * has them, the state or region. The full address is asked at checkout.
 */
export function CartDestination({ destination, onChange }: CartDestinationProps) {
  const id = useId();
  const country = destination?.country ?? '';
  const regions = regionsOf(country);
  const terms = addressTerms(country);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-stone-800">Deliver to</legend>
      <div className={`grid gap-2 ${regions.length > 0 ? 'grid-cols-2' : 'grid-cols-1'}`}>
        <label htmlFor={`${id}-country`} className="sr-only">
          Country
        </label>
        <select id={`${id}-country`} className="select select-sm w-full text-stone-900" value={country} onChange={(event) => onChange({ country: event.target.value })}>
          <option value="">Choose a country</option>
          {countryOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
        {regions.length > 0 && (
          <>
            <label htmlFor={`${id}-region`} className="sr-only">
              {terms.region}
            </label>
            <select
              id={`${id}-region`}
              className="select select-sm w-full text-stone-900"
              value={destination?.region ?? ''}
              onChange={(event) => onChange({ country, region: event.target.value || undefined })}
            >
              <option value="">{terms.region}</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          </>
        )}
      </div>
    </fieldset>
  );
}
