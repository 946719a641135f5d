import { describe, expect, it } from 'vitest';
import { accountContact, erasedAccountEmail, isPhoneAccountEmail, phoneAccountDomain } from './account-contact.ts';

const phoneAccount = (digits: string) => `${digits}.0b7f3c2e-5d1a-4c8e-9f00-2a6b1c3d4e5f@${phoneAccountDomain}`;

describe('how an account is shown', () => {
  it('shows an ordinary account by its e-mail address', () => {
    expect(accountContact('ada@example.com')).toBe('ada@example.com');
    expect(isPhoneAccountEmail('ada@example.com')).toBe(false);
  });

  it('shows a phone account by its number, formatted, never by its made-up address', () => {
    expect(isPhoneAccountEmail(phoneAccount('14155550100'))).toBe(true);
    expect(accountContact(phoneAccount('14155550100'))).toBe('+1 415 555 0100');
    expect(accountContact(phoneAccount('447700900123'))).toBe('+44 7700 900123');
  });

  it('says "Phone account" rather than show an address whose number it cannot read', () => {
    expect(accountContact(`garbled@${phoneAccountDomain}`)).toBe('Phone account');
    expect(accountContact(phoneAccount('999'))).toBe('Phone account');
  });

  it('shows the kept orders of an erased customer as theirs no more, never by the address made of the account’s id', () => {
    expect(accountContact(erasedAccountEmail('0b7f3c2e-5d1a-4c8e-9f00-2a6b1c3d4e5f'))).toBe('Erased customer');
  });
});
