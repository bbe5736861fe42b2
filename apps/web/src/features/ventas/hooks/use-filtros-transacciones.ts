// Transacciones' filters: the search typed (applied with «Buscar», its dates checked first), the
// lists chosen (applied at once), the page, and which sales have their detail open.
import type { OrigenVenta } from '@minimarket/contracts/ventas';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { esFechaIso, MENSAJE_FECHA_INVALIDA } from '../../../utils/fechas';

export const MENSAJE_FECHAS_INVALIDAS = 'La fecha de inicio no puede ser posterior a la fecha de término.';

/** The search typed (applied with «Buscar»). */
export interface Filtros {
  search: string;
  desde: string;
  hasta: string;
}

const VACIO: Filtros = { search: '', desde: '', hasta: '' };

/** The lists to choose from (applied as soon as chosen): who sold it, from which lane, only those with alerts. */
export interface Seleccion {
  idVendedor: number | null;
  origen: OrigenVenta | '';
  conAlertas: boolean;
}

const SIN_SELECCION: Seleccion = { idVendedor: null, origen: '', conAlertas: false };

export function useFiltrosTransacciones() {
  // ?buscar=C1-0042: a notice about one sale (an offline sale at old prices) opens the list on it.
  const [params] = useSearchParams();
  const inicial: Filtros = { ...VACIO, search: params.get('buscar')?.trim() ?? '' };
  const [borrador, setBorrador] = useState<Filtros>(inicial);
  const [filtros, setFiltros] = useState<Filtros>(inicial);
  const [seleccion, setSeleccion] = useState<Seleccion>(SIN_SELECCION);
  const [errorFechas, setErrorFechas] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const [abiertas, setAbiertas] = useState<Set<number>>(new Set());

  const buscar = (e: FormEvent) => {
    e.preventDefault();
    if ([borrador.desde, borrador.hasta].some((f) => f !== '' && !esFechaIso(f))) {
      setErrorFechas(MENSAJE_FECHA_INVALIDA);
      return;
    }
    if (borrador.desde && borrador.hasta && borrador.desde > borrador.hasta) {
      setErrorFechas(MENSAJE_FECHAS_INVALIDAS);
      return;
    }
    setErrorFechas(null);
    setFiltros({ ...borrador, search: borrador.search.trim() });
    setPagina(1);
  };

  const limpiar = () => {
    setBorrador(VACIO);
    setFiltros(VACIO);
    setSeleccion(SIN_SELECCION);
    setErrorFechas(null);
    setPagina(1);
  };

  const alternar = (id: number) =>
    setAbiertas((actual) => {
      const nuevo = new Set(actual);
      if (nuevo.has(id)) nuevo.delete(id);
      else nuevo.add(id);
      return nuevo;
    });

  const hayFiltros = Boolean(
    filtros.search || filtros.desde || filtros.hasta || seleccion.idVendedor !== null || seleccion.origen || seleccion.conAlertas,
  );

  return {
    borrador,
    setBorrador,
    filtros,
    seleccion,
    elegir: (nueva: Seleccion) => {
      setSeleccion(nueva);
      setPagina(1);
    },
    errorFechas,
    pagina,
    setPagina,
    abiertas,
    alternar,
    buscar,
    limpiar,
    hayFiltros,
  };
}

export type FiltrosTransacciones = ReturnType<typeof useFiltrosTransacciones>;
