import { describe, expect, it } from 'vitest';
import { accountMessages, safeReturnPath } from './account-rules.ts';
import { emailFieldSchema } from './schemas/inbox-forms.ts';
import { signInPhoneSchema } from './schemas/phone-sign-in.ts';
import { problemOf } from './schemas/problem-of.ts';
import { passwordSchema, signUpSchema } from './schemas/users.ts';

const passwordProblem = (value: string) => problemOf(passwordSchema, value);
const nameProblem = (value: string) => problemOf(signUpSchema.shape.name, value);
const emailProblem = (value: string) => problemOf(emailFieldSchema, value);
const signInPhoneProblem = (value: string | undefined) => problemOf(signInPhoneSchema, value);

describe('account rules', () => {
  it('gives the specification’s messages for a blank or short password', () => {
    expect(passwordProblem('')).toBe('Password is Required');
    expect(passwordProblem('12345')).toBe('Must be 6 characters or longer');
    expect(passwordProblem('123456')).toBeUndefined();
  });

  it('requires a name and accepts ordinary e-mail addresses', () => {
    expect(nameProblem('  ')).toBe('Name is Required');
    expect(emailProblem('first.last@mail.example.co.uk')).toBeUndefined();
    expect(emailProblem('')).toBe('Email is Required');
    expect(emailProblem('nobody@nowhere')).toBe('Provide a valid Email');
  });

  it('accepts a valid international phone number and refuses a blank or impossible one', () => {
    expect(signInPhoneProblem('+14155552671')).toBeUndefined();
    expect(signInPhoneProblem('+442079460958')).toBeUndefined();
    expect(signInPhoneProblem('')).toBe(accountMessages.phoneInvalid);
    expect(signInPhoneProblem(undefined)).toBe(accountMessages.phoneInvalid);
    expect(signInPhoneProblem('+1415')).toBe(accountMessages.phoneInvalid);
  });

  it('returns only to paths on this site', () => {
    expect(safeReturnPath('/purchase/abc?x=1')).toBe('/purchase/abc?x=1');
    expect(safeReturnPath('https://evil.example/')).toBe('/');
    expect(safeReturnPath('//evil.example/')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('/\t/evil.example')).toBe('/');
    expect(safeReturnPath('/dashboard\\..\\x')).toBe('/');
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});
