// The demo's sales history: about 90 days of believable sales per shop, drawn from its own random
// stream (busy Fridays, lunch and after-work peaks, small baskets, cash for small buys, a business
// that grew a little), with the libreta's purchases on credit in it; then written as the counter
// would have left it, each sale's units out of the stock in the ledger.
import { METODOS_ABONO, type MetodoAbono } from '@minimarket/contracts/clientes';
import { ESTADO_VENTA_COMPLETADA, type MetodoPago } from '@minimarket/contracts/comunes';
import { montoPorPeso } from '@minimarket/contracts/granel';
import type { Tx } from '../client.js';
import { registrarSalidasDeHistorial } from '../../data/movimiento-stock.js';
import { insertarHistorial, reservarIdsVenta } from '../../data/venta.js';
import { fechaLocal, localAUtc, sumarDias, type FechaLocal } from '../../lib/tiempo.js';
import { entero, Ponderado, type Rng } from './azar.js';
import type { TiendaDemo } from './cuentas.js';
import { esGranel, type ProductoTienda } from './surtido.js';

/**
 * The instant of noon, Santiago time, on a local date. Chile changes its clocks at
 * midnight, so times counted from noon are right for the whole 08:00–22:00 day.
 */
export const mediodiaSantiago = ({ anio, mes, dia }: FechaLocal) => localAUtc(anio, mes, dia, 12).getTime();

/** The weight of a kg line, in grams: 0,2 to 1,5 kg, what a counter weighs. */
const GRAMOS_LINEA = { min: 200, max: 1_500 };
/** Sunday first, as Date#getUTCDay counts: quiet Sunday, busy Friday and Saturday. */
const FACTOR_DIA_SEMANA = [0.7, 0.9, 0.9, 0.95, 1.0, 1.25, 1.35];
/** Business grew a little over the period, so the trend charts are not flat. */
const TENDENCIA = { inicio: 0.92, fin: 1.05 };
const RUIDO_DIARIO = 0.15;
/** Opening hours 08:00–22:00 with the lunch and after-work peaks. */
const PESO_POR_HORA: ReadonlyArray<readonly [number, number]> = [
  [8, 2],
  [9, 3],
  [10, 3],
  [11, 4],
  [12, 7],
  [13, 8],
  [14, 6],
  [15, 4],
  [16, 4],
  [17, 5],
  [18, 8],
  [19, 9],
  [20, 8],
  [21, 5],
];
/** Lines per sale: 1 to 6, mostly small baskets. */
const PESO_LINEAS = [30, 25, 18, 12, 8, 7];
/** Units per line: cheap items go by the handful, dearer ones one at a time. */
const PRECIO_BARATO = 1_000;
const PESO_UNIDADES_BARATO = [55, 25, 12, 8];
const PESO_UNIDADES_NORMAL = [78, 17, 5];
/**
 * Payment mix by ticket size: cash for small buys, cards as the total grows. Order as METODOS_ABONO:
 * every method but Fiado (a sale on credit needs a customer: fiarCompras gives the libreta's their customer).
 */
const MEZCLA_PAGO: ReadonlyArray<{ hasta: number; pesos: Record<MetodoAbono, number> }> = [
  { hasta: 3_000, pesos: { Efectivo: 55, 'Tarjeta de Débito': 28, 'Transferencia Bancaria': 10, 'Tarjeta de Crédito': 7 } },
  { hasta: 15_000, pesos: { Efectivo: 38, 'Tarjeta de Débito': 38, 'Transferencia Bancaria': 13, 'Tarjeta de Crédito': 11 } },
  { hasta: Infinity, pesos: { Efectivo: 25, 'Tarjeta de Débito': 40, 'Transferencia Bancaria': 15, 'Tarjeta de Crédito': 20 } },
];
const ELECCION_PAGO = MEZCLA_PAGO.map((m) => ({
  hasta: m.hasta,
  elegir: new Ponderado(METODOS_ABONO.map((metodo) => m.pesos[metodo])),
}));
/** Re-draws allowed when a basket picks a product it already holds. */
const REINTENTOS_PRODUCTO = 8;

interface LineaGenerada {
  indice: number;
  /** Units, or grams for a kg product. */
  unidades: number;
  /** precio × unidades, or montoPorPeso(precio por kilo, gramos) for a kg product. */
  subtotal: number;
}

export interface VentaGenerada {
  fecha: Date;
  total: number;
  metodo: MetodoPago;
  /** A sale on credit ('Fiado'): its customer. */
  id_cliente?: number;
  lineas: LineaGenerada[];
}

/**
 * The history with the libreta's purchases on credit in it: each chosen sale paid 'Fiado' by its
 * customer (the same basket and total; only how it was paid changes, so stock and totals stay).
 */
export function fiarCompras(
  ventas: readonly VentaGenerada[],
  compras: readonly number[][],
  idsClientes: readonly number[],
): VentaGenerada[] {
  const cliente = new Map<number, number>();
  compras.forEach((indices, c) => indices.forEach((i) => cliente.set(i, idsClientes[c]!)));
  return ventas.map((v, i) => {
    const id_cliente = cliente.get(i);
    return id_cliente === undefined ? v : { ...v, metodo: 'Fiado', id_cliente };
  });
}

export function generarVentas(
  productos: readonly ProductoTienda[],
  tienda: TiendaDemo,
  dias: number,
  ahora: Date,
  rng: Rng,
): VentaGenerada[] {
  const eligeProducto = new Ponderado(productos.map((p) => p.catalogo.popularidad));
  const eligeHora = new Ponderado(PESO_POR_HORA.map(([, peso]) => peso));
  const eligeLineas = new Ponderado(PESO_LINEAS);
  const unidadesBarato = new Ponderado(PESO_UNIDADES_BARATO);
  const unidadesNormal = new Ponderado(PESO_UNIDADES_NORMAL);

  const limite = ahora.getTime();
  const hoy = fechaLocal(ahora);
  const ventas: VentaGenerada[] = [];

  for (let atras = dias - 1; atras >= 0; atras--) {
    const dia = sumarDias(hoy, -atras);
    const mediodia = mediodiaSantiago(dia);
    const avance = dias > 1 ? (dias - 1 - atras) / (dias - 1) : 1;
    const tendencia = TENDENCIA.inicio + (TENDENCIA.fin - TENDENCIA.inicio) * avance;
    const ruido = 1 - RUIDO_DIARIO + rng() * 2 * RUIDO_DIARIO;
    const { base, min, max } = tienda.ventasPorDia;
    const cantidad = Math.min(max, Math.max(min, Math.round(base * FACTOR_DIA_SEMANA[dia.diaSemana] * tendencia * ruido)));

    const delDia: VentaGenerada[] = [];
    for (let n = 0; n < cantidad; n++) {
      const hora = PESO_POR_HORA[eligeHora.elegir(rng)][0];
      const segundos = (hora - 12) * 3600 + entero(rng, 0, 59) * 60 + entero(rng, 0, 59);
      const fecha = mediodia + segundos * 1000;
      // Today's history stops at "now"; the draws above still happen, so earlier days stay identical.
      const numLineas = eligeLineas.elegir(rng) + 1;

      const lineas: LineaGenerada[] = [];
      const enCarro = new Set<number>();
      let total = 0;
      for (let l = 0; l < numLineas; l++) {
        let indice = eligeProducto.elegir(rng);
        for (let r = 0; r < REINTENTOS_PRODUCTO && enCarro.has(indice); r++) indice = eligeProducto.elegir(rng);
        if (enCarro.has(indice)) continue;
        enCarro.add(indice);
        const producto = productos[indice];
        const precio = producto.precio;
        if (esGranel(producto)) {
          const gramos = entero(rng, GRAMOS_LINEA.min, GRAMOS_LINEA.max);
          const subtotal = montoPorPeso(precio, gramos);
          lineas.push({ indice, unidades: gramos, subtotal });
          total += subtotal;
          continue;
        }
        const unidades = (precio < PRECIO_BARATO ? unidadesBarato : unidadesNormal).elegir(rng) + 1;
        lineas.push({ indice, unidades, subtotal: precio * unidades });
        total += precio * unidades;
      }
      const pago = ELECCION_PAGO.find((m) => total <= m.hasta) ?? ELECCION_PAGO[ELECCION_PAGO.length - 1];
      const metodo = METODOS_ABONO[pago.elegir.elegir(rng)];
      if (fecha <= limite) delDia.push({ fecha: new Date(fecha), total, metodo, lineas });
    }
    delDia.sort((a, b) => a.fecha.getTime() - b.fecha.getTime());
    ventas.push(...delDia);
  }
  return ventas;
}

/**
 * The sales of the history, and each one's units out of the stock in the ledger, in the order they
 * happened: a product's ledger adds up to today's stock, never below zero on the way. `vendidas`:
 * what the history sold of each product (its count was today's stock plus that).
 */
export async function escribirHistorial(
  tx: Tx,
  duenos: { id_minimarket: number; id_usuario: number },
  productos: readonly ProductoTienda[],
  idProducto: readonly number[],
  ventas: readonly VentaGenerada[],
  vendidas: readonly number[],
): Promise<void> {
  const { id_minimarket, id_usuario } = duenos;
  const ids = await reservarIdsVenta(tx, ventas.length);
  const lineas = ventas.flatMap((v, i) =>
    v.lineas.map((l) => {
      const p = productos[l.indice];
      return {
        id_venta: ids[i],
        id_minimarket,
        id_producto: idProducto[l.indice],
        num_unidades: l.unidades,
        precio_unitario: p.precio,
        subtotal: l.subtotal,
        nombre_producto: p.catalogo.nombre,
        costo_unitario: p.catalogo.costo,
        categoria: p.catalogo.categoria,
        unidad: esGranel(p) ? ('kg' as const) : ('unidad' as const),
      };
    }),
  );
  const numeros = await insertarHistorial(
    tx,
    ventas.map((v, i) => ({
      id_venta: ids[i],
      id_minimarket,
      id_usuario,
      fecha_venta: v.fecha,
      total: v.total,
      metodo_pago: v.metodo,
      estado_venta: ESTADO_VENTA_COMPLETADA,
      id_cliente: v.id_cliente ?? null,
    })),
    lineas,
  );
  const enEstante = productos.map((p, i) => p.stock + vendidas[i]!);
  await registrarSalidasDeHistorial(
    tx,
    id_minimarket,
    id_usuario,
    ventas.flatMap((v, i) =>
      v.lineas.map((l) => {
        enEstante[l.indice]! -= l.unidades;
        return {
          id_producto: idProducto[l.indice]!,
          id_venta: ids[i]!,
          cantidad: l.unidades,
          stock_resultante: enEstante[l.indice]!,
          motivo: `Venta N° ${numeros.get(ids[i]!)}`,
          fecha: v.fecha,
        };
      }),
    ),
  );
}
