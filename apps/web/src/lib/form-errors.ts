import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's field errors (422) under their fields; says whether there were any. */
export function aplicarErroresCampo<T extends FieldValues>(e: unknown, setError: UseFormSetError<T>): boolean {
  if (!(e instanceof ApiError) || e.errors.length === 0) return false;
  for (const { campo, mensaje } of e.errors) setError(campo as Path<T>, { message: mensaje });
  return true;
}
