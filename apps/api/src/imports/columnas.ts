// The columns of each kind of file and how a header written by a person finds them:
// case, accents, spaces and '_' do not matter ('Precio Venta' is precio_venta), and a
// few names people really use are accepted too ('Código de barras', 'Cantidad').
import {
  COLUMNAS_CLIENTES,
  COLUMNAS_CLIENTES_OBLIGATORIAS,
  COLUMNAS_PRODUCTOS,
  COLUMNAS_PRODUCTOS_OBLIGATORIAS,
  COLUMNAS_VENTAS,
  NOMBRE_TIPO_CARGA,
  TIPOS_CARGA,
  type TipoCarga,
} from '@minimarket/contracts/uploads';
import { ErrorArchivo } from './errores.js';
import { normalizarNombreColumna } from './valores.js';

export type { TipoCarga };
export type ColumnaProducto = (typeof COLUMNAS_PRODUCTOS)[number];
export type ColumnaVenta = (typeof COLUMNAS_VENTAS)[number];
export type ColumnaCliente = (typeof COLUMNAS_CLIENTES)[number];

export interface DefinicionCarga<C extends string> {
  columnas: readonly C[];
  obligatorias: readonly C[];
  alias: Record<C, readonly string[]>;
  /** The root and item element names of the XML form. */
  xml: { raiz: string; item: string };
}

export const CARGA_PRODUCTOS: DefinicionCarga<ColumnaProducto> = {
  columnas: COLUMNAS_PRODUCTOS,
  obligatorias: COLUMNAS_PRODUCTOS_OBLIGATORIAS,
  alias: {
    nombre_producto: ['nombre', 'producto', 'nombre del producto'],
    categoria: [],
    precio_venta: ['precio', 'precio de venta', 'precio_venta_actual'],
    stock: ['cantidad', 'existencias', 'unidades'],
    codigo_barra: ['codigo de barra', 'codigo de barras', 'codigo_barras', 'codigo', 'ean'],
    precio_compra: ['costo', 'precio de compra', 'precio_compra_actual'],
    descripcion: [],
    marca: [],
    unidad: ['unidad de venta', 'se vende por', 'venta por'],
    codigo_plu: ['plu', 'codigo plu', 'codigo de balanza'],
  },
  xml: { raiz: 'productos', item: 'producto' },
};

export const CARGA_VENTAS: DefinicionCarga<ColumnaVenta> = {
  columnas: COLUMNAS_VENTAS,
  obligatorias: COLUMNAS_VENTAS,
  alias: {
    id_venta_csv: ['id_venta', 'id venta', 'numero de venta', 'n venta', 'venta'],
    fecha_venta: ['fecha', 'fecha de venta'],
    metodo_pago: ['metodo de pago', 'medio de pago', 'forma de pago'],
    codigo_barra: ['codigo de barra', 'codigo de barras', 'codigo_barras', 'codigo', 'ean'],
    num_unidades: ['unidades', 'cantidad'],
  },
  xml: { raiz: 'ventas', item: 'venta' },
};

export const CARGA_CLIENTES: DefinicionCarga<ColumnaCliente> = {
  columnas: COLUMNAS_CLIENTES,
  obligatorias: COLUMNAS_CLIENTES_OBLIGATORIAS,
  alias: {
    nombre: ['cliente', 'nombre del cliente', 'nombre cliente', 'vecino', 'nombre y apellido'],
    rut: ['run', 'rut del cliente'],
    telefono: ['fono', 'celular', 'telefono celular', 'whatsapp'],
    direccion: ['domicilio'],
    limite_credito: ['limite', 'limite de credito', 'cupo'],
    saldo_inicial: ['saldo', 'deuda', 'debe', 'saldo libreta'],
    fiado_desde: ['debe desde', 'deuda desde', 'desde', 'saldo inicial desde', 'fecha deuda', 'fecha de la deuda'],
    notas: ['nota', 'observaciones', 'comentarios'],
  },
  xml: { raiz: 'clientes', item: 'cliente' },
};

export const DEFINICIONES = { productos: CARGA_PRODUCTOS, ventas: CARGA_VENTAS, clientes: CARGA_CLIENTES } as const;

/** Normalised name → canonical column, for one kind of file. */
export function indiceDeNombres<C extends string>(def: DefinicionCarga<C>): Map<string, C> {
  const indice = new Map<string, C>();
  for (const c of def.columnas) {
    indice.set(normalizarNombreColumna(c), c);
    for (const a of def.alias[c]) indice.set(normalizarNombreColumna(a), c);
  }
  return indice;
}

const lista = (nombres: readonly string[]) => nombres.map((n) => `"${n}"`).join(', ');

/**
 * Where each column is in the file's header. A missing required column, or one given
 * twice, fails the whole file with a message that names it (and, when the header is
 * clearly the other kind of file, says so).
 */
export function ubicarColumnas<C extends string>(tipo: TipoCarga, encabezado: readonly string[]): Map<C, number> {
  const def = DEFINICIONES[tipo] as unknown as DefinicionCarga<C>;
  const indice = indiceDeNombres(def);
  const posiciones = new Map<C, number>();
  encabezado.forEach((celda, i) => {
    const columna = indice.get(normalizarNombreColumna(celda));
    if (!columna) return;
    if (posiciones.has(columna)) {
      throw new ErrorArchivo(`La columna "${columna}" aparece dos veces en el encabezado. Deje solo una.`);
    }
    posiciones.set(columna, i);
  });
  const faltan = def.obligatorias.filter((c) => !posiciones.has(c));
  if (faltan.length > 0) {
    // Another kind whose required columns are all there and that knows more of the header than
    // this one ('nombre' is a customer's column and a products' alias: one column says nothing).
    const conocidas = (t: TipoCarga) => {
      const indiceOtro = indiceDeNombres(DEFINICIONES[t] as unknown as DefinicionCarga<string>);
      return new Set(encabezado.map((c) => indiceOtro.get(normalizarNombreColumna(c))).filter((c) => c !== undefined));
    };
    const propias = conocidas(tipo).size;
    const otro = TIPOS_CARGA.find((t) => {
      if (t === tipo) return false;
      const delOtro = conocidas(t);
      return (DEFINICIONES[t] as unknown as DefinicionCarga<string>).obligatorias.every((c) => delOtro.has(c)) && delOtro.size > propias;
    });
    const pista = otro
      ? ` Parece un archivo de ${otro}: elija el tipo "${NOMBRE_TIPO_CARGA[otro]}" al cargarlo.`
      : ` La primera fila debe tener los nombres de las columnas: ${lista(def.columnas)}.`;
    const que =
      faltan.length === 1 ? `Falta la columna obligatoria ${lista(faltan)}.` : `Faltan las columnas obligatorias ${lista(faltan)}.`;
    throw new ErrorArchivo(que + pista);
  }
  return posiciones;
}
