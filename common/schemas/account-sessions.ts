import { z } from 'zod';

/**
 * One place where the account is signed in, as My Profile lists it. The session's token never leaves
 * the server; its id names it for signing it out.
 */
export const accountSessionSchema = z.object({
  id: z.string(),
  browser: z.string().meta({ description: 'The browser, from its user agent, such as "Chrome 131"' }),
  system: z.string().meta({ description: 'The operating system, such as "macOS" or "Android"' }),
  address: z.string().optional().meta({ description: 'The network address it was signed in from, where known' }),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean().meta({ description: 'Whether this is the session of the device asking' }),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const endedSessionsSchema = z.object({ ended: z.number().int().meta({ description: 'How many sessions were signed out' }) });
