/**
 * Reviews are public and their authors' addresses are not: a review shows only the address's first
 * character and its domain ("a•••@example.com"), enough to tell reviewers apart, too little to write
 * to them.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
