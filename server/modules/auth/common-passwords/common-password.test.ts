import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-password.ts';
import { mostCommonPasswords } from './most-common-passwords.ts';

describe('the list of common passwords', () => {
  it('holds 10,000 different passwords, most common first', () => {
    expect(new Set(mostCommonPasswords).size).toBe(10_000);
    expect(mostCommonPasswords.slice(0, 3)).toEqual(['password', '123456', '12345678']);
  });

  it('refuses the well-known ones in any case', () => {
    for (const password of ['password', '123456', 'qwerty', 'letmein', 'iloveyou', 'trustno1', 'Dragon', 'PASSWORD1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets through a password that is not on the list, even one that starts like a common one', () => {
    for (const password of ['sawdust-123', 'dovetail-joint-1', 'password-of-a-joiner', 'dragonfly-plane-7']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
