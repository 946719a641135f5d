import { z } from 'zod';
import { errorCodeList } from '../error-codes.ts';

/** Every failed API call answers this shape, with a status that fits the failure. */
export const apiErrorSchema = z.object({
  code: z.enum(errorCodeList).meta({ description: 'Stable machine-readable error code; common/error-codes.ts declares each, with its status' }),
  message: z.string().meta({ description: 'What went wrong, fit to show to a person' }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
