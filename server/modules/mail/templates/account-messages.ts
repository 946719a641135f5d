import type { EmailContent } from './email-content.ts';

const notYou = 'If this was not you, you can ignore this message: nothing changes until the link is used.';
const confirmAction = (verifyUrl: string) => ({ label: 'Confirm my e-mail address', url: verifyUrl });
const confirmFootnote =
  'The link works for 24 hours; after that, sign in and ask for a new one from your dashboard. If you did not open a Joinery account, you can ignore this message.';

export function welcomeWithVerification({ name, verifyUrl }: { name: string; verifyUrl: string }): EmailContent {
  return {
    subject: 'Welcome to Joinery: please confirm your e-mail address',
    preview: 'One click confirms that this address is yours.',
    heading: `Welcome, ${name}`,
    paragraphs: [
      'Thank you for opening an account with Joinery. Please confirm that this e-mail address is yours, so that receipts, shipping notices and password resets reach you.',
    ],
    action: confirmAction(verifyUrl),
    footnote: confirmFootnote,
  };
}

/** A new confirmation link, asked for from the dashboard. */
export function emailConfirmation({ name, verifyUrl }: { name: string; verifyUrl: string }): EmailContent {
  return {
    subject: 'Confirm your e-mail address for Joinery',
    preview: 'Your new link to confirm this address.',
    heading: 'Confirm your e-mail address',
    paragraphs: [`Hello ${name},`, 'Here is the new link you asked for. One click confirms that this e-mail address is yours.'],
    action: confirmAction(verifyUrl),
    footnote: confirmFootnote,
  };
}

export function passwordReset({ name, resetUrl }: { name: string; resetUrl: string }): EmailContent {
  return {
    subject: 'Reset your Joinery password',
    preview: 'Choose a new password with the link inside (valid for one hour).',
    heading: 'Choose a new password',
    paragraphs: [`Hello ${name},`, 'Someone, hopefully you, asked to reset the password of your Joinery account.'],
    action: { label: 'Choose a new password', url: resetUrl },
    footnote: `The link works once, for one hour; using it signs you out everywhere. ${notYou}`,
  };
}

export function passwordChanged({ name, accountUrl }: { name: string; accountUrl: string }): EmailContent {
  return {
    subject: 'Your Joinery password was changed',
    preview: 'If you did not change it, reset it now.',
    heading: 'Your password was changed',
    paragraphs: [
      `Hello ${name},`,
      'The password of your Joinery account has just been changed, and every other device was signed out.',
      'If you did not do this, reset your password at once from the sign-in page and tell us at the address below.',
    ],
    action: { label: 'Go to my account', url: accountUrl },
  };
}
