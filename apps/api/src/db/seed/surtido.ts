// The demo shops' shelves, from the catalogue (catalogo.ts): what each carries, at what price, with
// how much stock (a few real gaps, so the out-of-stock and low-stock views have something to show),
// written with the inventory count that opened them, and the stock notices those gaps raised.
import { factorUmbral } from '@minimarket/contracts/cantidad';
import type { Tx } from '../client.js';
import { crearNotificaciones } from '../../data/notificacion.js';
import { crearProductosIniciales } from '../../data/producto.js';
import { avisoAgotado, avisoStockBajo } from '../../lib/avisos.js';
import { fechaLocal, localAUtc } from '../../lib/tiempo.js';
import { barajar, entero, type Rng } from './azar.js';
import { CATALOGO, type ProductoCatalogo } from './catalogo.js';
import type { TiendaDemo } from './cuentas.js';

const MOTIVO_INVENTARIO_INICIAL = 'Inventario inicial (datos de demostración)';

export interface ProductoTienda {
  catalogo: ProductoCatalogo;
  precio: number;
  /** Units, or grams for a kg product. */
  stock: number;
}

/** Products this popular are always carried, never left out of stock and kept well stocked. */
const POPULARIDAD_BASICA = 8;
const VARIACION_PRECIO = { min: 0.96, max: 1.08 };
const STOCK_BASICO = { min: 40, max: 120 };
const STOCK_NORMAL = { min: 6, max: 80 };
/** A kg product's stock, in grams: 15 to 60 kg of a staple (the day's bread), 3 to 25 kg of the rest. */
const STOCK_BASICO_KG = { min: 15_000, max: 60_000 };
const STOCK_NORMAL_KG = { min: 3_000, max: 25_000 };
/** The minimarket's default umbral_stock_bajo: below it a product counts as low stock (kilos for a kg product). */
export const UMBRAL_STOCK_BAJO = 5;
const STOCK_BAJO = { min: 1, max: UMBRAL_STOCK_BAJO - 1 };
const STOCK_BAJO_KG = { min: 300, max: UMBRAL_STOCK_BAJO * 1000 - 100 };

export const esGranel = (p: ProductoTienda) => p.catalogo.unidad === 'kg';

/** Rounds to the nearest price ending in 90, the way Chilean shelves are priced. */
function redondearA90(precio: number): number {
  return Math.max(90, Math.round((precio + 10) / 100) * 100 - 10);
}

export function armarSurtido(tienda: TiendaDemo, rng: Rng): ProductoTienda[] {
  let elegidos: readonly ProductoCatalogo[] = CATALOGO;
  if (tienda.surtido !== null) {
    // Staples first, then a random share of the rest; kept in catalogue order.
    const basicos = CATALOGO.filter((p) => p.popularidad >= POPULARIDAD_BASICA);
    const resto = barajar(
      rng,
      CATALOGO.filter((p) => p.popularidad < POPULARIDAD_BASICA),
    );
    const incluidos = new Set([...basicos, ...resto.slice(0, Math.max(0, tienda.surtido - basicos.length))]);
    elegidos = CATALOGO.filter((p) => incluidos.has(p));
  }

  const productos = elegidos.map((catalogo): ProductoTienda => {
    let precio = catalogo.precio;
    if (tienda.variaPrecios) {
      const factor = VARIACION_PRECIO.min + rng() * (VARIACION_PRECIO.max - VARIACION_PRECIO.min);
      const nuevo = redondearA90(catalogo.precio * factor);
      if (nuevo > catalogo.costo) precio = nuevo;
    }
    const basico = catalogo.popularidad >= POPULARIDAD_BASICA;
    const rango = catalogo.unidad === 'kg' ? (basico ? STOCK_BASICO_KG : STOCK_NORMAL_KG) : basico ? STOCK_BASICO : STOCK_NORMAL;
    return { catalogo, precio, stock: entero(rng, rango.min, rango.max) };
  });

  // A few real gaps on the shelf, so the out-of-stock and low-stock views have something to show.
  const candidatos = barajar(
    rng,
    productos.filter((p) => p.catalogo.popularidad < POPULARIDAD_BASICA),
  );
  candidatos.slice(0, tienda.agotados).forEach((p) => (p.stock = 0));
  candidatos
    .slice(tienda.agotados, tienda.agotados + tienda.stockBajo)
    .forEach(
      (p) => (p.stock = esGranel(p) ? entero(rng, STOCK_BAJO_KG.min, STOCK_BAJO_KG.max) : entero(rng, STOCK_BAJO.min, STOCK_BAJO.max)),
    );
  return productos;
}

/**
 * The shop's products, counted at `desde` with today's stock plus what the history sold (`vendidas`,
 * per product), so a product's ledger adds up to today's stock. Returns each product's id, in order.
 */
export async function escribirProductos(
  tx: Tx,
  duenos: { id_minimarket: number; id_usuario: number },
  productos: readonly ProductoTienda[],
  vendidas: readonly number[],
  desde: Date,
): Promise<number[]> {
  const { id_minimarket, id_usuario } = duenos;
  const idPorCodigo = await crearProductosIniciales(
    tx,
    productos.map((p, i) => ({
      id_minimarket,
      nombre_producto: p.catalogo.nombre,
      categoria: p.catalogo.categoria,
      precio_venta_actual: p.precio,
      precio_compra_actual: p.catalogo.costo,
      unidad: p.catalogo.unidad,
      codigo_plu: p.catalogo.plu,
      stock: p.stock,
      stock_inicial: p.stock + vendidas[i]!,
      codigo_barra: p.catalogo.codigo,
      descripcion: p.catalogo.descripcion,
      marca: p.catalogo.marca,
      costo_unitario: p.catalogo.costo,
      fecha: desde,
    })),
    id_usuario,
    MOTIVO_INVENTARIO_INICIAL,
  );
  return productos.map((p) => idPorCodigo.get(p.catalogo.codigo)!);
}

/**
 * The notices the stock checks raised, when they raised them: at the last sale of each product now
 * sold out or low (`ultimaVenta`, by product index: the sale that emptied the shelf), or when the
 * inventory was counted (`desde`) for one that never sold. Those of earlier days are already read,
 * as an owner would have.
 */
export async function escribirAvisosDeStock(
  tx: Tx,
  duenos: { id_minimarket: number; id_usuario: number },
  productos: readonly ProductoTienda[],
  idProducto: readonly number[],
  ultimaVenta: ReadonlyMap<number, Date>,
  fechas: { desde: Date; ahora: Date },
): Promise<void> {
  const { id_minimarket, id_usuario } = duenos;
  const { desde, ahora } = fechas;
  const inicioDeHoy = localAUtc(fechaLocal(ahora).anio, fechaLocal(ahora).mes, fechaLocal(ahora).dia);
  await crearNotificaciones(
    tx,
    productos.flatMap((p, indice) => {
      if (p.stock >= UMBRAL_STOCK_BAJO * factorUmbral(p.catalogo.unidad)) return [];
      const producto = { id_producto: idProducto[indice]!, nombre_producto: p.catalogo.nombre };
      const fecha = ultimaVenta.get(indice) ?? desde;
      return [
        {
          ...(p.stock === 0 ? avisoAgotado(producto) : avisoStockBajo(producto, p.stock, p.catalogo.unidad)),
          id_usuario,
          id_minimarket,
          fecha,
          leida: fecha < inicioDeHoy,
        },
      ];
    }),
  );
}
