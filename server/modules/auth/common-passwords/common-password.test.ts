import { describe, expect, it } from 'vitest';
import { isCommonPassword, mostCommonPasswords } from './common-password.ts';

describe('the list of common passwords', () => {
  it('holds 10,000 different passwords, most common first', () => {
    expect(new Set(mostCommonPasswords).size).toBe(10_000);
    expect(mostCommonPasswords.slice(0, 3)).toEqual(['password', '123456', '12345678']);
    expect(mostCommonPasswords.at(-1)).toBe('voltron');
  });

  it('keeps each password whole: no blank, padded, carriage-returned or upper-case entry', () => {
    expect(mostCommonPasswords.filter((password) => !/^[\x21-\x7e]+$/.test(password) || password !== password.toLowerCase())).toEqual([]);
    expect(mostCommonPasswords).toContain('fuck_inside');
    expect(mostCommonPasswords).toContain("pic\\'s");
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
