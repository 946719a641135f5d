import { describe, expect, it } from 'vitest';
import { contactMessages, loosePhonePattern } from './contact-rules.ts';
import { emailFieldSchema } from './schemas/inbox-forms.ts';
import { problemOf } from './schemas/problem-of.ts';

const emailProblem = (value: string) => problemOf(emailFieldSchema, value);

describe('the e-mail field', () => {
  it.each(['carpenter@example.com', 'first.last@mail.example.co.uk', 'Ann+tools@Example.org', 'x_y-z@sub.domain.io', 'ivan@mail.xn--p1ai'])(
    'accepts the ordinary address %s',
    (email) => expect(emailProblem(email)).toBeUndefined(),
  );

  it('asks for an address when there is none', () => {
    expect(emailProblem('')).toBe(contactMessages.emailRequired);
    expect(emailProblem('   ')).toBe(contactMessages.emailRequired);
  });

  it.each(['carpenter', 'carpenter@', '@example.com', 'a@b', 'a b@example.com', 'a@example.c', 'a@-x.com', 'a@@example.com'])('refuses %s', (email) =>
    expect(emailProblem(email)).toBe(contactMessages.emailInvalid),
  );
});

describe('loosePhonePattern', () => {
  it.each(['+1 555 010 2030', '(555) 010-2030', '0171 234 5678'])('accepts %s', (phone) => {
    expect(loosePhonePattern.test(phone)).toBe(true);
  });
  it.each(['12', 'call me', '+1 555 010 2030 ext'])('refuses %s', (phone) => {
    expect(loosePhonePattern.test(phone)).toBe(false);
  });
});
