import { formatPeso } from '@minimarket/contracts/granel';
import type { ReactNode } from 'react';
import { TablaOTarjetas, type ColumnaTabla, type FormaFila } from '../../../components/ui/tabla-o-tarjetas';
import { formatClp, formatEntero } from '../../../utils/format';
import type { Celda, TipoColumna } from '../utils/tabla-exportable';
import { formatPct } from '../utils/variacion';
import { BotonesExportar } from './botones-exportar';

export interface ColumnaLista<T> {
  titulo: string;
  tipo: TipoColumna;
  valor: (fila: T) => Celda;
  /** How the screen shows it, when not just the formatted value (a badge, a trend). */
  mostrar?: (fila: T) => ReactNode;
  /** Left out of a phone's card (the file keeps it). */
  secundaria?: boolean;
}

function formatear(v: Celda, tipo: TipoColumna): string {
  if (v === null) return '—';
  if (typeof v === 'object') return formatear(v.n, v.tipo);
  if (typeof v === 'string') return v;
  if (tipo === 'pesos') return formatClp(v);
  if (tipo === 'kilos') return formatPeso(v);
  if (tipo === 'porcentaje') return formatPct(v);
  if (tipo === 'decimal') return v.toLocaleString('es-CL', { maximumFractionDigits: 2 });
  return formatEntero(v);
}

/**
 * One recommendation list: a table (cards on a phone) whose columns also write its download (same
 * rows, same numbers), and an action per row (go to the product, add stock).
 */
export function ListaRecomendacion<T>({
  filas,
  columnas,
  caption,
  archivo,
  accion,
  clave,
  filasArchivo = filas,
}: {
  filas: readonly T[];
  /** The rows the download writes when the screen shows only the first ones. */
  filasArchivo?: readonly T[];
  columnas: ColumnaLista<T>[];
  caption: string;
  archivo: string;
  accion?: (fila: T, forma: FormaFila) => ReactNode;
  clave: (fila: T) => string | number;
}) {
  return (
    <div className="space-y-3">
      <TablaOTarjetas
        caption={caption}
        filas={filas}
        clave={clave}
        columnas={columnas.map((c, i): ColumnaTabla<T> => ({
          titulo: c.titulo,
          celda: (f) => (c.mostrar ? c.mostrar(f) : formatear(c.valor(f), c.tipo)),
          derecha: c.tipo !== 'texto',
          claseTabla: i === 0 ? 'font-medium' : undefined,
          // The first column names the row (the card's heading); a phone leaves out the secondary ones.
          enTarjeta: i === 0 ? 'titulo' : c.secundaria ? 'oculta' : undefined,
        }))}
        tituloAcciones=""
        acciones={accion}
      />
      <BotonesExportar
        etiqueta={caption}
        tabla={() => ({
          nombre: archivo,
          columnas: columnas.map(({ titulo, tipo }) => ({ titulo, tipo })),
          filas: filasArchivo.map((f) => columnas.map((c) => c.valor(f))),
        })}
      />
    </div>
  );
}
