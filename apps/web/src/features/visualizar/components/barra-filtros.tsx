import { CATEGORIAS_VENTA, METODOS_VENTA, type CategoriaVenta, type MetodoVenta } from '@minimarket/contracts/comunes';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FechaInput } from '../../../components/ui/fecha-input';
import { Field, Select } from '../../../components/ui/field';
import { useFiltros } from '../hooks/use-filtros';
import { errorDeRango, rangoUltimosDias } from '../utils/filtros';

const ATAJOS = [7, 30, 90] as const;
const TODAS = '';

/**
 * Rango, categoría and método de pago, written to the URL as soon as they are valid. The dates keep
 * a draft while being typed: a half-written day is not a filter, and the draft says what is wrong.
 */
export function BarraFiltros() {
  const { filtros, cambiar, hoy } = useFiltros();
  const [borrador, setBorrador] = useState({ desde: filtros.desde, hasta: filtros.hasta });
  const [aplicado, setAplicado] = useState({ desde: filtros.desde, hasta: filtros.hasta });
  // The URL changed from outside (a shared link, a shortcut): the fields follow it.
  if (aplicado.desde !== filtros.desde || aplicado.hasta !== filtros.hasta) {
    setAplicado({ desde: filtros.desde, hasta: filtros.hasta });
    setBorrador({ desde: filtros.desde, hasta: filtros.hasta });
  }
  const error = errorDeRango(borrador.desde, borrador.hasta);

  const fecha = (campo: 'desde' | 'hasta', valor: string) => {
    const nuevo = { ...borrador, [campo]: valor };
    setBorrador(nuevo);
    if (errorDeRango(nuevo.desde, nuevo.hasta) === null) cambiar(nuevo);
  };

  return (
    <form
      role="search"
      aria-label="Filtros"
      onSubmit={(e) => e.preventDefault()}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm print:hidden"
    >
      <Field label="Desde" error={error ?? undefined} className="w-40">
        {(p) => <FechaInput {...p} value={borrador.desde} max={borrador.hasta || undefined} onChange={(v) => fecha('desde', v)} />}
      </Field>
      <Field label="Hasta" className="w-40">
        {(p) => <FechaInput {...p} value={borrador.hasta} min={borrador.desde || undefined} onChange={(v) => fecha('hasta', v)} />}
      </Field>
      <Field label="Categoría" className="w-full min-[480px]:w-48">
        {(p) => (
          <Select
            {...p}
            value={filtros.categoria ?? TODAS}
            onChange={(e) => cambiar({ categoria: (e.target.value || undefined) as CategoriaVenta | undefined })}
          >
            <option value={TODAS}>Todas</option>
            {/* «Venta libre»: the loose sales that name no category (issue 32). */}
            {CATEGORIAS_VENTA.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Método de pago" className="w-full min-[480px]:w-52">
        {(p) => (
          <Select
            {...p}
            value={filtros.metodo_pago ?? TODAS}
            onChange={(e) => cambiar({ metodo_pago: (e.target.value || undefined) as MetodoVenta | undefined })}
          >
            <option value={TODAS}>Todos</option>
            {METODOS_VENTA.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex flex-wrap gap-1" role="group" aria-label="Rangos rápidos">
        {ATAJOS.map((dias) => {
          const rango = rangoUltimosDias(hoy, dias);
          const activo = rango.desde === filtros.desde && rango.hasta === filtros.hasta;
          return (
            <Button
              key={dias}
              variante={activo ? 'secundario' : 'fantasma'}
              tamano="md"
              aria-pressed={activo}
              onClick={() => cambiar(rango)}
            >
              {dias} días
            </Button>
          );
        })}
      </div>
    </form>
  );
}
