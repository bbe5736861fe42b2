// The till's quick keys (issue 32, docs/pagos.md «Teclas rápidas»): big buttons for what the shop sells
// most (bread, a drink, a bag), one tap one unit; a product by the kilo opens the weight dialog. The
// grid is the owner's (Configuración) or, until they choose, the shop's most sold products. Beside it,
// «Venta libre»: a line with no product.
import type { Producto } from '@minimarket/contracts/productos';
import { useQuery } from '@tanstack/react-query';
import { ChevronDown, Grid3x3, PenLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatPrecio } from '../../../lib/granel';
import { cn } from '../../../utils/cn';
import { teclasRapidasQueryOptions } from '../../../lib/teclas-rapidas';

/** Keys a phone shows before «Ver las N teclas» (three rows of two). */
const TECLAS_EN_TELEFONO = 6;

export function TeclasRapidas({
  idMinimarket,
  esDueno,
  onAgregar,
  onVentaLibre,
}: {
  idMinimarket: number;
  esDueno: boolean;
  onAgregar: (producto: Producto) => void;
  onVentaLibre: () => void;
}) {
  const consulta = useQuery(teclasRapidasQueryOptions(idMinimarket));
  const teclas = consulta.data?.teclas ?? [];
  // On a phone the first keys only, until asked: twelve keys would push the cart a screen down.
  const [todas, setTodas] = useState(false);
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Grid3x3 className="size-5 text-marca-700" aria-hidden="true" /> Teclas rápidas
        </h2>
        <Button variante="contorno" className="min-h-11" onClick={onVentaLibre}>
          <PenLine className="size-4" aria-hidden="true" /> Venta libre
        </Button>
      </div>
      {teclas.length > 0 ? (
        <>
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-4" aria-label="Teclas rápidas">
            {teclas.map(({ posicion, producto }, i) => (
              <li key={posicion} className={cn(!todas && i >= TECLAS_EN_TELEFONO && 'hidden sm:block')}>
                <button
                  type="button"
                  className="flex min-h-14 w-full flex-col items-start justify-center rounded-xl border-2 border-slate-200 bg-white px-3 py-2 text-left hover:border-marca-600 hover:bg-marca-50 disabled:cursor-not-allowed disabled:opacity-50"
                  disabled={producto.stock <= 0}
                  aria-label={`Tecla rápida: ${producto.nombre_producto}, ${formatPrecio(producto.precio_venta_actual, producto.unidad)}${producto.stock <= 0 ? ', agotado' : ''}`}
                  onClick={() => onAgregar(producto)}
                >
                  <span className="line-clamp-2 text-sm leading-tight font-medium text-slate-900">{producto.nombre_producto}</span>
                  <span className="text-xs text-slate-600">{formatPrecio(producto.precio_venta_actual, producto.unidad)}</span>
                </button>
              </li>
            ))}
          </ul>
          {!todas && teclas.length > TECLAS_EN_TELEFONO && (
            <Button variante="fantasma" tamano="sm" className="mt-2 min-h-11 w-full sm:hidden" onClick={() => setTodas(true)}>
              <ChevronDown className="size-4" aria-hidden="true" /> Ver las {teclas.length} teclas
            </Button>
          )}
          {consulta.data && !consulta.data.configuradas && (
            <p className="mt-2 text-xs text-slate-600">
              Tus productos más vendidos de los últimos 30 días.{esDueno && ' Elige los tuyos en Configuración → Teclas rápidas.'}
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {consulta.isPending && consulta.fetchStatus !== 'paused'
            ? 'Cargando las teclas rápidas...'
            : consulta.isError || consulta.fetchStatus === 'paused'
              ? 'Las teclas rápidas vuelven con la conexión; el escáner y la búsqueda siguen funcionando.'
              : esDueno
                ? 'Aún no hay ventas para sugerir teclas: elígelas en Configuración → Teclas rápidas.'
                : 'Aún no hay teclas rápidas.'}
        </p>
      )}
    </Card>
  );
}
