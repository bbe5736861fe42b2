// Transacciones' filters: the sale's number and the dates (applied with «Buscar»), and who sold it,
// from which lane and «Con alertas» (applied as soon as chosen).
import { ORIGENES_VENTA, type OrigenVenta } from '@minimarket/contracts/ventas';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FechaInput } from '../../../components/ui/fecha-input';
import { Field, Input, Select } from '../../../components/ui/field';
import { usePersonasDeLaTienda } from '../../../lib/cajeros';
import type { FiltrosTransacciones, Seleccion } from '../hooks/use-filtros-transacciones';
import { OpcionesPersonas } from '../../../components/shop/opciones-personas';

export const ETIQUETA_ORIGEN: Record<OrigenVenta, string> = {
  mostrador: 'Mostrador',
  offline: 'Sin conexión',
  archivo: 'Archivo',
};

/** The sale's number and the dates, applied with «Buscar»; «Limpiar» while any filter is on. */
export function BusquedaVentas({ f }: { f: FiltrosTransacciones }) {
  const { borrador, setBorrador } = f;
  return (
    <form onSubmit={f.buscar} noValidate className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
      <Field label="N° de venta">
        {(p) => (
          <Input
            {...p}
            placeholder="Ej: 12 o CK7Q2-0042"
            maxLength={100}
            value={borrador.search}
            onChange={(e) => setBorrador((b) => ({ ...b, search: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Desde" error={f.errorFechas ?? undefined}>
        {(p) => (
          <FechaInput
            {...p}
            value={borrador.desde}
            max={borrador.hasta || undefined}
            onChange={(desde) => setBorrador((b) => ({ ...b, desde }))}
          />
        )}
      </Field>
      <Field label="Hasta">
        {(p) => (
          <FechaInput
            {...p}
            value={borrador.hasta}
            min={borrador.desde || undefined}
            onChange={(hasta) => setBorrador((b) => ({ ...b, hasta }))}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" /> Buscar
        </Button>
        {f.hayFiltros && (
          <Button variante="contorno" onClick={f.limpiar}>
            Limpiar
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * Who sold it (the shop's owner and cashiers: owners and administrators only, a cashier may not list
 * them), from which lane, and «Con alertas» (an offline sale that did what the counter would not allow).
 */
export function FiltrosSeleccion({
  idMinimarket,
  conPersonas,
  seleccion,
  onCambiar,
}: {
  idMinimarket: number;
  conPersonas: boolean;
  seleccion: Seleccion;
  onCambiar: (s: Seleccion) => void;
}) {
  const personas = usePersonasDeLaTienda(idMinimarket, conPersonas);
  const idAlertas = useId();
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
      {conPersonas && (
        <Field label="Vendedor">
          {(p) => (
            <Select
              {...p}
              value={seleccion.idVendedor ?? ''}
              onChange={(e) => onCambiar({ ...seleccion, idVendedor: e.target.value === '' ? null : Number(e.target.value) })}
            >
              <option value="">Todos</option>
              <OpcionesPersonas personas={personas} />
            </Select>
          )}
        </Field>
      )}
      <Field label="Origen">
        {(p) => (
          <Select {...p} value={seleccion.origen} onChange={(e) => onCambiar({ ...seleccion, origen: e.target.value as OrigenVenta | '' })}>
            <option value="">Todos</option>
            {ORIGENES_VENTA.map((o) => (
              <option key={o} value={o}>
                {ETIQUETA_ORIGEN[o]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex items-center gap-2 lg:h-10">
        <input
          id={idAlertas}
          type="checkbox"
          className="size-4 accent-marca-700"
          checked={seleccion.conAlertas}
          onChange={(e) => onCambiar({ ...seleccion, conAlertas: e.target.checked })}
        />
        <label htmlFor={idAlertas} className="text-sm font-medium text-slate-700">
          Con alertas
        </label>
      </div>
    </div>
  );
}
