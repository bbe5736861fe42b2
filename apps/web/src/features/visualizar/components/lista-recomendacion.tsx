import type { ReactNode } from 'react';
import { Table, Td, Th } from '../../../components/ui/table';
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
  /** Hidden on a phone (the file keeps it). */
  secundaria?: boolean;
}

function formatear(v: Celda, tipo: TipoColumna): string {
  if (v === null) return '—';
  if (typeof v === 'object') return formatear(v.n, v.tipo);
  if (typeof v === 'string') return v;
  if (tipo === 'pesos') return formatClp(v);
  if (tipo === 'porcentaje') return formatPct(v);
  if (tipo === 'decimal') return v.toLocaleString('es-CL', { maximumFractionDigits: 2 });
  return formatEntero(v);
}

/**
 * One recommendation list: a table whose columns also write its download (same rows, same
 * numbers), and an action per row (go to the product, add stock).
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
  accion?: (fila: T) => ReactNode;
  clave: (fila: T) => string | number;
}) {
  const derecha = (c: ColumnaLista<T>) => c.tipo !== 'texto';
  return (
    <div className="space-y-3">
      <Table caption={caption}>
        <thead>
          <tr>
            {columnas.map((c) => (
              <Th key={c.titulo} className={[derecha(c) && 'text-right', c.secundaria && 'hidden sm:table-cell'].filter(Boolean).join(' ')}>
                {c.titulo}
              </Th>
            ))}
            {accion && (
              <Th className="text-right">
                <span className="sr-only">Acción</span>
              </Th>
            )}
          </tr>
        </thead>
        <tbody>
          {filas.map((f) => (
            <tr key={clave(f)}>
              {columnas.map((c, i) => (
                <Td
                  key={c.titulo}
                  className={[
                    derecha(c) && 'text-right whitespace-nowrap',
                    i === 0 && 'font-medium',
                    c.secundaria && 'hidden sm:table-cell',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  {c.mostrar ? c.mostrar(f) : formatear(c.valor(f), c.tipo)}
                </Td>
              ))}
              {accion && <Td className="text-right whitespace-nowrap">{accion(f)}</Td>}
            </tr>
          ))}
        </tbody>
      </Table>
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
