// The shop's catalogue on the device: products (prices, PLUs, stock as last known) and fiado
// customers, kept in IndexedDB and refreshed by what changed since the last refresh
// (GET /productos/catalogo?desde=<cursor>). The counter reads it when the API does not answer.
import type { Catalogo } from '@minimarket/contracts/catalogo';
import {
  type FormatoEtiqueta,
  leerEtiqueta,
  mensajePluDesconocido,
  normalizarPlu,
  pesoDeEtiqueta,
} from '@minimarket/contracts/etiqueta-balanza';
import type { Producto } from '@minimarket/contracts/productos';
import { ApiError, api } from '../api-client';
import { type ClienteCatalogo, db, guardarMeta, leerMeta, type ProductoCatalogo } from './db';

export type { ClienteCatalogo, ProductoCatalogo } from './db';

const PREFIJO_CURSOR = 'cursor_catalogo:';
const PREFIJO_SALDOS = 'saldos_clientes:';
const claveCursor = (idMinimarket: number) => `${PREFIJO_CURSOR}${idMinimarket}`;
const claveSaldos = (idMinimarket: number) => `${PREFIJO_SALDOS}${idMinimarket}`;
const claveFormato = (idMinimarket: number) => `formato_etiqueta:${idMinimarket}`;

async function aplicar(idMinimarket: number, { productos, clientes, completo: todo, saldos, formato_etiqueta }: Catalogo) {
  // Balances and the label layout come whole in every answer: they replace what the device had.
  const porCliente: Record<number, number> = Object.fromEntries(saldos.map((s) => [s.id_cliente, s.saldo]));
  await guardarMeta(claveSaldos(idMinimarket), porCliente);
  await guardarMeta(claveFormato(idMinimarket), formato_etiqueta);
  // The server's stock does not count this device's sales still waiting to be sent: they come off it
  // again, so a refresh never puts back on the shelf what was sold here meanwhile (descontarStockLocal).
  // Read before the write transaction opens (awaiting anything else would end it).
  const porEnviar = await unidadesPorEnviar(idMinimarket);
  const tx = (await db()).transaction(['catalogo_productos', 'catalogo_clientes'], 'readwrite');
  const tp = tx.objectStore('catalogo_productos');
  const tc = tx.objectStore('catalogo_clientes');
  if (todo) {
    // A full load replaces the shop's rows (a product deleted meanwhile must not stay sellable).
    await tp.delete(IDBKeyRange.bound([idMinimarket, -Infinity], [idMinimarket, Infinity]));
    await tc.delete(IDBKeyRange.bound([idMinimarket, -Infinity], [idMinimarket, Infinity]));
  }
  for (const p of productos)
    void tp.put({ ...p, stock: Math.max(0, p.stock - (porEnviar.get(p.id_producto) ?? 0)), id_minimarket: idMinimarket });
  for (const c of clientes) void tc.put({ ...c, id_minimarket: idMinimarket });
  await tx.done;
}

/** Units (grams of a kg product) of each product in this device's sales of the shop still waiting to be sent. */
async function unidadesPorEnviar(idMinimarket: number): Promise<Map<number, number>> {
  const porProducto = new Map<number, number>();
  for (const v of await (await db()).getAll('ventas_pendientes')) {
    if (v.estado !== 'pendiente' || v.id_minimarket !== idMinimarket) continue;
    for (const d of (v.cuerpo.detalles ?? []) as Array<{ id_producto?: number | null; num_unidades: number }>) {
      if (d.id_producto) porProducto.set(d.id_producto, (porProducto.get(d.id_producto) ?? 0) + d.num_unidades);
    }
  }
  return porProducto;
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
    const pedir = (desde: string | undefined) => api('GET /productos/catalogo', { query: { id_minimarket: idMinimarket, desde } });
    const cursor = await leerMeta<string>(claveCursor(idMinimarket));
    let respuesta: Catalogo;
    try {
      respuesta = await pedir(cursor);
    } catch (e) {
      // A cursor the server no longer reads (422): the whole catalogue again.
      if (e instanceof ApiError && e.status === 422 && cursor) respuesta = await pedir(undefined);
      else throw e;
    }
    await aplicar(idMinimarket, respuesta);
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
    categoria: p.categoria,
    precio_venta_actual: p.precio_venta_actual,
    precio_compra_actual: null,
    stock: p.stock,
    codigo_barra: p.codigo_barra,
    descripcion: null,
    marca: null,
    imagen: null,
    estado: p.estado,
    unidad: p.unidad,
    codigo_plu: p.codigo_plu,
    // The counter does not need it: the server writes the boleta from its own product rows.
    exento: false,
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
      (p) =>
        p.estado === 'activo' && (!buscado || sinTildes(p.nombre_producto).includes(buscado) || (p.codigo_barra ?? '').includes(buscado)),
    )
    .sort((a, b) => a.nombre_producto.localeCompare(b.nombre_producto, 'es'));
  return { items: hallados.slice((pagina - 1) * tamano, pagina * tamano).map(comoProducto), total: hallados.length };
}

/**
 * The fiado picker on the device: active customers whose name or RUT holds the text, each with
 * what they owe as the device knows it: the balance of the last refresh plus the fiado of this
 * device's sales still waiting to be sent (null: this device never got a balance).
 */
export async function buscarClientesLocales(
  idMinimarket: number,
  texto: string,
  limite: number,
): Promise<Array<ClienteCatalogo & { saldo: number | null }>> {
  const buscado = sinTildes(texto.trim());
  const base = await db();
  const filas = await base.getAllFromIndex('catalogo_clientes', 'por_tienda', idMinimarket);
  const saldos = await leerMeta<Record<number, number>>(claveSaldos(idMinimarket));
  const porEnviar = new Map<number, number>();
  for (const v of await base.getAll('ventas_pendientes')) {
    const cliente = Number(v.cuerpo.id_cliente ?? 0);
    if (v.estado !== 'pendiente' || v.id_minimarket !== idMinimarket || !cliente) continue;
    const fiado = v.pagos.filter((p) => p.metodo_pago === 'Fiado').reduce((suma, p) => suma + p.monto, 0);
    porEnviar.set(cliente, (porEnviar.get(cliente) ?? 0) + fiado);
  }
  return filas
    .filter((c) => c.activo && (!buscado || sinTildes(c.nombre).includes(buscado) || (c.rut ?? '').includes(texto.trim())))
    .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'))
    .slice(0, limite)
    .map(({ id_minimarket: _tienda, ...c }) => ({
      ...c,
      saldo: saldos === undefined ? null : (saldos[c.id_cliente] ?? 0) + (porEnviar.get(c.id_cliente) ?? 0),
    }));
}

/**
 * A label read: the product, the grams that leave the stock and what the line charges (a price label
 * its printed amount, a weight label montoPorPeso of its grams; contracts' pesoDeEtiqueta).
 */
export type EtiquetaLocal =
  { tipo: 'no_es_etiqueta' } | { tipo: 'error'; mensaje: string } | { tipo: 'ok'; producto: Producto; gramos: number; monto: number };

/**
 * A scale label read on the device, as the server reads it (GET /productos/etiqueta): the shop's
 * layout of the last refresh, the PLU among the catalogue's active kg products, the grams by
 * contracts' pesoDeEtiqueta. The messages are the server's.
 */
export async function leerEtiquetaLocal(idMinimarket: number, codigo: string): Promise<EtiquetaLocal> {
  const formato = await leerMeta<FormatoEtiqueta | null>(claveFormato(idMinimarket));
  if (!formato) return { tipo: 'no_es_etiqueta' };
  const lectura = leerEtiqueta(codigo, formato);
  if (!lectura.ok) return lectura.motivo === 'no_es_etiqueta' ? { tipo: 'no_es_etiqueta' } : { tipo: 'error', mensaje: lectura.mensaje };
  const plu = normalizarPlu(lectura.plu);
  const filas = await (await db()).getAllFromIndex('catalogo_productos', 'por_plu', [idMinimarket, plu]);
  const producto = filas.find((p) => p.estado === 'activo' && p.unidad === 'kg');
  if (!producto) return { tipo: 'error', mensaje: mensajePluDesconocido(plu) };
  const peso = pesoDeEtiqueta(lectura, producto);
  if (!peso.ok) return { tipo: 'error', mensaje: peso.mensaje };
  return { tipo: 'ok', producto: comoProducto(producto), gramos: peso.gramos, monto: peso.monto };
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

/**
 * At the end of a session: the device forgets the shops' customers and what they owe (personal data
 * nobody signed in needs), and the catalogue's cursors with them, so the next session's first refresh
 * is a whole one and brings the customers back. The products stay until then (prices are no secret),
 * and the outbox stays until it is sent.
 */
export async function olvidarClientes(): Promise<void> {
  const base = await db();
  const tx = base.transaction(['catalogo_clientes', 'meta'], 'readwrite');
  await tx.objectStore('catalogo_clientes').clear();
  const meta = tx.objectStore('meta');
  for (const clave of await meta.getAllKeys()) {
    if (typeof clave === 'string' && (clave.startsWith(PREFIJO_SALDOS) || clave.startsWith(PREFIJO_CURSOR))) await meta.delete(clave);
  }
  await tx.done;
}
