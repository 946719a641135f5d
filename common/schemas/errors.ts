import { z } from 'zod';

/** Every failed API call answers this shape, with a status that fits the failure. */
export const apiErrorSchema = z.object({
  code: z.string().meta({ description: 'Stable machine-readable error code' }),
  message: z.string().meta({ description: 'What went wrong, fit to show to a person' }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  unavailable: 'UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
