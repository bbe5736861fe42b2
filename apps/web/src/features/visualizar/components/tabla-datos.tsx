import { Table, Td, Th } from '../../../components/ui/table';
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
 * A table drawn from the very object its download writes, so the file has the same rows and
 * numbers as the screen.
 */
export function TablaDatos({ tabla, caption, exportar = true }: { tabla: TablaExportable; caption: string; exportar?: boolean }) {
  return (
    <div className="space-y-3">
      <Table caption={caption}>
        <thead>
          <tr>
            {tabla.columnas.map((c) => (
              <Th key={c.titulo} className={c.tipo === 'texto' ? undefined : 'text-right'}>
                {c.titulo}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tabla.filas.map((fila, i) => (
            <tr key={i}>
              {fila.map((v, j) => (
                <Td key={j} className={tabla.columnas[j].tipo === 'texto' ? undefined : 'text-right whitespace-nowrap'}>
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
