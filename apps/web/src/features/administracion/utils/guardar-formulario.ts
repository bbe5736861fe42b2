import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { mensajeDeError } from '../../../lib/api-client';
import { aplicarErroresCampo } from '../../../lib/form-errors';

/**
 * How the management forms save: the request, then the toast and what comes next; or the server's
 * words, under the fields it refused and, in general, on top of the form.
 */
export async function guardarFormulario<R, T extends FieldValues>({
  pedir,
  exito,
  onListo,
  setError,
  setErrorGeneral,
  mensajeError,
}: {
  pedir: () => Promise<R>;
  exito: string;
  onListo: (resultado: R) => void;
  setError: UseFormSetError<T>;
  setErrorGeneral: (mensaje: string) => void;
  mensajeError: string;
}) {
  try {
    const resultado = await pedir();
    toast.success(exito, { duration: 2000 });
    onListo(resultado);
  } catch (e) {
    aplicarErroresCampo(e, setError);
    setErrorGeneral(mensajeDeError(e, mensajeError));
  }
}
