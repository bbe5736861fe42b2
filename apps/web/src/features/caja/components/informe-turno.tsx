import type { Turno } from '@minimarket/contracts/caja';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../utils/cn';
import { contar, formatClp, formatFechaHora } from '../../../utils/format';
import { ETIQUETA_DIFERENCIA, filasEfectivo, tipoDiferencia } from '../utils/caja';

/** A difference as the cashier reads it: a badge that says over, short or exact, with its amount. */
export function DiferenciaBadge({ diferencia }: { diferencia: number }) {
  const tipo = tipoDiferencia(diferencia);
  const color = tipo === 'cuadra' ? 'verde' : tipo === 'sobrante' ? 'azul' : 'rojo';
  return (
    <Badge color={color}>
      {tipo === 'cuadra' ? ETIQUETA_DIFERENCIA.cuadra : `${ETIQUETA_DIFERENCIA[tipo]} ${formatClp(Math.abs(diferencia))}`}
    </Badge>
  );
}

const th = 'py-1 pr-2 font-semibold';

/**
 * The shift's sales counted by one column (the payment method, the person who sold): how many and,
 * when the reader may see them (`conTotales`), the amounts. `pie`: the table's footer, if it has one.
 */
function TablaVentas({
  caption,
  columna,
  filas,
  conTotales,
  testId,
  pie,
}: {
  caption: ReactNode;
  columna: string;
  filas: { clave: string | number; nombre: string; ventas: number; total: number | null }[];
  conTotales: boolean;
  testId?: string;
  pie?: ReactNode;
}) {
  return (
    <table className="w-full" data-testid={testId}>
      <caption className="mb-1 text-left font-medium text-slate-700">{caption}</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 uppercase">
          <th scope="col" className={th}>
            {columna}
          </th>
          <th scope="col" className={cn(th, 'text-right')}>
            Ventas
          </th>
          {conTotales && (
            <th scope="col" className="py-1 text-right font-semibold">
              Total
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {filas.length === 0 ? (
          <tr className="border-t border-slate-200">
            <td colSpan={conTotales ? 3 : 2} className="py-1.5 text-slate-600">
              Sin ventas en este turno.
            </td>
          </tr>
        ) : (
          filas.map((f) => (
            <tr key={f.clave} className="border-t border-slate-200">
              <td className="py-1.5 pr-2">{f.nombre}</td>
              <td className="py-1.5 pr-2 text-right">{f.ventas}</td>
              {conTotales && <td className="py-1.5 text-right whitespace-nowrap">{f.total !== null && formatClp(f.total)}</td>}
            </tr>
          ))
        )}
      </tbody>
      {pie}
    </table>
  );
}

/** The cash lines from the starting cash to the expected amount; once closed, what was counted and the difference. */
function TablaEfectivo({ turno }: { turno: Turno }) {
  const cerrado = turno.cerrado_en !== null;
  return (
    <table className="w-full">
      <caption className="mb-1 text-left font-medium text-slate-700">Efectivo</caption>
      <tbody>
        {filasEfectivo(turno).map((f) => (
          <tr key={f.etiqueta} className={cn('border-t border-slate-200', f.total && 'font-semibold')}>
            <th scope="row" className="py-1.5 pr-2 text-left font-normal">
              {f.total ? <strong>{f.etiqueta}</strong> : f.etiqueta}
            </th>
            <td className="py-1.5 text-right whitespace-nowrap" data-testid={f.total ? 'esperado-efectivo' : undefined}>
              {formatClp(f.monto)}
            </td>
          </tr>
        ))}
        {cerrado && turno.monto_contado !== null && (
          <tr className="border-t border-slate-200 font-semibold">
            <th scope="row" className="py-1.5 pr-2 text-left">
              Efectivo contado
            </th>
            <td className="py-1.5 text-right whitespace-nowrap" data-testid="efectivo-contado">
              {formatClp(turno.monto_contado)}
            </td>
          </tr>
        )}
        {cerrado && turno.diferencia !== null && (
          <tr className="border-t border-slate-200">
            <th scope="row" className="py-1.5 pr-2 text-left font-semibold">
              Diferencia
            </th>
            <td className="py-1.5 text-right whitespace-nowrap" data-testid="diferencia">
              <span className="mr-2 font-semibold">{formatClp(turno.diferencia)}</span>
              <DiferenciaBadge diferencia={turno.diferencia} />
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The sales by method and by person: they share the second column, so neither stretches to the cash table's height. */
function VentasDelTurno({ turno }: { turno: Turno }) {
  const conTotales = turno.total_ventas !== null;
  return (
    <div className="space-y-4">
      <TablaVentas
        caption={
          <>
            Ventas por método de pago ({contar(turno.ventas, 'venta')}
            {conTotales ? ', menos lo devuelto' : ''})
          </>
        }
        columna="Método"
        filas={turno.por_metodo_pago.map((m) => ({ clave: m.metodo_pago, nombre: m.metodo_pago, ventas: m.ventas, total: m.total }))}
        conTotales={conTotales}
        pie={
          turno.por_metodo_pago.length > 0 && (
            <tfoot>
              <tr className="border-t border-slate-300 font-semibold">
                <th scope="row" className="py-1.5 pr-2 text-left">
                  Total
                </th>
                <td className="py-1.5 pr-2 text-right">{turno.ventas}</td>
                {turno.total_ventas !== null && (
                  <td className="py-1.5 text-right whitespace-nowrap" data-testid="total-ventas-turno">
                    {formatClp(turno.total_ventas)}
                  </td>
                )}
              </tr>
            </tfoot>
          )
        }
      />

      {/* «Ventas por persona»: who sold what in the shift (docs/cajeros.md); the amounts, when the reader may see them. */}
      <TablaVentas
        caption="Ventas por persona"
        columna="Persona"
        filas={turno.por_vendedor.map((v) => ({
          clave: v.id_usuario ?? 'sin-vendedor',
          nombre: v.nombre ?? 'Sin vendedor registrado',
          ventas: v.ventas,
          total: v.total,
        }))}
        conTotales={turno.por_vendedor.every((v) => v.total !== null)}
        testId="ventas-por-persona"
      />
    </div>
  );
}

/** The cash put in and taken out during the shift, with its reason and who did it (and who authorised it). */
function TablaMovimientos({ movimientos }: { movimientos: Turno['movimientos'] }) {
  return (
    <table className="w-full">
      <caption className="mb-1 text-left font-medium text-slate-700">Ingresos y retiros</caption>
      <thead>
        <tr className="text-left text-xs text-slate-600 uppercase">
          <th scope="col" className={th}>
            Hora
          </th>
          <th scope="col" className={th}>
            Tipo
          </th>
          <th scope="col" className={th}>
            Motivo
          </th>
          <th scope="col" className={th}>
            Quién
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Monto
          </th>
        </tr>
      </thead>
      <tbody>
        {movimientos.map((m) => (
          <tr key={m.id_movimiento} className="border-t border-slate-200">
            <td className="py-1.5 pr-2 whitespace-nowrap">{formatFechaHora(m.fecha)}</td>
            <td className="py-1.5 pr-2">{m.tipo === 'ingreso' ? 'Ingreso' : 'Retiro'}</td>
            <td className="py-1.5 pr-2 break-words">{m.motivo}</td>
            <td className="py-1.5 pr-2">
              {m.nombre_usuario ?? '—'}
              {m.nombre_autorizador && <span className="block text-xs text-slate-600">Autorizó {m.nombre_autorizador}</span>}
            </td>
            <td className="py-1.5 text-right whitespace-nowrap">{formatClp(m.tipo === 'ingreso' ? m.monto : -m.monto)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A shift's report: the "X" report while it is open (running figures) and the close report once
 * counted (frozen by the server). Plain tables, so it prints as it reads. For a cashier the server
 * keeps back every figure the expected cash could be worked out from (a blind count: null); those
 * lines are left out, never shown as $0.
 */
export function InformeTurno({ turno, titulo, className }: { turno: Turno; titulo: string; className?: string }) {
  const cerrado = turno.cerrado_en !== null;
  const idTitulo = `informe-turno-${turno.id_turno}-${cerrado ? 'z' : 'x'}`;
  return (
    <article aria-labelledby={idTitulo} className={cn('space-y-4 text-sm', className)}>
      <header>
        <h3 id={idTitulo} className="text-base font-semibold text-slate-900">
          {titulo}
        </h3>
        <p className="text-slate-600">
          Turno N° {turno.numero_turno} · abierto el {formatFechaHora(turno.abierto_en)}
          {turno.nombre_usuario_apertura ? ` por ${turno.nombre_usuario_apertura}` : ''}
          {turno.cerrado_en && <> · cerrado el {formatFechaHora(turno.cerrado_en)}</>}
        </p>
        {cerrado && turno.nombre_usuario_cierre && (
          <p className="text-slate-700" data-testid="contado-por">
            Contó el efectivo: <strong>{turno.nombre_usuario_cierre}</strong>
          </p>
        )}
      </header>

      <div className="grid gap-4 md:grid-cols-2 print:grid-cols-2">
        <TablaEfectivo turno={turno} />
        <VentasDelTurno turno={turno} />
      </div>

      {turno.movimientos.length > 0 && <TablaMovimientos movimientos={turno.movimientos} />}
    </article>
  );
}
