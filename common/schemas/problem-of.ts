import { type $ZodType, safeParse } from 'zod/v4/core';

/** The first message a schema has for a value, or undefined when the value passes: for checks that report one problem. */
export function problemOf(schema: $ZodType, value: unknown): string | undefined {
  const result = safeParse(schema, value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
