// The outbox: sales made while the API did not answer wait here, in IndexedDB, and the page
// itself sends them in order when it answers again (no Background Sync: Firefox and Safari lack
// it). Each keeps the Idempotency-Key it was given on the device, so a send whose answer was lost
// and is repeated returns the first sale instead of making a second one. One sender at a time
// across the browser's tabs (navigator.locks); docs/offline.md «La caja sin conexión».
import { ApiError, api } from '../api-client';
import { leerUsuarioGuardado } from '../auth-token';
import { registrarResultado } from './conexion';
import { db, type VentaPendiente } from './db';

export type { VentaPendiente } from './db';

/** How long a send may take before it counts as no answer (it is retried with the same key). */
const ESPERA_ENVIO_MS = 20_000;
/** Sent sales stay on the device this long, for their receipt's reprint. */
const GUARDAR_ENVIADAS_MS = 7 * 24 * 60 * 60 * 1000;

export interface EstadoOutbox {
  pendientes: number;
  /** Refused for good and not yet acknowledged by the cashier: shown until they are. */
  rechazadas: VentaPendiente[];
  enviando: boolean;
  /** Sales this tab saw reach the server (the screens refresh their figures when it grows). */
  enviadas: number;
  /** The last round of this tab that sent any: how many (said once, «3 ventas enviadas»); `ronda` tells rounds apart. */
  ultimoEnvio: { cantidad: number; ronda: number } | null;
}

let estado: EstadoOutbox = { pendientes: 0, rechazadas: [], enviando: false, enviadas: 0, ultimoEnvio: null };
const oyentes = new Set<() => void>();
const canal = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('outbox') : null;

function fijar(cambio: Partial<EstadoOutbox>) {
  estado = { ...estado, ...cambio };
  for (const o of oyentes) o();
}

export function leerEstado(): EstadoOutbox {
  return estado;
}

export function suscribirOutbox(oyente: () => void): () => void {
  oyentes.add(oyente);
  return () => oyentes.delete(oyente);
}

/** Counts the outbox again (after a change here or in another tab). */
export async function recontar(): Promise<void> {
  const todas = await (await db()).getAll('ventas_pendientes');
  fijar({
    pendientes: todas.filter((v) => v.estado === 'pendiente').length,
    rechazadas: todas.filter((v) => v.estado === 'rechazada' && !v.vista).sort((a, b) => a.seq - b.seq),
  });
}

function cambiado() {
  canal?.postMessage('cambio');
  return recontar();
}

if (canal) {
  canal.onmessage = (e) => {
    if (e.data === 'enviando' || e.data === 'listo') fijar({ enviando: e.data === 'enviando' });
    // Another tab got an answer from the API: this one is not without a connection either.
    if (e.data === 'respuesta') registrarResultado(false);
    void recontar();
  };
}

/** Letters and digits a cashier cannot misread (no 0/O, 1/I/L). */
const ALFABETO_DISPOSITIVO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * The next provisional reference of this device: "C{id}-{seq}", id four characters drawn once and
 * kept (31⁴ ≈ 920.000 of them: two tills of one shop practically never share one, so two receipts
 * never carry the same reference), seq one more each time, both in one transaction (two tabs never
 * take the same one). A device that kept a number from 1 to 99 (the first version) draws an id.
 */
export async function nuevaReferenciaLocal(): Promise<{ referencia: string; seq: number }> {
  const tx = (await db()).transaction('meta', 'readwrite');
  const meta = tx.objectStore('meta');
  let dispositivo = await meta.get('dispositivo');
  if (typeof dispositivo !== 'string') {
    const azar = crypto.getRandomValues(new Uint32Array(4));
    dispositivo = Array.from(azar, (n) => ALFABETO_DISPOSITIVO[n % ALFABETO_DISPOSITIVO.length]).join('');
    await meta.put(dispositivo, 'dispositivo');
  }
  const seq = (((await meta.get('seq_venta')) as number | undefined) ?? 0) + 1;
  await meta.put(seq, 'seq_venta');
  await tx.done;
  return { referencia: `C${dispositivo}-${String(seq).padStart(4, '0')}`, seq };
}

export async function encolarVenta(venta: VentaPendiente): Promise<void> {
  await (await db()).put('ventas_pendientes', venta);
  await cambiado();
}

export async function ventaPorReferencia(referencia: string): Promise<VentaPendiente | undefined> {
  return (await db()).getFromIndex('ventas_pendientes', 'por_referencia', referencia);
}

/** The cashier saw a refused sale: it stays stored, no longer shown. */
export async function marcarVista(clave: string): Promise<void> {
  const base = await db();
  const venta = await base.get('ventas_pendientes', clave);
  if (!venta) return;
  await base.put('ventas_pendientes', { ...venta, vista: new Date().toISOString() });
  await cambiado();
}

/** What signing out says while this device still holds sales to send (they stay; anyone of the shop sends them). */
export function mensajeVentasSinEnviar(n: number): string {
  return n === 1
    ? 'Queda 1 venta sin enviar en este equipo: se enviará cuando alguien de la tienda vuelva a entrar.'
    : `Quedan ${n} ventas sin enviar en este equipo: se enviarán cuando alguien de la tienda vuelva a entrar.`;
}

/** A refusal that sending again will not change (the same key with the same cart gets the same answer). */
export function esRechazoFinal(e: ApiError): boolean {
  if (e.status < 400 || e.status >= 500) return false;
  // 401: the session ended (the sale waits for the next login); 408/429: try again later.
  return ![401, 408, 429].includes(e.status);
}

async function enviarUna(venta: VentaPendiente): Promise<'enviada' | 'rechazada' | 'detener'> {
  const base = await db();
  try {
    const respuesta = await api('POST /ventas/', {
      json: venta.cuerpo,
      headers: { 'Idempotency-Key': venta.clave },
      signal: AbortSignal.timeout(ESPERA_ENVIO_MS),
    });
    await base.put('ventas_pendientes', { ...venta, estado: 'enviada', venta: respuesta, intentos: venta.intentos + 1 });
    return 'enviada';
  } catch (e) {
    if (e instanceof ApiError && esRechazoFinal(e)) {
      await base.put('ventas_pendientes', {
        ...venta,
        estado: 'rechazada',
        motivo: e.detail,
        codigo: e.code,
        intentos: venta.intentos + 1,
      });
      return 'rechazada';
    }
    // No answer, a 5xx, an ended session: the sale keeps its place and its key for the next round.
    await base.put('ventas_pendientes', { ...venta, intentos: venta.intentos + 1 });
    return 'detener';
  }
}

/**
 * Whether the session on this device now may send a sale of the outbox: anyone of the sale's shop
 * (the sale names its seller itself, `id_vendedor`; docs/offline.md «El rastro»), so a till where people
 * take turns empties its outbox whoever is signed in. A session of another shop, or none known, leaves
 * it waiting: sent with that token the server would refuse it for good (403).
 */
export function puedeEnviarla(
  venta: Pick<VentaPendiente, 'id_minimarket'>,
  sesion: { minimarkets: Array<{ id_minimarket: number }> } | null,
): boolean {
  return sesion !== null && sesion.minimarkets.some((m) => m.id_minimarket === venta.id_minimarket);
}

async function vaciar(): Promise<void> {
  fijar({ enviando: true });
  canal?.postMessage('enviando');
  let enviadasEnRonda = 0;
  try {
    const base = await db();
    // Read again inside the lock: another tab may have sent some while this one waited.
    const enOrden = await base.getAllFromIndex('ventas_pendientes', 'por_seq');
    const sesion = leerUsuarioGuardado<{ id_usuario: number; minimarkets: Array<{ id_minimarket: number }> }>();
    for (const venta of enOrden) {
      if (venta.estado !== 'pendiente') continue;
      if (!puedeEnviarla(venta, sesion)) continue;
      const resultado = await enviarUna(venta);
      if (resultado !== 'detener') canal?.postMessage('respuesta');
      if (resultado === 'enviada') {
        enviadasEnRonda += 1;
        fijar({ enviadas: estado.enviadas + 1 });
      }
      await cambiado();
      if (resultado === 'detener') break;
    }
    if (enviadasEnRonda > 0) fijar({ ultimoEnvio: { cantidad: enviadasEnRonda, ronda: (estado.ultimoEnvio?.ronda ?? 0) + 1 } });
    // Sent sales older than a week leave the device (their receipts print from the server).
    const limite = Date.now() - GUARDAR_ENVIADAS_MS;
    for (const venta of enOrden) {
      if (venta.estado === 'enviada' && Date.parse(venta.creada) < limite) await base.delete('ventas_pendientes', venta.clave);
    }
  } finally {
    fijar({ enviando: false });
    canal?.postMessage('listo');
  }
}

let enCurso: Promise<void> | null = null;

/**
 * Sends what waits, in order, one sender at a time across tabs. A sale is removed from the wait
 * only on a 2xx (kept as 'enviada' with the server's sale) or a final refusal (kept as
 * 'rechazada' with the server's reason); anything else stops the round and keeps it for the next.
 */
export function enviarPendientes(): Promise<void> {
  if (enCurso) return enCurso;
  const ronda = async () => {
    await recontar();
    if (estado.pendientes === 0) return;
    if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request('outbox', vaciar);
    else await vaciar();
  };
  enCurso = ronda().finally(() => {
    enCurso = null;
  });
  return enCurso;
}
