import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export function ConfirmDialog({
  abierto,
  titulo,
  children,
  textoConfirmar = 'Eliminar',
  textoProcesando = 'Eliminando...',
  procesando,
  onConfirmar,
  onCancelar,
}: {
  abierto: boolean;
  titulo: string;
  children: ReactNode;
  textoConfirmar?: string;
  textoProcesando?: string;
  procesando?: boolean;
  onConfirmar: () => void;
  onCancelar: () => void;
}) {
  return (
    <Dialog
      abierto={abierto}
      onCerrar={onCancelar}
      titulo={titulo}
      descripcion={children}
      pie={
        <>
          <Button variante="contorno" onClick={onCancelar}>
            Cancelar
          </Button>
          <Button variante="peligro" disabled={procesando} onClick={onConfirmar}>
            {procesando ? textoProcesando : textoConfirmar}
          </Button>
        </>
      }
    />
  );
}
