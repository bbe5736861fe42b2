import { formatPeso, leerPeso, lineaGranel, montoPorPeso } from '@minimarket/contracts/granel';
import type { Producto } from '@minimarket/contracts/productos';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { formatClp } from '../../../utils/format';

/** A kg product waiting for its weight: a new line, or a line being weighed again. */
export interface Pesaje {
  producto: Producto;
  /** The line's grams when re-weighing it (the field starts with them). */
  gramos?: number;
  /** It came from a scan: the line under the scan field says when it went in. */
  escaneado?: boolean;
}

/**
 * The weight of a kg product, typed as a Chilean types it (leerPeso: '0,350', '1,5', '350 g'), its
 * messages shown as they are; Enter confirms. While it is open the scanner waits (a scan would
 * otherwise land as digits in the field: useBarcodeScanner is off while a dialog is open).
 */
export function PesoDialog({
  pesaje,
  onConfirmar,
  onCerrar,
}: {
  pesaje: Pesaje | null;
  onConfirmar: (gramos: number) => void;
  onCerrar: () => void;
}) {
  return (
    <Dialog
      abierto={pesaje !== null}
      onCerrar={onCerrar}
      titulo={pesaje?.gramos ? 'Cambiar peso' : 'Peso'}
      descripcion={pesaje ? `${pesaje.producto.nombre_producto} · ${formatClp(pesaje.producto.precio_venta_actual)}/kg` : undefined}
    >
      {pesaje && <PesoForm key={pesaje.producto.id_producto} pesaje={pesaje} onConfirmar={onConfirmar} onCerrar={onCerrar} />}
    </Dialog>
  );
}

function PesoForm({ pesaje, onConfirmar, onCerrar }: { pesaje: Pesaje; onConfirmar: (gramos: number) => void; onCerrar: () => void }) {
  const { producto } = pesaje;
  const [texto, setTexto] = useState(pesaje.gramos ? formatPeso(pesaje.gramos).replace(/ kg$/, '') : '');
  const [error, setError] = useState<string | null>(null);
  const lectura = texto.trim() === '' ? null : leerPeso(texto);
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={`Peso de ${producto.nombre_producto}`}
      onSubmit={(e) => {
        e.preventDefault();
        const r = leerPeso(texto);
        if (!r.ok) {
          setError(r.mensaje);
          return;
        }
        onConfirmar(r.gramos);
      }}
    >
      <Field label="Peso" error={error ?? undefined} hint="En kilos con coma (0,350) o en gramos (350 g).">
        {(p) => (
          <Input
            {...p}
            data-autofocus
            autoComplete="off"
            inputMode="decimal"
            placeholder="Ej: 0,350"
            className="text-lg"
            value={texto}
            onChange={(e) => {
              setTexto(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" aria-live="polite" data-testid="vista-peso">
        {lectura?.ok ? (
          <>
            {lineaGranel(lectura.gramos, producto.precio_venta_actual)} ={' '}
            <strong>{formatClp(montoPorPeso(producto.precio_venta_actual, lectura.gramos))}</strong>
          </>
        ) : (
          `Disponible: ${formatPeso(producto.stock)}`
        )}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variante="contorno" onClick={onCerrar}>
          Cancelar
        </Button>
        <Button type="submit">{pesaje.gramos ? 'Cambiar peso' : 'Agregar al carrito'}</Button>
      </div>
    </form>
  );
}
