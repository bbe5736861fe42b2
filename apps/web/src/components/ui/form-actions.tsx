import { Button } from './button';

/** Cancelar and the submit button at the foot of a form; the submit is off while saving. */
export function FormActions({ onCancelar, guardando, textoGuardar }: { onCancelar: () => void; guardando: boolean; textoGuardar: string }) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variante="contorno" onClick={onCancelar}>
        Cancelar
      </Button>
      <Button type="submit" disabled={guardando}>
        {guardando ? 'Guardando...' : textoGuardar}
      </Button>
    </div>
  );
}
