// «Venta libre» (issue 32, docs/pagos.md): a line with no product — a bag, a loaf not yet created, a
// «Varios» — with a name, an amount and maybe a category. It moves no stock; the analytics file it
// under its category or «Venta libre».
import type { Categoria } from '@minimarket/contracts/comunes';
import { leerEntero } from '@minimarket/contracts/numeros';
import { LIMITE_NOMBRE_VENTA_LIBRE, MENSAJE_VENTA_LIBRE_MONTO, NOMBRE_VENTA_LIBRE } from '@minimarket/contracts/ventas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Select } from '../../../components/ui/field';
import { MontoInput } from '../../../components/ui/monto-input';
import { OpcionesCategoria } from '../../productos';

export interface VentaLibre {
  nombre: string;
  monto: number;
  categoria: Categoria | null;
}

/** The amount as typed, by the one money reader: more than $0. */
export function leerMontoVentaLibre(texto: string): { ok: true; monto: number } | { ok: false; mensaje: string } {
  if (texto.trim() === '') return { ok: false, mensaje: MENSAJE_VENTA_LIBRE_MONTO };
  const r = leerEntero(texto, { campo: 'El monto', pesos: true });
  if (!r.ok) return { ok: false, mensaje: r.mensaje };
  return r.valor > 0 ? { ok: true, monto: r.valor } : { ok: false, mensaje: MENSAJE_VENTA_LIBRE_MONTO };
}

function Formulario({ onAgregar, onCerrar }: { onAgregar: (v: VentaLibre) => void; onCerrar: () => void }) {
  const [nombre, setNombre] = useState('');
  const [monto, setMonto] = useState('');
  const [categoria, setCategoria] = useState<Categoria | ''>('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Venta libre"
      onSubmit={(e) => {
        e.preventDefault();
        const r = leerMontoVentaLibre(monto);
        if (!r.ok) {
          setError(r.mensaje);
          return;
        }
        onAgregar({ nombre: nombre.trim(), monto: r.monto, categoria: categoria || null });
      }}
    >
      <Field label="Nombre" hint={`Opcional: sin nombre se cobra como «${NOMBRE_VENTA_LIBRE}».`}>
        {(p) => (
          <Input
            {...p}
            data-autofocus
            autoComplete="off"
            maxLength={LIMITE_NOMBRE_VENTA_LIBRE}
            placeholder={NOMBRE_VENTA_LIBRE}
            value={nombre}
            onChange={(e) => setNombre(e.target.value)}
          />
        )}
      </Field>
      <Field label="Monto" requerido error={error ?? undefined}>
        {(p) => (
          <MontoInput
            {...p}
            placeholder="Ej: $1.500"
            value={monto}
            onChange={(e) => {
              setMonto(e.target.value);
              setError(null);
            }}
          />
        )}
      </Field>
      <Field label="Categoría" hint="Opcional: sin categoría, la analítica la muestra en «Venta libre».">
        {(p) => (
          <Select {...p} value={categoria} onChange={(e) => setCategoria(e.target.value as Categoria | '')}>
            <OpcionesCategoria vacia="Sin categoría" />
          </Select>
        )}
      </Field>
      <p className="text-xs text-slate-600">No descuenta stock: es una línea sin producto del inventario.</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variante="contorno" onClick={onCerrar}>
          Cancelar
        </Button>
        <Button type="submit">Agregar al carrito</Button>
      </div>
    </form>
  );
}

export function VentaLibreDialog({
  abierto,
  onAgregar,
  onCerrar,
}: {
  abierto: boolean;
  onAgregar: (v: VentaLibre) => void;
  onCerrar: () => void;
}) {
  return (
    <Dialog
      abierto={abierto}
      onCerrar={onCerrar}
      titulo="Venta libre"
      descripcion="Un monto sin producto: una bolsa, algo que aún no está en el inventario."
    >
      {abierto && <Formulario onAgregar={onAgregar} onCerrar={onCerrar} />}
    </Dialog>
  );
}
