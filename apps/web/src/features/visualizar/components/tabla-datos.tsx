import { formatPeso } from '@minimarket/contracts/granel';
import { Table, Td, Th } from '../../../components/ui/table';
import { cn } from '../../../utils/cn';
import { formatClp, formatEntero } from '../../../utils/format';
import type { Celda, TablaExportable, TipoColumna } from '../utils/tabla-exportable';
import { formatPct } from '../utils/variacion';
import { BotonesExportar } from './botones-exportar';

function celda(valor: Celda, tipo: TipoColumna): string {
  if (valor === null) return '—';
  if (typeof valor === 'object') return celda(valor.n, valor.tipo);
  if (typeof valor === 'string') return valor;
  switch (tipo) {
    case 'pesos':
      return formatClp(valor);
    case 'kilos':
      return formatPeso(valor);
    case 'entero':
      return formatEntero(valor);
    case 'decimal':
      return valor.toLocaleString('es-CL', { maximumFractionDigits: 2 });
    case 'porcentaje':
      return formatPct(valor);
    case 'texto':
      return String(valor);
  }
}

/**
 * Where a cell sits when the row names and the totals stay in view (sticky) while the middle
 * scrolls; a soft shadow marks the edge the middle slides under, only while the table does scroll.
 */
function claseFija(j: number, ultima: number, fondo: string): string | undefined {
  if (j === 0) return `sticky left-0 z-10 ${fondo} group-data-desborda/desplazamiento:shadow-[6px_0_6px_-6px_rgb(15_23_42/0.25)]`;
  if (j === ultima) return `sticky right-0 z-10 ${fondo} group-data-desborda/desplazamiento:shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.25)]`;
  return undefined;
}

/**
 * A table drawn from the very object its download writes, so the file has the same rows and
 * numbers as the screen. With `extremosFijos`, the first column (what each row is) and the last
 * (its total) stay in view when the table is wider than the screen and its middle scrolls.
 */
export function TablaDatos({
  tabla,
  caption,
  exportar = true,
  extremosFijos = false,
}: {
  tabla: TablaExportable;
  caption: string;
  exportar?: boolean;
  extremosFijos?: boolean;
}) {
  const ultima = tabla.columnas.length - 1;
  const fija = (j: number, fondo: string) => (extremosFijos ? claseFija(j, ultima, fondo) : undefined);
  return (
    <div className="space-y-3">
      <Table caption={caption}>
        <thead>
          <tr>
            {tabla.columnas.map((c, j) => (
              <Th key={c.titulo} className={cn(c.tipo !== 'texto' && 'text-right', fija(j, 'bg-slate-50'))}>
                {c.titulo}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tabla.filas.map((fila, i) => (
            <tr key={i}>
              {fila.map((v, j) => (
                <Td key={j} className={cn(tabla.columnas[j].tipo !== 'texto' && 'text-right whitespace-nowrap', fija(j, 'bg-white'))}>
                  {celda(v, tabla.columnas[j].tipo)}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      {exportar && <BotonesExportar etiqueta={caption} tabla={() => tabla} />}
    </div>
  );
}
