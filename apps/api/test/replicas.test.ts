// Two real API processes over one PostgreSQL, started here as an operator would start them
// (DATABASE_URL, JWT_SECRET, ADMIN_EMAIL/ADMIN_PASSWORD; no SEED_DEMO). What one replica counts
// or queues, the other sees; a replica that restarts or dies takes nothing down with it.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, type Db } from '../src/db/client.js';
import { escuchar } from './sse.js';
import { puertoLibre } from './base-propia.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { correo: 'operaciones@almacenes.cl', password: 'Primera2026' };
const LEASE_SEGUNDOS = 3;

interface Replica {
  nombre: string;
  child: ChildProcess;
  base: string;
  salida: () => string;
}

let databaseUrl: string;
let db: Db;
const vivas = new Set<ChildProcess>();

async function iniciar(nombre: string, extra: Record<string, string> = {}): Promise<Replica> {
  const port = await puertoLibre();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'un-secreto-compartido-por-las-replicas-0123456789',
      ADMIN_EMAIL: ADMIN.correo,
      ADMIN_PASSWORD: ADMIN.password,
      PORT: String(port),
      LOG_LEVEL: 'info',
      IMPORT_LEASE_SECONDS: String(LEASE_SEGUNDOS),
      IMPORT_POLL_MS: '200',
      WEB_DIST_DIR: '/nonexistent',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  vivas.add(child);
  child.on('exit', () => vivas.delete(child));
  let salida = '';
  child.stdout!.on('data', (c) => (salida += c));
  child.stderr!.on('data', (c) => (salida += c));
  const hasta = Date.now() + 60_000;
  while (!salida.includes('Minimarket está listo')) {
    if (child.exitCode !== null || Date.now() > hasta) throw new Error(`${nombre} no arrancó:\n${salida}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { nombre, child, base: `http://127.0.0.1:${port}`, salida: () => salida };
}

async function detener(r: Replica, senal: NodeJS.Signals = 'SIGTERM') {
  if (r.child.exitCode !== null) return;
  const fin = new Promise((resolve) => r.child.once('exit', resolve));
  r.child.kill(senal);
  await fin;
}

const login = (r: Replica, correo: string, password: string) =>
  fetch(`${r.base}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: correo, password }),
  });

async function token(r: Replica, correo: string, password: string) {
  const res = await login(r, correo, password);
  if (res.status !== 200) throw new Error(`login ${correo} en ${r.nombre}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api(r: Replica, tk: string, metodo: string, ruta: string, cuerpo?: unknown) {
  const res = await fetch(`${r.base}/api${ruta}`, {
    method: metodo,
    headers: { authorization: `Bearer ${tk}`, ...(cuerpo ? { 'content-type': 'application/json' } : {}) },
    body: cuerpo ? JSON.stringify(cuerpo) : undefined,
  });
  if (!res.ok) throw new Error(`${metodo} ${ruta} en ${r.nombre}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

function csvProductos(n: number, prefijo: string) {
  const filas = ['nombre_producto;categoria;precio_venta;stock;codigo_barra'];
  for (let i = 0; i < n; i++) filas.push(`Producto ${prefijo} ${i};Abarrotes;$1.990;5;${prefijo}-${i}`);
  return filas.join('\r\n');
}

async function subir(r: Replica, tk: string, q: { id_minimarket: number; id_usuario: number }, nombre: string, contenido: string) {
  const form = new FormData();
  form.append('file', new Blob([contenido]), nombre);
  const res = await fetch(`${r.base}/api/upload/files/?id_minimarket=${q.id_minimarket}&id_usuario=${q.id_usuario}&upload_type=productos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tk}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload en ${r.nombre}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id_archivo: number }).id_archivo;
}

/** The pid part of trabajo_carga.tomado_por ('host:pid:random'). */
const pidQueToma = async (idArchivo: number) => {
  const t = await db.trabajoCarga.findFirst({ where: { id_archivo: idArchivo } });
  return t?.tomado_por ? Number(t.tomado_por.split(':')[1]) : null;
};

async function esperar<T>(que: () => Promise<T | null | undefined | false>, ms: number, descripcion: string): Promise<T> {
  const hasta = Date.now() + ms;
  for (;;) {
    const v = await que();
    if (v) return v;
    if (Date.now() > hasta) throw new Error(`no pasó a tiempo: ${descripcion}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let a: Replica;
let b: Replica;
let tienda: { id_minimarket: number; id_usuario: number };
let tokenPyme: string;

beforeAll(async () => {
  // A database of its own, empty: the replicas migrate it themselves, as on a first deployment.
  const serverUrl = inject('pgServerUrl');
  const nombre = `replicas_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nombre}`);
  await admin.end();
  databaseUrl = `${serverUrl}/${nombre}`;
  db = createDb(databaseUrl, 3);
  // Both start at once: one migrates and creates the administrador, the other finds them done.
  [a, b] = await Promise.all([iniciar('A'), iniciar('B')]);
}, 120_000);

afterAll(async () => {
  for (const child of vivas) child.kill('SIGKILL');
  await db?.$disconnect();
});

describe('a real deployment (DATABASE_URL, no SEED_DEMO)', () => {
  it('has no demo account; the first administrador comes from ADMIN_EMAIL / ADMIN_PASSWORD, once', async () => {
    expect(await db.usuario.count({ where: { correo: { in: ['admin@demo.cl', 'pyme@demo.cl', 'pyme2@demo.cl'] } } })).toBe(0);
    expect((await login(a, 'admin@demo.cl', 'Admin1234')).status).toBe(401);
    expect(await db.usuario.count({ where: { rol: 'administrador' } })).toBe(1);
    for (const r of [a, b]) expect((await login(r, ADMIN.correo, ADMIN.password)).status).toBe(200);
    expect(a.salida() + b.salida()).not.toContain('Cuentas de demostración');
  });

  it('writes no reset token nor password in its request log', async () => {
    const logins = () => a.salida().split('/api/auth/token').length;
    const antes = logins();
    await fetch(`${a.base}/reset-password?token=TokenSecreto123abc`, { headers: { accept: 'text/html' } });
    await login(a, ADMIN.correo, 'ClaveDeLog2026');
    // Until both requests are in the log (it is written after the answer).
    await esperar(async () => a.salida().includes('/reset-password?token=%5Boculto%5D') && logins() > antes, 30_000, 'el registro');
    expect(a.salida()).toContain('/reset-password?token=%5Boculto%5D');
    expect(a.salida()).not.toContain('TokenSecreto123abc');
    expect(a.salida()).not.toContain('ClaveDeLog2026');
    await db.limiteIntento.deleteMany({});
  });

  it('refuses to start without JWT_SECRET', async () => {
    await expect(iniciar('sin secreto', { JWT_SECRET: '' })).rejects.toThrow(/JWT_SECRET/);
  });
});

describe('two replicas over one PostgreSQL', () => {
  beforeAll(async () => {
    const tk = await token(a, ADMIN.correo, ADMIN.password);
    const rut = (n: number) => {
      let suma = 0;
      let m = 2;
      for (const d of String(n).split('').reverse()) {
        suma += Number(d) * m;
        m = m === 7 ? 2 : m + 1;
      }
      const dv = 11 - (suma % 11);
      return `${n}-${dv === 11 ? '0' : dv === 10 ? 'K' : dv}`;
    };
    const duena = (await api(a, tk, 'POST', '/users', {
      nombre: 'Rosa Díaz',
      correo: 'rosa@almacen.cl',
      empresa: 'Almacén Rosa',
      rol: 'pyme',
      contrasena: 'Almacen2026',
      rut_usuario: rut(12345678),
      rut_empresa: rut(76543219),
    })) as { id_usuario: number };
    const m = (await api(b, tk, 'POST', '/minimarkets/', {
      nombre_minimarket: 'Almacén Rosa',
      direccion: 'Los Aromos 12',
      comuna: 'Puente Alto',
      rubro: 'Almacén',
      tamano: 'Pequeño',
      id_usuario: duena.id_usuario,
    })) as { id_minimarket: number };
    tienda = { id_minimarket: m.id_minimarket, id_usuario: duena.id_usuario };
    tokenPyme = await token(b, 'rosa@almacen.cl', 'Almacen2026');
  }, 60_000);

  it('counts failed logins split across both once', async () => {
    const intentos = [a, b, a, b, a].map((r, i) => login(r, 'rosa@almacen.cl', `Equivocada${i}`));
    expect((await Promise.all(intentos)).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    for (const r of [a, b]) {
      const res = await login(r, 'rosa@almacen.cl', 'Almacen2026');
      expect(res.status).toBe(429);
      expect(((await res.json()) as { detail: string }).detail).toBe('Demasiados intentos. Intenta nuevamente en 15 minutos.');
    }
    await db.limiteIntento.deleteMany({});
  });

  it('a token logged out on one replica is refused by the other', async () => {
    const tk = await token(a, 'rosa@almacen.cl', 'Almacen2026');
    expect((await fetch(`${b.base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${tk}` } })).status).toBe(204);
    expect((await fetch(`${a.base}/api/users/me`, { headers: { authorization: `Bearer ${tk}` } })).status).toBe(401);
  });

  it("a logout on one replica ends that session's live stream on the other; a ticket used on one is refused by the other", async () => {
    const tk = await token(a, 'rosa@almacen.cl', 'Almacen2026');
    const oye = await escuchar(b.base, tk);
    try {
      const otraVez = await fetch(`${a.base}/api/soporte/eventos?ticket=${encodeURIComponent(oye.ticket)}`);
      expect(otraVez.status).toBe(401);
      expect(((await otraVez.json()) as { code: string }).code).toBe('TICKET_USED');
      expect((await fetch(`${a.base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${tk}` } })).status).toBe(204);
      await oye.esperarFin(10_000);
    } finally {
      oye.cerrar();
    }
  });

  it('a support message written on one replica reaches a listener on the other, both ways (LISTEN/NOTIFY)', async () => {
    const tkAdmin = await token(a, ADMIN.correo, ADMIN.password);
    const oyeAdmin = await escuchar(b.base, tkAdmin);
    const oyePyme = await escuchar(a.base, tokenPyme);
    try {
      const c = (await api(a, tokenPyme, 'POST', '/soporte/conversaciones', { asunto: 'Desde A', mensaje: 'Hola desde la réplica A' })) as {
        id_conversacion: number;
      };
      const e = await oyeAdmin.esperar((x) => x.tipo === 'mensaje' && x.mensaje.texto === 'Hola desde la réplica A');
      expect(e).toMatchObject({ id_conversacion: c.id_conversacion });
      await api(b, tkAdmin, 'POST', `/soporte/conversaciones/${c.id_conversacion}/mensajes`, { texto: 'Respondo desde B' });
      await oyePyme.esperar((x) => x.tipo === 'mensaje' && x.mensaje.texto === 'Respondo desde B');
    } finally {
      oyeAdmin.cerrar();
      oyePyme.cerrar();
    }
  });

  it('an upload taken by one is not touched when the other restarts, and ends Completado', async () => {
    // Big enough to still run after the other replica has restarted (a few seconds).
    const N = 250_000;
    const id = await subir(a, tokenPyme, tienda, 'grande-1.csv', csvProductos(N, 'R1'));
    const pid = await esperar(() => pidQueToma(id), 20_000, 'alguna réplica toma la carga');
    const [duena, otra] = pid === a.child.pid ? [a, b] : [b, a];
    expect(duena.child.pid).toBe(pid);
    await detener(otra);
    const reiniciada = await iniciar(`${otra.nombre} reiniciada`);
    if (otra === a) a = reiniciada;
    else b = reiniciada;
    // The restarted replica is up, and the import it did not run is still running where it was.
    const mientras = await db.archivoCarga.findFirstOrThrow({ where: { id_archivo: id } });
    expect(mientras.estado_procesamiento).toBe('En revisión');
    expect(await pidQueToma(id)).toBe(pid);
    const final = await esperar(
      async () => {
        const c = await db.archivoCarga.findFirstOrThrow({ where: { id_archivo: id } });
        return c.estado_procesamiento !== 'En revisión' && c;
      },
      90_000,
      'la carga termina',
    );
    expect(final.estado_procesamiento).toBe('Completado');
    expect(await db.producto.count({ where: { id_minimarket: tienda.id_minimarket, codigo_barra: { startsWith: 'R1-' } } })).toBe(N);
  }, 150_000);

  it('an outbox of offline sales sent to a replica killed mid-send, then sent again to the other: each sale once', async () => {
    const producto = (await api(b, tokenPyme, 'POST', '/productos/', {
      id_minimarket: tienda.id_minimarket,
      codigo_barra: 'SIN-RED-1',
      nombre_producto: 'Marraqueta envasada',
      categoria: 'Abarrotes',
      precio_venta: 1000,
      stock: 100,
    })) as { id_producto: number };
    const N = 30;
    const ahora = Date.now();
    // The device's outbox (issue #22): each sale with its key and its own time.
    const cola = Array.from({ length: N }, (_, i) => ({
      clave: crypto.randomUUID(),
      cuerpo: {
        id_minimarket: tienda.id_minimarket,
        total: 1000,
        metodo_pago: 'Efectivo',
        origen: 'offline',
        referencia_local: `C7-${String(i + 1).padStart(4, '0')}`,
        fecha_venta: new Date(ahora - (N - i) * 60_000).toISOString(),
        detalles: [{ id_producto: producto.id_producto, num_unidades: 1, precio_unitario: 1000, subtotal: 1000 }],
      },
    }));
    const enviar = (r: Replica, v: (typeof cola)[number]) =>
      fetch(`${r.base}/api/ventas/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokenPyme}`, 'content-type': 'application/json', 'idempotency-key': v.clave },
        body: JSON.stringify(v.cuerpo),
      }).then(
        (res) => res.status,
        () => 0, // the process died under it: no answer
      );

    // All sent to A at once; A dies (kill -9) as soon as the first answers come back.
    let respondidas = 0;
    const envios = cola.map((v) => enviar(a, v).then((s) => ((respondidas += s === 201 ? 1 : 0), s)));
    await esperar(async () => respondidas >= 3, 30_000, 'las primeras ventas llegan a A');
    await detener(a, 'SIGKILL');
    await Promise.all(envios);

    // The device sends its whole outbox again, in order, to B: what A stored is answered, the rest stored.
    for (const v of cola) expect([200, 201]).toContain(await enviar(b, v));
    const ventas = await db.venta.findMany({
      where: { id_minimarket: tienda.id_minimarket, idempotency_key: { in: cola.map((v) => v.clave) } },
      select: { idempotency_key: true, fecha_venta: true, origen: true },
    });
    expect(ventas).toHaveLength(N);
    expect(new Set(ventas.map((v) => v.idempotency_key)).size).toBe(N);
    expect(ventas.every((v) => v.origen === 'offline' && v.fecha_venta.getTime() < ahora)).toBe(true);
    expect((await db.producto.findFirstOrThrow({ where: { id_producto: producto.id_producto } })).stock).toBe(100 - N);
    // A comes back for the tests that follow.
    a = await iniciar('A');
  }, 120_000);

  it('killing the replica that runs an import: after its lease the other takes it and finishes it', async () => {
    const N = 100_000;
    const id = await subir(b, tokenPyme, tienda, 'grande-2.csv', csvProductos(N, 'R2'));
    const pid = await esperar(() => pidQueToma(id), 20_000, 'alguna réplica toma la carga');
    const [victima, sobreviviente] = pid === a.child.pid ? [a, b] : [b, a];
    await detener(victima, 'SIGKILL');
    const muerteEn = Date.now();
    const final = await esperar(
      async () => {
        const c = await db.archivoCarga.findFirstOrThrow({ where: { id_archivo: id } });
        return c.estado_procesamiento !== 'En revisión' && c;
      },
      120_000,
      'la carga termina en la otra réplica',
    );
    expect(final.estado_procesamiento).toBe('Completado');
    // Not before the dead replica's lease ran out, and by the survivor (its second try).
    expect(Date.now() - muerteEn).toBeGreaterThanOrEqual(LEASE_SEGUNDOS * 1000 - 1000);
    expect(JSON.parse(final.detalle_resultado!).productos_cargados).toBe(N);
    expect(await db.producto.count({ where: { id_minimarket: tienda.id_minimarket, codigo_barra: { startsWith: 'R2-' } } })).toBe(N);
    expect(sobreviviente.child.exitCode).toBeNull();
  }, 180_000);
});
