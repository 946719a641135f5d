import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('alice.walker@example.com')).toBe('a•••@example.com');
    expect(maskEmail('b@example.org')).toBe('b•••@example.org');
  });

  it('splits at the last @, which is where the domain starts', () => {
    expect(maskEmail('"odd@name"@example.com')).toBe('"•••@example.com');
  });

  it('shows nothing of something that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('•••');
    expect(maskEmail('@example.com')).toBe('•••');
    expect(maskEmail('')).toBe('•••');
  });
});
