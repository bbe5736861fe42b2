// The device's own database (IndexedDB through `idb`): the outbox of sales made without the
// API, the shop's catalogue as last known, and small facts (device number, sequence, cursors).
import type { ClienteCatalogo, ProductoCatalogo } from '@minimarket/contracts/catalogo';
import type { Pago, Venta, VentaCreate } from '@minimarket/contracts/ventas';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

export type EstadoPendiente = 'pendiente' | 'enviada' | 'rechazada';

/** One sale of the outbox, from the moment it is made on the device until the server's answer. */
export interface VentaPendiente {
  /** The Idempotency-Key, made on the device before the first send and kept for every retry. */
  clave: string;
  /** Order of the outbox: sales are sent in the order they were made. */
  seq: number;
  /** "CK7Q2-0042": the device's provisional reference, printed while the sale has no number. */
  referencia_local: string;
  id_minimarket: number;
  /**
   * Who sold it (the person at the till then); the body names them as `id_vendedor`, so any session of
   * the same shop may send it later (outbox.ts puedeEnviarla).
   */
  id_usuario: number | null;
  /** The POST body as sent (origen: 'offline', fecha_venta, referencia_local, id_vendedor, ultimo_contacto included). */
  cuerpo: VentaCreate & { origen: 'offline'; fecha_venta: string; referencia_local: string };
  /** What the receipt shows before the server answers. */
  lineas: Array<{
    nombre: string;
    cantidad: number;
    unidad: 'unidad' | 'kg';
    precio: number;
    subtotal: number;
    /** The line's discount (issue 32); absent on sales kept by an earlier version. */
    descuento?: number;
  }>;
  /** Why the sale carries a discount (issue 32). */
  motivo_descuento?: string | null;
  pagos: Pago[];
  monto_recibido: number | null;
  cliente: string | null;
  estado: EstadoPendiente;
  creada: string;
  intentos: number;
  /** The server's sale once it answered 2xx (for the receipt and its reprint). */
  venta?: Venta;
  /** The server's Spanish reason when it refused the sale for good. */
  motivo?: string;
  codigo?: string;
  /** When the cashier acknowledged a refused sale (it stays stored, no longer shown). */
  vista?: string;
}

/**
 * The catalogue's rows are stored as GET /productos/catalogo gives them (the contract's row types), plus
 * their shop. A product with no barcode (a kg product with only its PLU) is left out of the barcode index.
 */
export type { ClienteCatalogo, ProductoCatalogo } from '@minimarket/contracts/catalogo';

interface OfflineDb extends DBSchema {
  ventas_pendientes: {
    key: string;
    value: VentaPendiente;
    indexes: { por_seq: number; por_referencia: string };
  };
  catalogo_productos: {
    key: [number, number];
    value: ProductoCatalogo & { id_minimarket: number };
    indexes: { por_codigo: [number, string]; por_tienda: number; por_plu: [number, string] };
  };
  catalogo_clientes: {
    key: [number, number];
    value: ClienteCatalogo & { id_minimarket: number };
    indexes: { por_tienda: number };
  };
  meta: { key: string; value: unknown };
}

const NOMBRE_DB = 'minimarket-caja';
let abierta: Promise<IDBPDatabase<OfflineDb>> | null = null;

export function db(): Promise<IDBPDatabase<OfflineDb>> {
  abierta ??= openDB<OfflineDb>(NOMBRE_DB, 2, {
    upgrade(base, anterior, _nueva, tx) {
      // Version 2 adds the PLU index (a scale label read without connection); a device coming
      // from 1 keeps its outbox and catalogue.
      if (anterior >= 1) {
        tx.objectStore('catalogo_productos').createIndex('por_plu', ['id_minimarket', 'codigo_plu']);
        return;
      }
      const ventas = base.createObjectStore('ventas_pendientes', { keyPath: 'clave' });
      ventas.createIndex('por_seq', 'seq');
      ventas.createIndex('por_referencia', 'referencia_local', { unique: true });
      const productos = base.createObjectStore('catalogo_productos', { keyPath: ['id_minimarket', 'id_producto'] });
      productos.createIndex('por_codigo', ['id_minimarket', 'codigo_barra']);
      productos.createIndex('por_tienda', 'id_minimarket');
      productos.createIndex('por_plu', ['id_minimarket', 'codigo_plu']);
      const clientes = base.createObjectStore('catalogo_clientes', { keyPath: ['id_minimarket', 'id_cliente'] });
      clientes.createIndex('por_tienda', 'id_minimarket');
      base.createObjectStore('meta');
    },
  });
  return abierta;
}

export async function leerMeta<T>(clave: string): Promise<T | undefined> {
  return (await (await db()).get('meta', clave)) as T | undefined;
}

export async function guardarMeta(clave: string, valor: unknown): Promise<void> {
  await (await db()).put('meta', valor, clave);
}

/**
 * Asks the browser not to evict this origin's storage under pressure (the outbox holds sales
 * nobody else has). Browsers may say no (Chrome decides by engagement); asked once per start.
 */
export async function pedirAlmacenamientoPersistente(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
}
