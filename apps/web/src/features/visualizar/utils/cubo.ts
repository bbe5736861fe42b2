// The cube's sums. The API sends the cells with sales of categoría × día de la semana × hora; a face
// of the cube is two of those dimensions with the third summed away, which is what the table under
// the cube shows. Pure functions, so the sums are tested without a browser.
import type { Cubo } from '@minimarket/contracts/analitica';
import { DIAS_SEMANA, formatHora, HORAS } from './calendario';

export type Dimension = 'categoria' | 'dia' | 'hora';
/** 'gramos': grams of what was sold by weight (shown as kilos, never added to units). */
export type MedidaCubo = 'ingresos' | 'unidades' | 'gramos' | 'margen';

/** The three slices: each names its rows and columns; the dimension not named is summed over. */
export const CORTES = {
  'categoria-dia': { filas: 'categoria', columnas: 'dia', sumada: 'hora' },
  'categoria-hora': { filas: 'categoria', columnas: 'hora', sumada: 'dia' },
  'dia-hora': { filas: 'dia', columnas: 'hora', sumada: 'categoria' },
} as const satisfies Record<string, { filas: Dimension; columnas: Dimension; sumada: Dimension }>;
export type Corte = keyof typeof CORTES;

export const NOMBRE_DIMENSION: Record<Dimension, string> = { categoria: 'Categoría', dia: 'Día', hora: 'Hora' };

export interface TablaCorte {
  filas: string[];
  columnas: string[];
  /** valores[fila][columna]. */
  valores: number[][];
  totalFila: number[];
  totalColumna: number[];
  total: number;
}

/** The values one dimension takes, in the order the screen lists them, and their names. */
function ejes(cubo: Cubo, d: Dimension): { claves: Array<string | number>; nombres: string[] } {
  if (d === 'categoria') return { claves: [...cubo.categorias], nombres: [...cubo.categorias] };
  if (d === 'dia') return { claves: [1, 2, 3, 4, 5, 6, 7], nombres: [...DIAS_SEMANA] };
  return { claves: HORAS, nombres: HORAS.map(formatHora) };
}

const claveDe = (c: Cubo['celdas'][number], d: Dimension) => (d === 'categoria' ? c.categoria : d === 'dia' ? c.dia_semana : c.hora);

/** A face of the cube: its rows × columns with the third dimension summed, and the totals. */
export function cortar(cubo: Cubo, corte: Corte, medida: MedidaCubo): TablaCorte {
  const { filas, columnas } = CORTES[corte];
  const ef = ejes(cubo, filas);
  const ec = ejes(cubo, columnas);
  const indiceFila = new Map(ef.claves.map((k, i) => [k, i]));
  const indiceColumna = new Map(ec.claves.map((k, i) => [k, i]));
  const valores = ef.claves.map(() => ec.claves.map(() => 0));
  for (const celda of cubo.celdas) {
    const i = indiceFila.get(claveDe(celda, filas));
    const j = indiceColumna.get(claveDe(celda, columnas));
    // A category outside `categorias` (not in the contract, but harmless) is left out of the face.
    if (i === undefined || j === undefined) continue;
    valores[i][j] += celda[medida];
  }
  const totalFila = valores.map((f) => f.reduce((a, b) => a + b, 0));
  const totalColumna = ec.claves.map((_, j) => valores.reduce((a, f) => a + f[j], 0));
  return { filas: ef.nombres, columnas: ec.nombres, valores, totalFila, totalColumna, total: totalFila.reduce((a, b) => a + b, 0) };
}

/** The cube's six faces: opposite faces show the same slice (the cube has three). */
export const CARAS = [
  { cara: 'frente', corte: 'categoria-dia', giro: { x: 0, y: 0 }, transformar: 'rotateY(0deg)' },
  { cara: 'derecha', corte: 'categoria-hora', giro: { x: 0, y: -90 }, transformar: 'rotateY(90deg)' },
  { cara: 'atras', corte: 'categoria-dia', giro: { x: 0, y: -180 }, transformar: 'rotateY(180deg)' },
  { cara: 'izquierda', corte: 'categoria-hora', giro: { x: 0, y: 90 }, transformar: 'rotateY(-90deg)' },
  { cara: 'arriba', corte: 'dia-hora', giro: { x: -90, y: 0 }, transformar: 'rotateX(90deg)' },
  { cara: 'abajo', corte: 'dia-hora', giro: { x: 90, y: 0 }, transformar: 'rotateX(-90deg)' },
] as const satisfies ReadonlyArray<{ cara: string; corte: Corte; giro: { x: number; y: number }; transformar: string }>;

/** Each face's outward direction before the cube turns (CSS axes: x right, y down, z toward the viewer). */
const NORMALES: Record<(typeof CARAS)[number]['cara'], [number, number, number]> = {
  frente: [0, 0, 1],
  atras: [0, 0, -1],
  derecha: [1, 0, 0],
  izquierda: [-1, 0, 0],
  arriba: [0, -1, 0],
  abajo: [0, 1, 0],
};

/**
 * The face turned toward the viewer for the cube's `rotateX(x) rotateY(y)` (degrees): the one whose
 * normal, turned by Y and then by X as CSS does, points most toward the screen.
 */
export function caraAlFrente(giro: { x: number; y: number }): (typeof CARAS)[number] {
  const rad = Math.PI / 180;
  const [sx, cx, sy, cy] = [Math.sin(giro.x * rad), Math.cos(giro.x * rad), Math.sin(giro.y * rad), Math.cos(giro.y * rad)];
  const haciaMi = ([x, y, z]: [number, number, number]) => {
    const z1 = -x * sy + z * cy; // after rotateY
    return y * sx + z1 * cx; // z after rotateX
  };
  return CARAS.reduce((mejor, c) => (haciaMi(NORMALES[c.cara]) > haciaMi(NORMALES[mejor.cara]) ? c : mejor));
}
