/** The words and bounds of the shop's replies to reviews, shared by the server's schema and the Reviews page's form. */
export const reviewReplyLimits = { text: 2000 } as const;

export const reviewReplyMessages = {
  textRequired: 'Write the reply',
  textTooLong: 'A reply can be at most 2,000 characters',
  hiddenCannotBeAnswered: 'This review is hidden. Show it again before replying: a reply is public, under the review.',
  replied: 'Reply published under the review',
  hidden: 'Review hidden from the shop',
  shown: 'Review shown in the shop again',
} as const;
