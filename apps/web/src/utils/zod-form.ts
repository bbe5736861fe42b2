import type { z } from 'zod';

/**
 * Lets a form pipe its text input into a contract schema that coerces. Coercing schemas
 * declare their input as `unknown`, which zod's pipe typing does not accept after a string
 * step; at run time the schema (and its Spanish messages) is used unchanged. The input type
 * is taken from where it is used.
 */
export function desdeTexto<S extends z.ZodType, I = string>(schema: S): z.ZodType<z.output<S>, I> {
  return schema as unknown as z.ZodType<z.output<S>, I>;
}
