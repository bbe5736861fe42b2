// The error responses every protected route may give, for the OpenAPI document.
import { errorSchema } from '@minimarket/contracts/comunes';

export const ERRORES = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
} as const;

export const TOTAL_HEADER = 'x-total-count';
