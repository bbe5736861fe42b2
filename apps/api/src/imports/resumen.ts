// The Spanish sentence an import ends with (detalle_resultado.message), from its counts.
import { formatClp } from '@minimarket/contracts/formato';
import type { TipoCarga } from '@minimarket/contracts/uploads';
import type { OmitidoPorDuplicado } from './aplicar-clientes.js';

export interface ConteosCarga {
  cargados: number;
  reactivados: number;
  omitidos: number;
  procesadas: number;
  rechazadas: number;
  yaImportadas: number;
  /** Clientes: the pesos of opening balance loaded, and the first skipped customers by name. */
  saldoInicial: number;
  omitidosNombrados: OmitidoPorDuplicado[];
}

export const CONTEOS_VACIOS: ConteosCarga = {
  cargados: 0,
  reactivados: 0,
  omitidos: 0,
  procesadas: 0,
  rechazadas: 0,
  yaImportadas: 0,
  saldoInicial: 0,
  omitidosNombrados: [],
};

const n = (x: number) => x.toLocaleString('es-CL');
const plural = (x: number, uno: string, varios: string) => `${n(x)} ${x === 1 ? uno : varios}`;
const se = (x: number, uno: string, varios: string) => (x === 1 ? uno : varios);

export function mensajeFinal(tipo: TipoCarga, conteos: ConteosCarga, errores: number, maxDetalle: number): string {
  const partes: string[] = [];
  if (tipo === 'productos') {
    partes.push(`${se(conteos.cargados, 'Se cargó', 'Se cargaron')} ${plural(conteos.cargados, 'producto nuevo', 'productos nuevos')}.`);
    if (conteos.reactivados > 0) {
      partes.push(
        `${se(conteos.reactivados, 'Se reactivó', 'Se reactivaron')} ${plural(conteos.reactivados, 'producto que estaba eliminado', 'productos que estaban eliminados')}.`,
      );
    }
    if (conteos.omitidos > 0) {
      partes.push(
        `${se(conteos.omitidos, 'Se omitió', 'Se omitieron')} ${plural(conteos.omitidos, 'producto que ya estaba en el inventario o repetido en el archivo', 'productos que ya estaban en el inventario o repetidos en el archivo')}.`,
      );
    }
  } else if (tipo === 'clientes') {
    partes.push(...mensajeClientes(conteos));
  } else {
    partes.push(`${se(conteos.procesadas, 'Se cargó', 'Se cargaron')} ${plural(conteos.procesadas, 'venta', 'ventas')}.`);
    if (conteos.yaImportadas > 0)
      partes.push(`${plural(conteos.yaImportadas, 'venta ya estaba cargada y se omitió', 'ventas ya estaban cargadas y se omitieron')}.`);
    if (conteos.rechazadas > 0)
      partes.push(`${plural(conteos.rechazadas, 'venta se rechazó completa', 'ventas se rechazaron completas')} por errores.`);
  }
  if (errores > 0) {
    partes.push('Descarga las filas rechazadas, corrígelas y vuelve a cargarlas.');
    if (errores > maxDetalle) partes.push(`Se muestran los primeros ${n(maxDetalle)} errores de ${n(errores)}.`);
  }
  return partes.join(' ');
}

/** La libreta: who came in with how much owed, and who was already there (named, with why). */
function mensajeClientes(conteos: ConteosCarga): string[] {
  const partes = [
    `${se(conteos.cargados, 'Se cargó', 'Se cargaron')} ${plural(conteos.cargados, 'cliente', 'clientes')} a la libreta` +
      (conteos.saldoInicial > 0 ? `, que deben ${formatClp(conteos.saldoInicial)} en total (saldo inicial).` : '.'),
  ];
  if (conteos.omitidos > 0) {
    const nombrados = conteos.omitidosNombrados
      .map((o) => `«${o.nombre}» (fila ${n(o.fila)}, mismo ${o.por === 'rut' ? 'RUT' : 'nombre'})`)
      .join(', ');
    const resto = conteos.omitidos - conteos.omitidosNombrados.length;
    partes.push(
      `${se(conteos.omitidos, 'Se omitió', 'Se omitieron')} ${plural(conteos.omitidos, 'cliente que ya estaba', 'clientes que ya estaban')} en tu libreta` +
        (nombrados ? `: ${nombrados}${resto > 0 ? ` y ${plural(resto, 'otro', 'otros')}` : ''}` : '') +
        `. ${se(conteos.omitidos, 'Su saldo del archivo no se sumó', 'Sus saldos del archivo no se sumaron')}: revisa su cuenta en Clientes.`,
    );
  }
  return partes;
}

/** The row limit's message, with the number as a person reads it. */
export const mensajeDemasiadasFilas = (max: number) =>
  `El archivo tiene más de ${n(max)} filas de datos. Divídelo en archivos más pequeños.`;

/** The text budget's message (a file, usually an .xlsx, that expands far beyond its size). */
export const mensajeDemasiadoTexto = (max: number) =>
  `El archivo tiene demasiado texto para su tamaño (más de ${n(Math.round(max / 1048576))} MB al leerlo). Puede estar dañado o ser malicioso: ábrelo en Excel, guárdalo de nuevo y, si es muy grande, divídelo en archivos más pequeños.`;
