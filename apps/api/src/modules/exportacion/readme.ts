// The README.txt inside the export: what each file is and what each column means, in Spanish,
// written from the same list the files are (tablas.ts).
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import type { TablaExportada } from './tablas.js';

export function textoReadme(
  tienda: { id_minimarket: number; nombre_minimarket: string },
  generado: { fecha: string },
  tablas: readonly TablaExportada[],
): string {
  const lineas = [
    `Datos de ${tienda.nombre_minimarket} (minimarket ${tienda.id_minimarket})`,
    `Exportados el ${generado.fecha}.`,
    '',
    'Cada archivo .csv es una tabla de la tienda, completa, leída de una sola vez (todas muestran el mismo',
    'instante). Se abren con doble clic en Excel: UTF-8 con BOM, separador punto y coma (;), una fila de',
    "encabezado. Un texto que empezaba con =, +, - o @ lleva un apóstrofo (') delante para que Excel no lo",
    'ejecute como fórmula.',
    '',
    'Unidades:',
    '- Montos: pesos chilenos enteros, sin decimales ni puntos de miles.',
    '- Cantidades: unidades; en los productos que se venden por kilo (unidad = kg), gramos enteros',
    '  (1500 = 1,5 kg) y sus precios y costos son por kilo.',
    `- Fechas: ISO 8601 con la diferencia horaria de Chile de ese día (${ZONA_HORARIA}),`,
    '  por ejemplo 2026-11-26T09:45:13-03:00.',
    '- Un campo vacío: sin dato.',
    '- Los números de las columnas id_… unen las tablas (por ejemplo detalle_ventas.id_venta con ventas.id_venta).',
    '',
    'No se incluyen contraseñas, claves ni datos internos del sistema (la cola de cargas, el timbre y el PDF',
    'de las boletas, los resúmenes de la analítica, que se calculan de ventas y detalle_ventas).',
  ];
  for (const t of tablas) {
    lineas.push('', `${t.archivo}.csv — ${t.descripcion}`);
    for (const c of t.columnas) lineas.push(`  ${c.nombre}: ${c.descripcion}`);
  }
  // CRLF: Notepad on an older Windows shows a file of bare LFs as one line.
  return `${lineas.join('\r\n')}\r\n`;
}
