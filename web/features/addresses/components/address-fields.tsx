import type { UseFormRegisterReturn } from 'react-hook-form';
import { addressLimits, addressTerms, countryOptions, hasPostalCodes, type PostalAddress, regionsOf } from '../../../../common/postal-addresses.ts';
import { SelectField, TextField } from '../../../components/ui/form-field.tsx';

export type AddressFieldName = keyof PostalAddress;

/** What a host form gives each field: the input's registration and the field's message. */
export type AddressFieldProps = UseFormRegisterReturn & { error: string | undefined };

interface AddressFieldsProps {
  /** The field's props in the host form, such as `field('shippingAddress.city')`. */
  fieldOf: (name: AddressFieldName) => AddressFieldProps;
  /** The country chosen now, which decides the region list and what the fields are called. */
  country: string;
  /** The region chosen now. */
  region: string | undefined;
  /** A new country's regions are others: the host clears the region. */
  onCountryChange: () => void;
}

/**
 * The fields of a postal address, laid out as a parcel reads, inside any form that checks them with
 * `postalAddressSchema`: the country first (it decides the rest), then the name and street, then the
 * city with the region and postal code where the country has them, named as the country names them.
 */
export function AddressFields({ fieldOf, country, region: chosenRegion, onCountryChange }: AddressFieldsProps) {
  const regions = regionsOf(country);
  const terms = addressTerms(country);
  const countryField = fieldOf('country');
  return (
    <div className="space-y-4">
      <SelectField
        label="Country"
        autoComplete="shipping country"
        // The value the form holds, shown from the first paint (a select would otherwise show its first option).
        defaultValue={country}
        {...countryField}
        onChange={(event) => {
          void countryField.onChange(event);
          onCountryChange();
        }}
      >
        <option value="">Choose a country</option>
        {countryOptions.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Full name" autoComplete="shipping name" maxLength={addressLimits.name} {...fieldOf('name')} />
      <TextField label="Address" autoComplete="shipping address-line1" maxLength={addressLimits.line} placeholder="Street and number" {...fieldOf('line1')} />
      <TextField label="Apartment, suite, unit (optional)" autoComplete="shipping address-line2" maxLength={addressLimits.line} {...fieldOf('line2')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="City" autoComplete="shipping address-level2" maxLength={addressLimits.city} {...fieldOf('city')} />
        {regions.length > 0 && (
          <SelectField label={terms.region} autoComplete="shipping address-level1" defaultValue={chosenRegion ?? ''} {...fieldOf('region')}>
            <option value="">Choose</option>
            {regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </SelectField>
        )}
        {hasPostalCodes(country) && <TextField label={terms.postalCode} autoComplete="shipping postal-code" maxLength={addressLimits.postalCode} {...fieldOf('postalCode')} />}
      </div>
    </div>
  );
}
