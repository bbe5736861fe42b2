// What the void and the return dialogs share: «Cancelar» and «Continuar» under the form, and once the
// reason is written, the nota de crédito the change will issue, the server's refusal, and «Volver»
// beside the button that does it.
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** «Se emitirá una nota de crédito por …» (boletas/utils/nota-credito.ts), when the sale has an electronic boleta. */
export function AvisoNotaCredito({ aviso }: { aviso: string | null }) {
  if (!aviso) return null;
  return (
    <p className="rounded-lg bg-sky-50 px-3 py-2 font-medium text-sky-900" data-testid="aviso-nota-credito">
      {aviso}
    </p>
  );
}

/** The error, if any, and the two buttons: back to the form, or go ahead (danger: it cannot be undone). */
export function BotonesConfirmar({
  error,
  procesando,
  textoProcesando,
  textoConfirmar,
  onVolver,
  onConfirmar,
}: {
  error: string | null;
  procesando: boolean;
  textoProcesando: string;
  textoConfirmar: string;
  onVolver: () => void;
  onConfirmar: () => void;
}) {
  return (
    <>
      {error && <Alert tipo="error">{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variante="contorno" onClick={onVolver} disabled={procesando}>
          Volver
        </Button>
        <Button variante="peligro" onClick={onConfirmar} disabled={procesando}>
          {procesando ? textoProcesando : textoConfirmar}
        </Button>
      </div>
    </>
  );
}

/** Under the form: close without changing anything, or go on to the question. */
export function BotonesContinuar({ onCancelar }: { onCancelar: () => void }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variante="contorno" onClick={onCancelar}>
        Cancelar
      </Button>
      <Button type="submit">Continuar</Button>
    </div>
  );
}
