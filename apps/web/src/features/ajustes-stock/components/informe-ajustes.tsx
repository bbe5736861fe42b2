// Ajustes y mermas' report by month and reason, valued at cost: a table on a laptop, a card per month
// (and one for the total) on a phone.
import {
  ETIQUETA_TIPO_AJUSTE,
  MESES_INFORME_AJUSTES_POR_DEFECTO,
  MAX_MESES_INFORME_AJUSTES,
  TIPOS_AJUSTE,
  type CifrasAjuste,
  type InformeAjustes,
  type TipoAjuste,
} from '@minimarket/contracts/ajustes-stock';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { QueryResult } from '../../../components/ui/query-result';
import { Table, Td, Th } from '../../../components/ui/table';
import { useEsTelefono } from '../../../hooks/use-media-query';
import { mensajeDeError } from '../../../lib/api-client';
import { capitalizar, hoyEnSantiago } from '../../../utils/format';
import { mesesHasta, nombreMes } from '../../../utils/meses';
import { informeAjustesQueryOptions } from '../api/ajustes-stock';
import { cantidadConSigno, pesosConSigno, unidadesConSigno } from '../utils/ajustes';
import { CabeceraConFiltros, SelectorMes } from './filtros-ajustes';

const unidadesTexto = (n: number) => `${unidadesConSigno(n)} ${Math.abs(n) === 1 ? 'unidad' : 'unidades'}`;

/** Units and kilos side by side, never added (grams of kg products come apart in the report). */
function cantidadesTexto(unidades: number, gramos: number): string {
  const partes: string[] = [];
  if (unidades !== 0 || gramos === 0) partes.push(unidadesTexto(unidades));
  if (gramos !== 0) partes.push(cantidadConSigno(gramos, 'kg'));
  return partes.join(' · ');
}

function Cifras({ c }: { c: CifrasAjuste | undefined }) {
  if (!c) return <span className="text-slate-400">—</span>;
  return (
    <>
      <span className="block font-medium whitespace-nowrap">{cantidadesTexto(c.unidades, c.gramos)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-600">{pesosConSigno(c.valor_costo)}</span>
    </>
  );
}

/**
 * A phone's report: one card per month (and one for the total) with the reasons it has, one per line.
 * The table's seven columns only fit 390 px by scrolling sideways, and then the month and the total
 * are never on screen together.
 */
function InformeEnTarjetas({ informe }: { informe: InformeAjustes }) {
  const bloques = [
    ...informe.meses.map((m) => ({ clave: m.mes, titulo: capitalizar(nombreMes(m.mes)), porTipo: m.por_tipo, total: m as CifrasAjuste })),
    { clave: 'total', titulo: 'Total del período', porTipo: informe.por_tipo, total: informe.total as CifrasAjuste },
  ];
  return (
    <ul className="mt-3 space-y-3" aria-label="Ajustes por mes y motivo">
      {bloques.map((b) => (
        <li key={b.clave} className="rounded-lg border border-slate-200 p-3" data-testid={`informe-mes-${b.clave}`}>
          <h4 className="font-semibold text-slate-900">{b.titulo}</h4>
          <dl className="mt-2 space-y-1 text-sm">
            {TIPOS_AJUSTE.filter((t) => b.porTipo.some((x) => x.tipo === t)).map((t) => (
              <div key={t} className="flex items-start justify-between gap-3">
                <dt className="text-slate-700">{ETIQUETA_TIPO_AJUSTE[t]}</dt>
                <dd className="text-right">
                  <Cifras c={b.porTipo.find((x) => x.tipo === t)} />
                </dd>
              </div>
            ))}
            <div className="flex items-start justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
              <dt>Total</dt>
              <dd className="text-right">
                <Cifras c={b.total} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function TablaInforme({ informe }: { informe: InformeAjustes }) {
  const telefono = useEsTelefono();
  const total = informe.por_tipo.reduce<Partial<Record<TipoAjuste, CifrasAjuste>>>((acc, t) => ({ ...acc, [t.tipo]: t }), {});
  const resumen = (
    <p className="text-sm text-slate-700" data-testid="total-informe-ajustes">
      En el período: <strong>{cantidadesTexto(informe.total.unidades, informe.total.gramos)}</strong>,{' '}
      <strong>{pesosConSigno(informe.total.valor_costo)}</strong> a costo, en{' '}
      {informe.total.ajustes === 1 ? '1 ajuste' : `${informe.total.ajustes} ajustes`}.
    </p>
  );
  const nota = (
    <p className="mt-2 text-xs text-slate-600">
      Negativo: unidades (o kilos, a granel) que salieron del estante. El valor usa el precio de compra que tenía cada producto al ajustarlo
      (por kilo, a granel).
      {(informe.total.unidades_sin_costo !== 0 || informe.total.gramos_sin_costo !== 0) &&
        ` ${cantidadesTexto(informe.total.unidades_sin_costo, informe.total.gramos_sin_costo)} de productos sin precio de compra no suman valor.`}
    </p>
  );
  if (telefono)
    return (
      <>
        {resumen}
        <InformeEnTarjetas informe={informe} />
        {nota}
      </>
    );
  return (
    <>
      {resumen}
      <Table caption="Ajustes por mes y motivo" className="mt-3">
        <thead>
          <tr>
            <Th>Mes</Th>
            {TIPOS_AJUSTE.map((t) => (
              <Th key={t} className="text-right">
                {ETIQUETA_TIPO_AJUSTE[t]}
              </Th>
            ))}
            <Th className="text-right">Total</Th>
          </tr>
        </thead>
        <tbody>
          {informe.meses.map((m) => {
            const porTipo = Object.fromEntries(m.por_tipo.map((t) => [t.tipo, t])) as Partial<Record<TipoAjuste, CifrasAjuste>>;
            return (
              <tr key={m.mes}>
                <Td className="font-medium whitespace-nowrap">{capitalizar(nombreMes(m.mes))}</Td>
                {TIPOS_AJUSTE.map((t) => (
                  <Td key={t} className="text-right">
                    <Cifras c={porTipo[t]} />
                  </Td>
                ))}
                <Td className="text-right">
                  <Cifras c={m} />
                </Td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="bg-slate-50">
            <Td className="font-semibold">Total</Td>
            {TIPOS_AJUSTE.map((t) => (
              <Td key={t} className="text-right">
                <Cifras c={total[t]} />
              </Td>
            ))}
            <Td className="text-right">
              <Cifras c={informe.total} />
            </Td>
          </tr>
        </tfoot>
      </Table>
      {nota}
    </>
  );
}

export function InformeAjustesCard({ idMinimarket }: { idMinimarket: number }) {
  const meses = mesesHasta(hoyEnSantiago(), MAX_MESES_INFORME_AJUSTES);
  const [desde, setDesde] = useState(meses[MESES_INFORME_AJUSTES_POR_DEFECTO - 1]!);
  const [hasta, setHasta] = useState(meses[0]!);
  const rangoValido = desde <= hasta;
  const consulta = useQuery({ ...informeAjustesQueryOptions(idMinimarket, desde, hasta), enabled: rangoValido });

  return (
    <Card className="p-4 sm:p-5">
      <CabeceraConFiltros titulo="Informe por motivo y mes">
        <SelectorMes etiqueta="Desde" meses={meses} valor={desde} onCambiar={setDesde} />
        <SelectorMes etiqueta="Hasta" meses={meses} valor={hasta} onCambiar={setHasta} />
      </CabeceraConFiltros>
      {!rangoValido ? (
        <p className="mt-3 text-sm text-red-700">El mes «Desde» no puede ser posterior a «Hasta».</p>
      ) : (
        <QueryResult
          className="mt-3"
          query={consulta}
          filas={(d) => (d.meses.length > 0 ? [d] : [])}
          error={mensajeDeError(consulta.error, 'No se pudo cargar el informe de ajustes.')}
          vacio={
            <p className="py-6 text-center text-sm text-slate-600">
              No hay ajustes entre {nombreMes(desde)} y {nombreMes(hasta)}.
            </p>
          }
        >
          {([informe]) => <TablaInforme informe={informe!} />}
        </QueryResult>
      )}
    </Card>
  );
}
