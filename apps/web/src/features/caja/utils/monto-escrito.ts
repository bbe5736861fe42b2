import { z } from 'zod';
import { comoEntrada } from '../../../utils/zod-form';

/**
 * A cash amount as typed in a form ('$20.000', '20.000'): blank says `mensaje`; the rest is the
 * contract's own field (`campo`), so its words are the API's.
 */
export const montoEscrito = <S extends z.ZodType<number, string | number>>(mensaje: string, campo: S) =>
  z.string().trim().min(1, { error: mensaje }).transform(comoEntrada).pipe(campo);
