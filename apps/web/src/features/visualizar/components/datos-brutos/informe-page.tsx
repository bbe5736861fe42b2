import type { Informe } from '@minimarket/contracts/analitica';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { RequiereTienda } from '../../../../components/shop/requiere-tienda';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Select } from '../../../../components/ui/field';
import { QueryResult } from '../../../../components/ui/query-result';
import { mensajeDeError } from '../../../../lib/api-client';
import { informeQueryOptions } from '../../../../lib/analitica';
import { contar, formatEntero, formatFechaHora, hoyEnSantiago } from '../../../../utils/format';
import { isoATexto } from '../../../../utils/fechas';
import { textoPeriodoAnterior } from '../../../../utils/comparacion';
import { franjaHora, nombreDia } from '../../utils/calendario';
import { esMes, mesesHasta, nombreMes } from '../../../../utils/meses';
import { archivoVendido } from '../../utils/cantidad';
import { columnasVentas, nombreArchivo, tablaComparacion, type TablaExportable } from '../../utils/tabla-exportable';
import { GraficoIngresosDia } from '../graficos';
import { SinVentas } from '../sin-ventas';
import { TablaDatos } from '../tabla-datos';

/** Months offered in the picker: two years back is what a small shop looks at. */
const MESES_ELEGIBLES = 24;
const PARAM_MES = 'mes';

/** The report's heading: the shop, the month, what it is compared with and when it was made. */
function CabeceraInforme({ inf }: { inf: Informe }) {
  const { actual: a, anterior: b } = inf;
  return (
    <header className="border-b border-slate-200 pb-3">
      <p className="text-sm text-slate-600">{inf.nombre_minimarket}</p>
      <h3 id="informe-titulo" className="text-2xl font-bold text-slate-900">
        Informe de ventas de {nombreMes(inf.mes)}
      </h3>
      <p className="text-sm text-slate-600">
        Del {isoATexto(a.desde)} al {isoATexto(a.hasta)}, comparado con{' '}
        {b.hasta_hora === null ? `todo ${nombreMes(b.desde.slice(0, 7))}` : textoPeriodoAnterior(b)}. Generado el{' '}
        {formatFechaHora(inf.generado_en)}.
      </p>
    </header>
  );
}

/** The month's figures beside the month before's, and its margin. */
function ResumenInforme({ inf, nombre }: { inf: Informe; nombre: (titulo: string) => string }) {
  const { actual: a, anterior: b } = inf;
  const mesAnterior = nombreMes(b.desde.slice(0, 7));
  return (
    <section aria-labelledby="inf-resumen" className="break-inside-avoid">
      <h4 id="inf-resumen" className="mb-2 text-lg font-semibold">
        Resumen
      </h4>
      <TablaDatos
        caption="Resumen del mes y del mes anterior"
        tabla={tablaComparacion(
          nombre('resumen'),
          [nombreMes(inf.mes), b.hasta_hora === null ? mesAnterior : `${mesAnterior} (mismos días)`],
          [
            ['Ventas', a.ventas, b.ventas, 'entero'],
            ['Ingresos', a.ingresos, b.ingresos, 'pesos'],
            ['Unidades vendidas (por unidad)', a.unidades, b.unidades, 'entero'],
            ['Kilos vendidos (a granel)', a.gramos, b.gramos, 'kilos'],
            ['Ticket promedio', a.ticket_promedio, b.ticket_promedio, 'pesos'],
            ['Costo de lo vendido', a.costo, b.costo, 'pesos'],
            ['Margen', a.margen, b.margen, 'pesos'],
          ],
        )}
      />
      <p className="mt-2 text-sm text-slate-700">
        Margen sobre las ventas: {a.margen_pct === null ? 'sin datos de costo' : `${a.margen_pct.toLocaleString('es-CL')} %`}
        {a.lineas_sin_costo > 0 &&
          ` (sin contar ${contar(a.lineas_sin_costo, 'línea de venta', 'líneas de venta')} de productos sin precio de compra)`}
        .
      </p>
    </section>
  );
}

/** The month split by category, payment method, product and hour. */
function TablasInforme({ inf, nombre }: { inf: Informe; nombre: (titulo: string) => string }) {
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-2 print:grid-cols-2">
      <SeccionInforme
        id="inf-cat"
        titulo="Por categoría"
        caption="Ventas del mes por categoría"
        tabla={{
          nombre: nombre('categorias'),
          columnas: columnasVentas('Categoría'),
          filas: inf.por_categoria.map((c) => [c.categoria, c.ventas, c.ingresos]),
        }}
      />
      <SeccionInforme
        id="inf-pago"
        titulo="Por método de pago"
        caption="Ventas del mes por método de pago"
        tabla={{
          nombre: nombre('metodos de pago'),
          columnas: columnasVentas('Método de pago'),
          filas: inf.por_metodo_pago.map((m) => [m.metodo_pago, m.ventas, m.ingresos]),
        }}
      />
      <SeccionInforme
        id="inf-productos"
        titulo="Productos con más ingresos"
        caption="Los productos con más ingresos del mes"
        tabla={{
          nombre: nombre('productos'),
          columnas: [
            { titulo: 'Producto', tipo: 'texto' },
            { titulo: 'Cantidad', tipo: 'entero' },
            { titulo: 'Unidad', tipo: 'texto' },
            { titulo: 'Ingresos', tipo: 'pesos' },
          ],
          filas: inf.productos.map((p) => [p.nombre_producto, archivoVendido(p), p.unidad, p.ingresos]),
        }}
      />
      <SeccionInforme
        id="inf-horas"
        titulo="Horas con más ventas"
        caption="Las horas con más ventas del mes"
        tabla={{
          nombre: nombre('horas peak'),
          columnas: columnasVentas('Cuándo'),
          filas: inf.horas_peak.map((h) => [`${nombreDia(h.dia_semana)}, ${franjaHora(h.hora)}`, h.ventas, h.ingresos]),
        }}
      />
    </div>
  );
}

function Cuerpo({ inf }: { inf: Informe }) {
  // The current month's days still to come are not zero sales: the chart stops at today.
  const hoy = hoyEnSantiago();
  const dias = inf.por_dia.filter((p) => p.periodo <= hoy);
  const nombre = (titulo: string) => nombreArchivo(`informe ${inf.mes} ${titulo}`);
  return (
    <article
      id="informe"
      aria-labelledby="informe-titulo"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 print:border-0 print:p-0"
    >
      <CabeceraInforme inf={inf} />
      <ResumenInforme inf={inf} nombre={nombre} />

      <section aria-labelledby="inf-dias" className="break-inside-avoid">
        <h4 id="inf-dias" className="mb-2 text-lg font-semibold">
          Ingresos por día
        </h4>
        <GraficoIngresosDia serie={dias} />
      </section>

      <TablasInforme inf={inf} nombre={nombre} />
      <p className="text-xs text-slate-500">
        Solo cuentan las ventas completadas. Montos en pesos chilenos, con IVA. {formatEntero(inf.actual.ventas)} ventas en el mes.
      </p>
    </article>
  );
}

function InformeTienda({ idMinimarket }: { idMinimarket: number }) {
  const [parametros, setParametros] = useSearchParams();
  const meses = mesesHasta(hoyEnSantiago(), MESES_ELEGIBLES);
  const pedido = parametros.get(PARAM_MES);
  const mes = esMes(pedido) ? pedido : meses[0];
  const consulta = useQuery(informeQueryOptions(idMinimarket, mes));
  return (
    <div className="space-y-4">
      <Card className="flex flex-wrap items-end justify-between gap-3 p-3 print:hidden">
        <Field label="Mes" className="w-56">
          {(p) => (
            <Select
              {...p}
              value={mes}
              onChange={(e) =>
                setParametros(
                  (actuales) => {
                    const nuevos = new URLSearchParams(actuales);
                    nuevos.set(PARAM_MES, e.target.value);
                    return nuevos;
                  },
                  { replace: true },
                )
              }
            >
              {(meses.includes(mes) ? meses : [mes, ...meses]).map((m) => (
                <option key={m} value={m}>
                  {nombreMes(m)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button onClick={() => window.print()} disabled={!consulta.data || consulta.data.actual.ventas === 0}>
          <Printer className="size-4" aria-hidden="true" /> Imprimir o guardar como PDF
        </Button>
      </Card>
      <p className="text-sm text-slate-600 print:hidden">
        Para guardarlo como PDF, elige «Guardar como PDF» como impresora en la ventana que se abre.
      </p>
      <QueryResult
        query={consulta}
        filas={(d) => (d.actual.ventas > 0 ? [d] : [])}
        error={mensajeDeError(consulta.error, 'No se pudo cargar el informe.')}
        vacio={<SinVentas titulo={`No hubo ventas en ${nombreMes(mes)}.`} conFiltros={false} />}
      >
        {([inf]) => <Cuerpo inf={inf} />}
      </QueryResult>
    </div>
  );
}

/** One titled table of the report (it keeps together on paper). */
function SeccionInforme({ id, titulo, caption, tabla }: { id: string; titulo: string; caption: string; tabla: TablaExportable }) {
  return (
    <section aria-labelledby={id} className="min-w-0 break-inside-avoid">
      <h4 id={id} className="mb-2 text-lg font-semibold">
        {titulo}
      </h4>
      <TablaDatos caption={caption} tabla={tabla} />
    </section>
  );
}

export default function InformePage() {
  return <RequiereTienda>{(id) => <InformeTienda idMinimarket={id} />}</RequiereTienda>;
}
