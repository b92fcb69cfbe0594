import type { z } from 'zod';
import { fieldErrorsFromIssues } from '@klinik/core';

/** Field path → message from a schema check, empty when the input passes. */
export function schemaErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
}
