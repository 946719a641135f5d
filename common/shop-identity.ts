/** Who the shop is, as its e-mails, receipts and pages name it. */
export const shopIdentity = {
  name: 'Joinery Tool Works',
  shortName: 'Joinery',
  postalAddress: ['Unit 4, Millrace Yard', '118 Canal Street', 'Portland, OR 97209', 'United States'],
  supportEmail: 'help@joinery.example',
  /** Where the workshop is: receipts give their dates in its time. */
  timeZone: 'America/Los_Angeles',
} as const;
