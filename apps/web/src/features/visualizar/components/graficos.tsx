// The charts of Visualizar. recharts is big: only the lazily loaded pages that draw a chart import
// this module, so it stays out of the login page and the other tabs.
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Serie } from '@minimarket/contracts/analitica';
import { formatCantidad } from '@minimarket/contracts/cantidad';
import { formatClp, formatEntero } from '../../../utils/format';
import { etiquetaPeriodo, periodoLargo } from '../utils/periodos';

// Ten: one per category of a sale (the nine of a product and «Venta libre»), so no two slices of a pie share one.
export const COLORES = ['#0f766e', '#2563eb', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#dc2626', '#475569', '#854d0e'];
const EJE = { fontSize: 12, fill: '#475569' };

/** 'gramos': what was sold by weight, in grams, shown as kilos (never added to units). */
export type MedidaGrafico = 'ingresos' | 'ventas' | 'unidades' | 'gramos';
export const formatoMedida = (medida: MedidaGrafico) =>
  medida === 'ingresos' ? formatClp : medida === 'gramos' ? (n: number) => formatCantidad(n, 'kg') : formatEntero;
const formato = formatoMedida;
/** Axis ticks without the noise: '$1,2 M', '$350 mil', '12,5 kg'. */
const corto = (medida: MedidaGrafico) => (n: number) =>
  medida === 'gramos'
    ? `${(n / 1000).toLocaleString('es-CL', { maximumFractionDigits: 1 })} kg`
    : medida !== 'ingresos'
      ? formatEntero(n)
      : n >= 1_000_000
        ? `$${(n / 1_000_000).toLocaleString('es-CL', { maximumFractionDigits: 1 })} M`
        : n >= 1000
          ? `$${Math.round(n / 1000)} mil`
          : formatClp(n);

/**
 * A chart is an image to a screen reader: it gets a sentence with every value (`descripcion`), and
 * each page also offers the same figures as a table.
 */
function Marco({ descripcion, alto = 280, children }: { descripcion: string; alto?: number; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={descripcion} style={{ height: alto }} className="w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/**
 * A series over time. A period still going on (`enCurso`, today's day, week or month) is drawn apart:
 * its segment dashed and its label marked "en curso", so a day at noon does not read as a drop.
 */
export function GraficoSerie({
  datos,
  medida,
  descripcion,
}: {
  datos: Array<{ etiqueta: string; valor: number; enCurso?: boolean }>;
  medida: MedidaGrafico;
  descripcion: string;
}) {
  const puntos = datos.map((d, i) => ({
    etiqueta: d.enCurso ? `${d.etiqueta} (en curso)` : d.etiqueta,
    valor: d.enCurso ? null : d.valor,
    // The dashed segment joins the last closed period to the one going on.
    enCurso: d.enCurso || datos[i + 1]?.enCurso ? d.valor : null,
  }));
  return (
    <Marco descripcion={descripcion}>
      <LineChart data={puntos} margin={{ top: 8, right: 12, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="etiqueta" tick={EJE} minTickGap={16} />
        <YAxis tick={EJE} tickFormatter={corto(medida)} width={72} allowDecimals={medida === 'gramos'} />
        <Tooltip formatter={(v) => formato(medida)(Number(v))} />
        <Line
          type="monotone"
          dataKey="valor"
          name={medida}
          stroke="#0f766e"
          strokeWidth={2}
          dot={datos.length <= 31}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="enCurso"
          name={`${medida} (en curso)`}
          stroke="#0f766e"
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={{ r: 4, fill: '#fff' }}
          legendType="none"
          isAnimationActive={false}
        />
      </LineChart>
    </Marco>
  );
}

/** Revenue a day (Dashboards, the monthly report), with what a screen reader hears of it. */
export function GraficoIngresosDia({ serie }: { serie: Serie }) {
  return (
    <GraficoSerie
      medida="ingresos"
      datos={serie.map((p) => ({ etiqueta: etiquetaPeriodo(p.periodo, 'dia'), valor: p.ingresos, enCurso: p.en_curso }))}
      descripcion={`Ingresos por día: ${serie.map((p) => `${periodoLargo(p.periodo, 'dia', p.en_curso)}, ${formatClp(p.ingresos)}`).join('; ')}`}
    />
  );
}

export function GraficoBarras({
  datos,
  medida,
  descripcion,
}: {
  datos: Array<{ etiqueta: string; valor: number }>;
  medida: MedidaGrafico;
  descripcion: string;
}) {
  return (
    <Marco descripcion={descripcion} alto={Math.max(200, datos.length * 34)}>
      <BarChart data={datos} layout="vertical" margin={{ top: 4, right: 16, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
        <XAxis type="number" tick={EJE} tickFormatter={corto(medida)} allowDecimals={false} />
        <YAxis type="category" dataKey="etiqueta" tick={EJE} width={130} />
        <Tooltip formatter={(v) => formato(medida)(Number(v))} />
        <Bar dataKey="valor" name={medida} fill="#0f766e" radius={[0, 4, 4, 0]} isAnimationActive={false} />
      </BarChart>
    </Marco>
  );
}

export function GraficoTorta({
  datos,
  medida,
  descripcion,
}: {
  datos: Array<{ etiqueta: string; valor: number }>;
  medida: MedidaGrafico;
  descripcion: string;
}) {
  return (
    <Marco descripcion={descripcion} alto={240}>
      <PieChart>
        <Pie data={datos} dataKey="valor" nameKey="etiqueta" innerRadius="45%" outerRadius="80%" isAnimationActive={false}>
          {datos.map((d, i) => (
            <Cell key={d.etiqueta} fill={COLORES[i % COLORES.length]} />
          ))}
        </Pie>
        <Tooltip formatter={(v) => formato(medida)(Number(v))} />
      </PieChart>
    </Marco>
  );
}
