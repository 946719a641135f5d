import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Path, type RegisterOptions, type UseFormProps, useForm } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';

/**
 * A react-hook-form form checked by one of the zod schemas in common/, the schema the server checks
 * the same request with: one rule and one message per field on both sides. A refused form keeps
 * everything typed into it.
 */
export function useSchemaForm<Schema extends $ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<input<Schema>, unknown, output<Schema>>, 'resolver'> = {},
) {
  const form = useForm<input<Schema>, unknown, output<Schema>>({ ...options, resolver: zodResolver(schema) });
  return {
    ...form,
    /** A TextField's props for `name`: the input's registration and the field's message. */
    field: (name: Path<input<Schema>>, rules?: RegisterOptions<input<Schema>, Path<input<Schema>>>) => ({
      ...form.register(name, rules),
      error: form.getFieldState(name, form.formState).error?.message,
    }),
  };
}
