// Demo data: three accounts, two shops stocked from the catalogue and about 90
// days of believable sales, so every screen shows something true on first start
// (decisions §1). Everything is derived from a fixed seed, so two runs with the
// same `ahora` produce the same rows, and everything is written in one
// transaction, so a crash never leaves half a seed behind. By concern: the people
// and shops (cuentas.ts), the shelves (surtido.ts), the sales history
// (historial.ts), la libreta (libreta.ts); here, one shop and the whole seed.
import type { Db, Tx } from '../client.js';
import { leerEstadoSistema, marcarEstadoSistema } from '../../data/estado-sistema.js';
import { crearMinimarket } from '../../data/minimarket.js';
import { sumarPendientes } from '../../data/resumen-ventas.js';
import { fechaLocal, sumarDias } from '../../lib/tiempo.js';
import { hashPassword } from '../../lib/passwords.js';
import { LLAVES_BLOQUEO } from '../../lib/llaves-bloqueo.js';
import { mulberry32 } from './azar.js';
import { ADMIN, crearCuenta, TIENDAS, type TiendaDemo } from './cuentas.js';
import { escribirHistorial, fiarCompras, generarVentas, mediodiaSantiago } from './historial.js';
import { crearClientesLibreta, elegirComprasFiadas, sembrarAbonos } from './libreta.js';
import { armarSurtido, escribirAvisosDeStock, escribirProductos } from './surtido.js';

export { lineasCuentasDemo } from './cuentas.js';

const DIAS_POR_DEFECTO = 90;
const TIMEOUT_TRANSACCION_MS = 120_000;
const MS_POR_HORA = 3_600_000;
/** Accounts and shelves date from 07:00 of the first history day, before its first sale. */
const HORAS_ANTES_DEL_MEDIODIA_APERTURA = 5;

async function sembrarTienda(tx: Tx, tienda: TiendaDemo, hash: string, dias: number, ahora: Date, desde: Date): Promise<void> {
  const rng = mulberry32(tienda.semilla);
  const { id_usuario } = await crearCuenta(tx, tienda.duena, hash, 'pyme', desde);
  const { id_minimarket } = await crearMinimarket(tx, {
    id_usuario,
    nombre_minimarket: tienda.minimarket.nombre,
    direccion: tienda.minimarket.direccion,
    comuna: tienda.minimarket.comuna,
    tamano: tienda.minimarket.tamano,
    rubro: tienda.minimarket.rubro,
    etiqueta_prefijo: tienda.formatoEtiqueta?.prefijo ?? null,
    etiqueta_digitos_plu: tienda.formatoEtiqueta?.digitos_plu ?? null,
    etiqueta_contenido: tienda.formatoEtiqueta?.contenido ?? null,
    fecha_creacion: desde,
  });
  const duenos = { id_minimarket, id_usuario };

  const productos = armarSurtido(tienda, rng);
  // The history first (no database), so the first count can be today's stock plus what it sold.
  // La libreta: its customers first, so the sales that were theirs are written 'Fiado' at once.
  const generadas = generarVentas(productos, tienda, dias, ahora, rng);
  const idsClientes = await crearClientesLibreta(tx, id_minimarket, tienda.libreta);
  const compras = elegirComprasFiadas(tienda.libreta, generadas, ahora);
  const ventas = fiarCompras(generadas, compras, idsClientes);
  const vendidas = productos.map(() => 0);
  for (const v of ventas) for (const l of v.lineas) vendidas[l.indice] += l.unidades;
  const idProducto = await escribirProductos(tx, duenos, productos, vendidas, desde);
  await escribirHistorial(tx, duenos, productos, idProducto, ventas, vendidas);
  // La libreta: some abonos paid those sales on credit, and the notices due today.
  if (tienda.libreta.length > 0) {
    await sembrarAbonos(
      tx,
      { id_minimarket, id_usuario },
      tienda.libreta,
      idsClientes.map((id_cliente, c) => ({ id_cliente, compras: compras[c]!.map((i) => ventas[i]!.total) })),
      ahora,
    );
  }
  // The analytics' summaries of that history, now rather than by the worker after the start.
  await sumarPendientes(tx, id_minimarket, null);

  // The stock notices, at the last sale of each product (or its count, for one that never sold).
  const ultimaVenta = new Map<number, Date>();
  for (const v of ventas) for (const l of v.lineas) ultimaVenta.set(l.indice, v.fecha);
  await escribirAvisosDeStock(tx, duenos, productos, idProducto, ultimaVenta, { desde, ahora });
}

/** The estado_sistema row that says the demo data is in (set in the seed's own transaction). */
export const CLAVE_DATOS_DEMO = 'datos_demo';
/** Any constant: two replicas starting at once seed one after the other, the second finding it done. */
const LOCK_SEMILLA = LLAVES_BLOQUEO.semilla;

/**
 * Seeds the demo accounts, shops, products and sales history once. Whether it already did is
 * recorded in estado_sistema, not guessed from an e-mail address: renaming the demo admin
 * never makes a start try again. Returns { creado: false } when it was done before.
 */
export async function seedDemo(db: Db, opts: { dias?: number; ahora?: Date } = {}): Promise<{ creado: boolean }> {
  if (await leerEstadoSistema(db, CLAVE_DATOS_DEMO)) return { creado: false };

  const dias = opts.dias ?? DIAS_POR_DEFECTO;
  const ahora = opts.ahora ?? new Date();
  // Accounts, shops and shelves date from the opening of the first history day.
  const primerDia = sumarDias(fechaLocal(ahora), -Math.max(0, dias - 1));
  const desde = new Date(mediodiaSantiago(primerDia) - HORAS_ANTES_DEL_MEDIODIA_APERTURA * MS_POR_HORA);

  // Hashing is slow on purpose; do it before the transaction opens.
  const hashAdmin = await hashPassword(ADMIN.contrasena);
  const hashes = await Promise.all(TIENDAS.map((t) => hashPassword(t.duena.contrasena)));

  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_SEMILLA}::bigint)`;
      if (await leerEstadoSistema(tx, CLAVE_DATOS_DEMO)) return { creado: false };
      await crearCuenta(tx, ADMIN, hashAdmin, 'administrador', desde);
      for (const [i, tienda] of TIENDAS.entries()) {
        await sembrarTienda(tx, tienda, hashes[i], dias, ahora, desde);
      }
      await marcarEstadoSistema(tx, CLAVE_DATOS_DEMO, `${dias} días de ventas hasta ${ahora.toISOString()}`);
      return { creado: true };
    },
    { timeout: TIMEOUT_TRANSACCION_MS, maxWait: TIMEOUT_TRANSACCION_MS },
  );
}
