// The question read once for every rule: its concepts, its slots (negations, period, payment methods) and its loose words.
import type { Clasificacion, Motivo } from './clasificacion.js';
import { coincidir, type Coincidencias } from './coincidencias.js';
import { CORTESIA, type Concepto } from './conceptos/index.js';
import { leerNegaciones, type Negaciones } from './negaciones.js';
import { esVentaFiada, leerMetodos, type Pagos } from './pagos.js';
import { leerPeriodo, type Periodos } from './periodos.js';
import { VACIAS } from './vacias.js';

export interface Lectura extends Coincidencias, Negaciones, Periodos, Pagos {
  /** What every answer starts from (sinClasificar). */
  base: Clasificacion;
  /** Fiado said as a way of selling (esVentaFiada), not as what is owed. */
  ventaFiada: boolean;
  /** The honest fallback, with why and what was found. */
  fallback: (motivo: Motivo, extra?: Partial<Clasificacion>) => Clasificacion;
  /** The words of the question that none of these concepts (nor a slot, nor a negation read) explains. */
  sueltas: (absorbe: readonly Concepto[], conSlots?: boolean) => string[];
}

export function leer(ws: string[], base: Clasificacion): Lectura {
  const q = coincidir(ws);
  const fallback = (motivo: Motivo, extra: Partial<Clasificacion> = {}): Clasificacion => ({ ...base, motivo, ...extra });
  const ventaFiada = esVentaFiada(q);
  const negaciones = leerNegaciones(q, ventaFiada);
  const periodos = leerPeriodo(q);
  const pagos = leerMetodos(q, negaciones.excluidos, ventaFiada);
  const { conceptosMetodo } = pagos;
  const { consumidas } = negaciones;

  /** The words of the question that none of these concepts (nor a slot, nor a negation read) explains. */
  function sueltas(absorbe: readonly Concepto[], conSlots = true): string[] {
    const slots: Concepto[] = conSlots
      ? [
          'hoy',
          'dia',
          'ayer',
          'semana',
          'mes',
          'efectivo',
          'tarjeta',
          'debito',
          'credito',
          'transferencia',
          ...conceptosMetodo,
          ...CORTESIA,
        ]
      : CORTESIA;
    return ws.filter((w, i) => {
      if (VACIAS.has(w) || consumidas.has(i)) return false;
      const m = q.porPalabra[i]!;
      return ![...absorbe, ...slots].some((c) => m.has(c));
    });
  }

  // Onto q (made for this question alone) rather than a spread of five objects into a new one: this runs
  // for every question, and the spread made Badito's classification 20 % slower (bench/badito-bench.ts).
  return Object.assign(q, negaciones, periodos, pagos, { base, ventaFiada, fallback, sueltas });
}
