// The shop's catalogue on the device: products (prices, PLUs, stock as last known) and fiado
// customers, kept in IndexedDB and refreshed by what changed since the last refresh
// (GET /productos/catalogo?desde=<cursor>). The counter reads it when the API does not answer.
import type { Catalogo } from '@minimarket/contracts/catalogo';
import type { Producto } from '@minimarket/contracts/productos';
import { ApiError, apiRequest } from '../api-client';
import { type ClienteCatalogo, db, guardarMeta, leerMeta, type ProductoCatalogo } from './db';

export type { ClienteCatalogo, ProductoCatalogo } from './db';

const claveCursor = (idMinimarket: number) => `cursor_catalogo:${idMinimarket}`;

async function aplicar(idMinimarket: number, productos: ProductoCatalogo[], clientes: ClienteCatalogo[], todo: boolean) {
  const tx = (await db()).transaction(['catalogo_productos', 'catalogo_clientes'], 'readwrite');
  const tp = tx.objectStore('catalogo_productos');
  const tc = tx.objectStore('catalogo_clientes');
  if (todo) {
    // A full load replaces the shop's rows (a product deleted meanwhile must not stay sellable).
    await tp.delete(IDBKeyRange.bound([idMinimarket, -Infinity], [idMinimarket, Infinity]));
    await tc.delete(IDBKeyRange.bound([idMinimarket, -Infinity], [idMinimarket, Infinity]));
  }
  for (const p of productos) void tp.put({ ...p, id_minimarket: idMinimarket });
  for (const c of clientes) void tc.put({ ...c, id_minimarket: idMinimarket });
  await tx.done;
}

const enCurso = new Map<number, Promise<void>>();

/**
 * Brings the device's catalogue up to date: everything the first time, then only what changed
 * since the cursor the server gave last. Failures are quiet (the catalogue stays as it was).
 */
export function refrescarCatalogo(idMinimarket: number): Promise<void> {
  const previo = enCurso.get(idMinimarket);
  if (previo) return previo;
  const ronda = (async () => {
    const pedir = (desde: string | undefined) =>
      apiRequest<Catalogo>('/productos/catalogo', { query: { id_minimarket: idMinimarket, desde } });
    const cursor = await leerMeta<string>(claveCursor(idMinimarket));
    let respuesta: Catalogo;
    try {
      respuesta = await pedir(cursor);
    } catch (e) {
      // A cursor the server no longer reads (422): the whole catalogue again.
      if (e instanceof ApiError && e.status === 422 && cursor) respuesta = await pedir(undefined);
      else throw e;
    }
    await aplicar(idMinimarket, respuesta.productos, respuesta.clientes, respuesta.completo);
    await guardarMeta(claveCursor(idMinimarket), respuesta.cursor);
    await guardarMeta(`catalogo_al_dia:${idMinimarket}`, new Date().toISOString());
  })()
    .catch(() => {})
    .finally(() => enCurso.delete(idMinimarket));
  enCurso.set(idMinimarket, ronda);
  return ronda;
}

/** A catalogue row as the counter's cart wants a product (fields the catalogue lacks are empty). */
export function comoProducto(p: ProductoCatalogo & { id_minimarket: number }): Producto {
  return {
    id_producto: p.id_producto,
    id_minimarket: p.id_minimarket,
    nombre_producto: p.nombre_producto,
    categoria: p.categoria as Producto['categoria'],
    precio_venta_actual: p.precio_venta_actual,
    precio_compra_actual: null,
    stock: p.stock,
    codigo_barra: p.codigo_barra,
    descripcion: null,
    marca: null,
    imagen: null,
    estado: p.estado as Producto['estado'],
    unidad: p.unidad,
    codigo_plu: p.codigo_plu,
    fecha_creacion: '',
  };
}

/** The scanner's lookup on the device: an active product of the shop with exactly this barcode. */
export async function productoLocalPorCodigo(idMinimarket: number, codigo: string): Promise<Producto | null> {
  const filas = await (await db()).getAllFromIndex('catalogo_productos', 'por_codigo', [idMinimarket, codigo]);
  const activo = filas.find((p) => p.estado === 'activo');
  return activo ? comoProducto(activo) : null;
}

const sinTildes = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The manual search on the device: active products whose name or code holds the text, by name. */
export async function buscarProductosLocales(
  idMinimarket: number,
  texto: string,
  pagina: number,
  tamano: number,
): Promise<{ items: Producto[]; total: number }> {
  const buscado = sinTildes(texto.trim());
  const filas = await (await db()).getAllFromIndex('catalogo_productos', 'por_tienda', idMinimarket);
  const hallados = filas
    .filter(
      (p) => p.estado === 'activo' && (!buscado || sinTildes(p.nombre_producto).includes(buscado) || p.codigo_barra.includes(buscado)),
    )
    .sort((a, b) => a.nombre_producto.localeCompare(b.nombre_producto, 'es'));
  return { items: hallados.slice((pagina - 1) * tamano, pagina * tamano).map(comoProducto), total: hallados.length };
}

/** The fiado picker on the device: active customers whose name or RUT holds the text. */
export async function buscarClientesLocales(idMinimarket: number, texto: string, limite: number): Promise<ClienteCatalogo[]> {
  const buscado = sinTildes(texto.trim());
  const filas = await (await db()).getAllFromIndex('catalogo_clientes', 'por_tienda', idMinimarket);
  return filas
    .filter((c) => c.activo && (!buscado || sinTildes(c.nombre).includes(buscado) || (c.rut ?? '').includes(texto.trim())))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'))
    .slice(0, limite);
}

/** A sale made on the device takes its units off the stock as last known (the server has the last word). */
export async function descontarStockLocal(idMinimarket: number, detalles: Array<{ id_producto: number; num_unidades: number }>) {
  const tx = (await db()).transaction('catalogo_productos', 'readwrite');
  for (const d of detalles) {
    const fila = await tx.store.get([idMinimarket, d.id_producto]);
    if (fila) await tx.store.put({ ...fila, stock: Math.max(0, fila.stock - d.num_unidades) });
  }
  await tx.done;
}
