// The filters of Ajustes y mermas: a month (or «Todos los meses»), a reason (or «Todos los motivos»),
// beside a card's title: stacked on a phone, side by side from `sm` up.
import { ETIQUETA_TIPO_AJUSTE, TIPOS_AJUSTE, type TipoAjuste } from '@minimarket/contracts/ajustes-stock';
import type { ReactNode } from 'react';
import { Field, Select } from '../../../components/ui/field';
import { nombreMes } from '../../../utils/meses';

/**
 * A filter's width: the longest month the select offers («septiembre de 2026») whole, with its arrow.
 * 12rem cut «noviembre de 202»; on a phone each takes the card's width.
 */
const ANCHO_FILTRO = 'w-full sm:w-60';
/** The filters beside a card's title: stacked on a phone, side by side from `sm` up. */
const FILTROS = 'grid w-full grid-cols-1 gap-3 sm:flex sm:w-auto sm:flex-wrap';

/** A card's title with its filters. */
export function CabeceraConFiltros({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h3 className="text-lg font-semibold text-slate-900">{titulo}</h3>
      <div className={FILTROS}>{children}</div>
    </div>
  );
}

/** One of `meses` ('YYYY-MM', by name); with `todos`, a first choice for every month (''). */
export function SelectorMes({
  etiqueta,
  meses,
  valor,
  onCambiar,
  todos,
}: {
  etiqueta: string;
  meses: readonly string[];
  valor: string;
  onCambiar: (mes: string) => void;
  todos?: string;
}) {
  return (
    <Field label={etiqueta} className={ANCHO_FILTRO}>
      {(p) => (
        <Select {...p} value={valor} onChange={(e) => onCambiar(e.target.value)}>
          {todos !== undefined && <option value="">{todos}</option>}
          {meses.map((m) => (
            <option key={m} value={m}>
              {nombreMes(m)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** A reason of the contract, or every reason (''). */
export function SelectorMotivo({ valor, onCambiar }: { valor: TipoAjuste | ''; onCambiar: (tipo: TipoAjuste | '') => void }) {
  return (
    <Field label="Motivo" className={ANCHO_FILTRO}>
      {(p) => (
        <Select {...p} value={valor} onChange={(e) => onCambiar(e.target.value as TipoAjuste | '')}>
          <option value="">Todos los motivos</option>
          {TIPOS_AJUSTE.map((t) => (
            <option key={t} value={t}>
              {ETIQUETA_TIPO_AJUSTE[t]}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
