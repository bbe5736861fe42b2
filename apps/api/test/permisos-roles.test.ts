// Who may call what (issue 31, docs/cajeros.md): every route the app registers, for an administrador,
// a shop owner (pyme@demo.cl, Minimarket Don Pepe) and a cashier of Don Pepe, on Don Pepe's data and,
// for the owner and the cashier, on Almacén La Esquina's. The table names each route once; a route
// the app registers that the table does not name fails the first test, so a new route is decided
// here on purpose (auth.ts closes it to cashiers by default; this says whether that was right).
//
// Refused calls run first, in parallel, between two fingerprints of every table a call could write:
// a refusal changes nothing. Then the calls that must go through run one role after the other, in the
// table's order (a shift is opened, read, moved and closed by the same role), with valid bodies, so a
// 2xx proves the access. Disagreements are gathered and reported together, each naming the route, the
// role, the shop, what was expected and what came back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMISOR_SIMULADOR } from './boletas-helpers.js';
import { fixture, importar, multipart } from './cargas-helpers.js';
import { createTestContext, DEMO, nuevoProducto, type TestContext } from './helpers.js';

/** Every route as the app registers it, by Fastify's onRoute hook (see vi.mock below). */
const registradas = vi.hoisted(() => [] as Array<{ metodos: string[]; url: string }>);

// buildApp creates its Fastify instance itself; wrapping the factory attaches the hook before any
// plugin or route registers, so every route is seen, also one the OpenAPI document hides.
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const conRegistro = ((opciones?: Parameters<typeof original.default>[0]) => {
    const app = original.default(opciones);
    app.addHook('onRoute', (ruta) => {
      registradas.push({ metodos: ([] as string[]).concat(ruta.method), url: ruta.url ?? ruta.path });
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: conRegistro, fastify: conRegistro };
});

/**
 * ok: the call went through (any 2xx unless the row says which answer proves it, e.g. a 422 about the
 * input). rol: 403 FORBIDDEN_ROLE or ADMIN_ONLY. tienda: another shop's data, 403 FORBIDDEN_MINIMARKET
 * when the call names the shop, 404 for a record of it addressed by id. autorizacion: 403
 * REQUIERE_AUTORIZACION, the owner's PIN is needed.
 */
type Resultado = 'ok' | 'rol' | 'tienda' | 'autorizacion';
type Quien = 'administrador' | 'pyme' | 'cajero';
/**
 * administrador, pyme and cajero on Don Pepe's data; then, where the call names a shop or a record of
 * one, the pyme and the cajero on La Esquina's.
 */
type Esperado = readonly [Resultado, Resultado, Resultado] | readonly [Resultado, Resultado, Resultado, Resultado, Resultado];

/** Open to the shop's cashiers: each on its own shop; another shop's data is nobody's there. */
const DE_CAJA = ['ok', 'ok', 'ok', 'tienda', 'tienda'] as const;
/** The owner's and any administrador's, on a shop; never a cashier's. */
const DEL_DUENO = ['ok', 'ok', 'rol', 'tienda', 'rol'] as const;
/** Each one's own (their account, their session): no shop in the call. */
const DE_CADA_UNO = ['ok', 'ok', 'ok'] as const;
/** Each owner's or administrador's own; not a cashier's. */
const DE_CADA_DUENO = ['ok', 'ok', 'rol'] as const;
/** Administradores only. */
const DEL_ADMIN = ['ok', 'rol', 'rol'] as const;
/** Administradores only, on a shop: the other shop changes nothing. */
const DEL_ADMIN_EN_TIENDA = ['ok', 'rol', 'rol', 'rol', 'rol'] as const;

const PIN_DUENO = '2580';
const PIN_CAJERO = '4821';
const PIN_CAJERO_AJENO = '7305';
/** A price label of Don Pepe's scale: 600 g of marraqueta, $1.494 (docs/granel.md). */
const ETIQUETA_MARRAQUETA = '2000001014943';
const EMISOR = { ...EMISOR_SIMULADOR, razon_social: 'Comercial de Prueba SpA' };

interface Producto {
  id_producto: number;
  precio_venta_actual: number;
  codigo_barra: string;
}

/** One shop's records the calls address. */
interface Tienda {
  id: number;
  nombre: string;
  producto: Producto;
  /** A customer who owes (so an abono is valid). */
  cliente: number;
  venta: number;
  /** An open shift (while the refusals run; La Esquina's stays open). */
  turno: number;
  /** A sale set aside for the owner (an offline sale refused for good). */
  rechazada: number;
  conversacion: number;
  /** One of the owner's notices. */
  notificacion: number;
  /** An upload with rejected rows. */
  carga: number;
  /** A boleta waiting in the outbox. */
  documento: number;
  /** A cashier the owner may rename or delete (not the one whose session the test uses). */
  cajeroExtra: number;
  pinCajero: string;
}

interface Llamada {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** A session of its own (a logout, a password change): the caller's, issued for this call. */
  token?: string;
}

interface Contexto {
  quien: Quien;
  /** The caller's id_usuario. */
  yo: number;
  /** The shop whose data the call touches. */
  t: Tienda;
  /** The call must go through: one that deletes or settles something gets a record of its own. */
  ok: boolean;
}

interface Caso {
  quien: Quien;
  ajena: boolean;
  espera: Resultado;
  llamada: (c: Contexto) => Llamada | Promise<Llamada>;
  /** What proves an 'ok' when it is not a 2xx. */
  ok?: readonly number[];
  nota?: string;
}

/** The extra case of a route a cashier may call only with the owner's PIN: with it, it goes through. */
const conPinDelDueno = (llamada: Caso['llamada']): Omit<Caso, 'ok'> => ({
  quien: 'cajero',
  ajena: false,
  espera: 'ok',
  nota: 'with the owner’s PIN',
  llamada,
});

interface Fila {
  /** Method and path as the app registers it, parameters in braces. */
  ruta: string;
  espera: Esperado;
  llamada: (c: Contexto) => Llamada | Promise<Llamada>;
  ok?: readonly number[];
  /** A server-sent event stream: called over HTTP and dropped once its status is known. */
  flujo?: boolean;
  /** Other calls of the same route that the matrix's columns do not cover. */
  extras?: Array<Omit<Caso, 'ok'>>;
}

let ctx: TestContext;
const tokens = {} as Record<Quien | 'pyme2', string>;
const ids = {} as Record<Quien | 'pyme2' | 'cajeroAjeno', number>;
const nombres = {} as Record<Quien, string>;
let propia: Tienda;
let ajena: Tienda;

const get = (url: string): Llamada => ({ method: 'GET', url });
const post = (url: string, payload?: unknown): Llamada => ({ method: 'POST', url, payload });
const put = (url: string, payload: unknown): Llamada => ({ method: 'PUT', url, payload });
const patch = (url: string, payload: unknown): Llamada => ({ method: 'PATCH', url, payload });
const del = (url: string): Llamada => ({ method: 'DELETE', url });

/** A caller as the shared helpers take one (nuevoProducto, importar), on a session already open. */
const comoCliente = (token: string) => ({
  token,
  request: (l: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) =>
    ctx.app.inject({
      method: l.method as 'GET',
      url: l.url,
      payload: l.payload as string,
      headers: { authorization: `Bearer ${token}`, ...l.headers },
    }),
});

async function pedir(token: string, l: Llamada) {
  const res = await comoCliente(l.token ?? token).request(l);
  return { statusCode: res.statusCode, body: res.body };
}

/** A call that must work, to set the stage: fails the test with the answer if it does not. */
async function preparar(token: string, l: Llamada, status = [200, 201, 204]) {
  const res = await pedir(token, l);
  if (!status.includes(res.statusCode)) throw new Error(`${l.method} ${l.url}: ${res.statusCode} ${res.body}`);
  return res.body ? (JSON.parse(res.body) as Record<string, unknown>) : {};
}

let base: Promise<string> | undefined;
/** The event stream over a real socket (inject() would wait for it to end): its status, then dropped. */
async function flujo(token: string, l: Llamada) {
  base ??= ctx.app
    .listen({ host: '127.0.0.1', port: 0 })
    .then(() => `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`);
  const control = new AbortController();
  const res = await fetch(`${await base}${l.url}`, { headers: { authorization: `Bearer ${token}` }, signal: control.signal });
  if (res.status === 200) {
    control.abort();
    return { statusCode: 200, body: '' };
  }
  return { statusCode: res.status, body: await res.text() };
}

const venta = (t: Pick<Tienda, 'id' | 'producto'>, p: Producto = t.producto) => ({
  id_minimarket: t.id,
  total: p.precio_venta_actual,
  metodo_pago: 'Efectivo',
  detalles: [{ id_producto: p.id_producto, num_unidades: 1, precio_unitario: p.precio_venta_actual, subtotal: p.precio_venta_actual }],
});

let serie = 0;
/** A PIN nobody else at the shop uses. */
const pinNuevo = () => String(6100 + (serie += 1));
const correoNuevo = () => `matriz-${process.pid}-${(serie += 1)}@prueba.cl`;

// Records of their own for the calls that delete, void or settle something, made by the administrador.
const usuarioNuevo = async () =>
  (
    await preparar(
      tokens.administrador,
      post('/api/users', {
        nombre: 'Usuario de Prueba',
        correo: correoNuevo(),
        empresa: 'Prueba SpA',
        rol: 'pyme',
        contrasena: 'Clave2026x',
        rut_usuario: '12.345.678-5',
        rut_empresa: '76.086.428-5',
      }),
    )
  ).id_usuario as number;
const tiendaNueva = async () =>
  (
    await preparar(
      tokens.administrador,
      post('/api/minimarkets/', {
        nombre_minimarket: 'Almacén de Paso',
        direccion: 'Pasaje Uno 123',
        comuna: 'Maipú',
        rubro: 'Almacén',
        tamano: 'Pequeño',
        id_usuario: await usuarioNuevo(),
      }),
    )
  ).id_minimarket as number;
const cajeroNuevo = async (t: Tienda) =>
  (await preparar(tokens.administrador, post(`/api/minimarkets/${t.id}/cajeros`, { nombre: 'Cajero de Paso', pin: pinNuevo() })))
    .id_usuario as number;
const ventaNueva = async (t: Tienda) => (await preparar(tokens.administrador, post('/api/ventas/', venta(t)))).id_venta as number;
const clienteNuevo = async (t: Tienda) =>
  (await preparar(tokens.administrador, post('/api/clientes', { id_minimarket: t.id, nombre: 'Cliente de Paso' }))).id_cliente as number;
/** An offline sale whose total does not add up, sent with its key: refused for good and set aside for the owner. */
async function rechazadaNueva(t: Pick<Tienda, 'id' | 'producto'>) {
  const clave = `matriz-rechazada-${(serie += 1)}`;
  await preparar(
    tokens.administrador,
    {
      ...post('/api/ventas/', {
        ...venta(t),
        total: t.producto.precio_venta_actual + 1,
        origen: 'offline',
        fecha_venta: new Date().toISOString(),
      }),
      headers: { 'idempotency-key': clave },
    },
    [409],
  );
  return (await ctx.db.ventaRechazada.findFirstOrThrow({ where: { id_minimarket: t.id, idempotency_key: clave } })).id_venta_rechazada;
}
/**
 * A sale's boleta as the provider's rejection leaves it. The outbox is off in this file, so the boleta
 * waits in the queue untouched until marked here.
 */
async function documentoRechazado(t: Tienda) {
  const id_venta = await ventaNueva(t);
  const doc = await ctx.db.documentoDte.findFirstOrThrow({ where: { id_minimarket: t.id, id_venta } });
  await ctx.db.documentoDte.update({
    where: { id_minimarket_id_documento: { id_minimarket: t.id, id_documento: doc.id_documento } },
    data: { estado: 'rechazado', motivo: 'RUT emisor no autorizado' },
  });
  return doc.id_documento;
}
/** A sale with its boleta, voided: its nota de crédito waits in the outbox (off in this file). */
async function notaCreditoNueva(t: Tienda) {
  const id_venta = await ventaNueva(t);
  await preparar(tokens.administrador, post(`/api/ventas/${id_venta}/anulacion`, { motivo: 'Prueba de la matriz' }));
  return (await ctx.db.documentoDte.findFirstOrThrow({ where: { id_minimarket: t.id, id_venta, tipo: 61 } })).id_documento;
}
const turnoAbierto = async (t: Tienda) =>
  (await ctx.db.turnoCaja.findFirstOrThrow({ where: { id_minimarket: t.id, cerrado_en: null } })).id_turno;
async function cerrarTurnos(t: Tienda) {
  for (const turno of await ctx.db.turnoCaja.findMany({ where: { id_minimarket: t.id, cerrado_en: null } })) {
    await preparar(tokens.administrador, post(`/api/caja/turnos/${turno.id_turno}/cierre`, { monto_contado: 0 }));
  }
}
const sesionAparte = (c: Contexto) => ctx.app.issueToken({ id_usuario: c.yo, rol: c.quien });

const filtros = (t: Tienda) => `id_minimarket=${t.id}`;
const analitica = (ruta: string, extra = ''): Fila => ({
  ruta: `GET /api/analitica/${ruta}`,
  espera: DEL_DUENO,
  llamada: ({ t }) => get(`/api/analitica/${ruta}?${filtros(t)}${extra}`),
});

const TABLA: Fila[] = [
  // Sessions and PINs. The owner's PIN is set by the owner alone; switching who sells is for the
  // people of the shop (an administrador has no till), and only at a shop the session belongs to.
  {
    ruta: 'POST /api/auth/pin',
    espera: ['rol', 'ok', 'ok', 'tienda', 'tienda'],
    llamada: ({ t }) => post('/api/auth/pin', { id_minimarket: t.id, pin: t.pinCajero }),
  },
  {
    ruta: 'PUT /api/auth/pin',
    espera: ['rol', 'ok', 'rol'],
    llamada: () => put('/api/auth/pin', { pin: PIN_DUENO, contrasena: DEMO.pyme.password }),
  },
  {
    ruta: 'POST /api/auth/logout',
    espera: DE_CADA_UNO,
    llamada: async (c) => ({ ...post('/api/auth/logout'), token: await sesionAparte(c) }),
  },

  // Accounts: one's own, and the administradores' /users.
  { ruta: 'GET /api/users/me', espera: DE_CADA_UNO, llamada: () => get('/api/users/me') },
  { ruta: 'PUT /api/users/me', espera: DE_CADA_DUENO, llamada: (c) => put('/api/users/me', { nombre: nombres[c.quien] }) },
  {
    ruta: 'POST /api/users/me/password',
    espera: DE_CADA_UNO,
    // A wrong current password proves the route was reached without changing anyone's password.
    ok: [422],
    llamada: async (c) => ({
      ...post('/api/users/me/password', { contrasena_actual: 'NoEsLaMia2026', nueva_contrasena: 'OtraClave2026' }),
      token: await sesionAparte(c),
    }),
  },
  { ruta: 'GET /api/users', espera: DEL_ADMIN, llamada: () => get('/api/users') },
  { ruta: 'GET /api/users/stats', espera: DEL_ADMIN, llamada: () => get('/api/users/stats') },
  { ruta: 'GET /api/users/{id}', espera: DEL_ADMIN, llamada: () => get(`/api/users/${ids.pyme2}`) },
  {
    ruta: 'POST /api/users',
    espera: DEL_ADMIN,
    llamada: () =>
      post('/api/users', {
        nombre: 'Nueva Dueña',
        correo: correoNuevo(),
        empresa: 'Almacén Nuevo SpA',
        rol: 'pyme',
        contrasena: 'Clave2026x',
        rut_usuario: '12.345.678-5',
        rut_empresa: '76.086.428-5',
      }),
  },
  {
    ruta: 'PUT /api/users/{id}',
    espera: DEL_ADMIN,
    llamada: async (c) => put(`/api/users/${c.ok ? await usuarioNuevo() : ids.pyme2}`, { descripcion: 'Revisado' }),
  },
  { ruta: 'DELETE /api/users/{id}', espera: DEL_ADMIN, llamada: async (c) => del(`/api/users/${c.ok ? await usuarioNuevo() : ids.pyme2}`) },
  {
    ruta: 'PATCH /api/users/{id}/toggle-status',
    espera: DEL_ADMIN,
    llamada: async (c) => patch(`/api/users/${c.ok ? await usuarioNuevo() : ids.pyme2}/toggle-status`, undefined),
  },

  // Shops: read by their people, set up by the owner, created and removed by administradores.
  { ruta: 'GET /api/minimarkets/', espera: DE_CADA_UNO, llamada: () => get('/api/minimarkets/') },
  { ruta: 'GET /api/minimarkets/{id}', espera: DE_CAJA, llamada: ({ t }) => get(`/api/minimarkets/${t.id}`) },
  {
    ruta: 'PATCH /api/minimarkets/{id}/configuracion',
    espera: DEL_DUENO,
    llamada: ({ t }) => patch(`/api/minimarkets/${t.id}/configuracion`, { umbral_stock_bajo: 5 }),
  },
  // The till's quick keys: read at the till, set by the owner.
  { ruta: 'GET /api/minimarkets/{id}/teclas-rapidas', espera: DE_CAJA, llamada: ({ t }) => get(`/api/minimarkets/${t.id}/teclas-rapidas`) },
  {
    ruta: 'PUT /api/minimarkets/{id}/teclas-rapidas',
    espera: DEL_DUENO,
    llamada: ({ t }) => put(`/api/minimarkets/${t.id}/teclas-rapidas`, { productos: [t.producto.id_producto] }),
  },
  {
    ruta: 'POST /api/minimarkets/',
    espera: DEL_ADMIN,
    llamada: async (c) =>
      post('/api/minimarkets/', {
        nombre_minimarket: 'Almacén Nuevo',
        direccion: 'Los Aromos 456',
        comuna: 'La Florida',
        rubro: 'Almacén',
        tamano: 'Pequeño',
        id_usuario: c.ok ? await usuarioNuevo() : ids.pyme,
      }),
  },
  {
    ruta: 'PUT /api/minimarkets/{id}',
    espera: DEL_ADMIN_EN_TIENDA,
    llamada: ({ t }) => put(`/api/minimarkets/${t.id}`, { nombre_minimarket: t.nombre }),
  },
  {
    ruta: 'DELETE /api/minimarkets/{id}',
    espera: DEL_ADMIN_EN_TIENDA,
    llamada: async (c) => del(`/api/minimarkets/${c.ok ? await tiendaNueva() : c.t.id}`),
  },
  { ruta: 'GET /api/minimarkets/{id}/exportacion', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/minimarkets/${t.id}/exportacion`) },

  // A shop's cashiers: managed by its owner (or an administrador), never by a cashier.
  { ruta: 'GET /api/minimarkets/{id}/cajeros', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/minimarkets/${t.id}/cajeros`) },
  {
    ruta: 'POST /api/minimarkets/{id}/cajeros',
    espera: DEL_DUENO,
    llamada: ({ t }) => post(`/api/minimarkets/${t.id}/cajeros`, { nombre: 'Cajera Nueva', pin: pinNuevo() }),
  },
  {
    ruta: 'PATCH /api/minimarkets/{id}/cajeros/{id_usuario}',
    espera: DEL_DUENO,
    llamada: ({ t }) => patch(`/api/minimarkets/${t.id}/cajeros/${t.cajeroExtra}`, { nombre: 'Cajera de la Tarde' }),
  },
  {
    ruta: 'DELETE /api/minimarkets/{id}/cajeros/{id_usuario}',
    espera: DEL_DUENO,
    llamada: async (c) => del(`/api/minimarkets/${c.t.id}/cajeros/${c.ok ? await cajeroNuevo(c.t) : c.t.cajeroExtra}`),
  },
  { ruta: 'GET /api/auditoria', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/auditoria?${filtros(t)}`) },

  // Products: the till reads them (scanner, search, offline catalogue, scale labels); the owner edits.
  { ruta: 'GET /api/productos/', espera: DE_CAJA, llamada: ({ t }) => get(`/api/productos/?${filtros(t)}&search=a`) },
  { ruta: 'GET /api/catalogo-externo/{codigo_barra}', espera: DE_CADA_DUENO, llamada: () => get('/api/catalogo-externo/7801234567890') },
  { ruta: 'GET /api/productos/catalogo', espera: DE_CAJA, llamada: ({ t }) => get(`/api/productos/catalogo?${filtros(t)}`) },
  {
    ruta: 'GET /api/productos/etiqueta/{codigo}',
    espera: DE_CAJA,
    llamada: ({ t }) => get(`/api/productos/etiqueta/${ETIQUETA_MARRAQUETA}?${filtros(t)}`),
  },
  { ruta: 'GET /api/productos/{id}', espera: DE_CAJA, llamada: ({ t }) => get(`/api/productos/${t.producto.id_producto}`) },
  {
    ruta: 'POST /api/productos/',
    espera: DEL_DUENO,
    llamada: ({ t }) =>
      post('/api/productos/', {
        id_minimarket: t.id,
        codigo_barra: `MATRIZ-${process.pid}-${(serie += 1)}`,
        nombre_producto: 'Galletas de Prueba',
        categoria: 'Abarrotes',
        precio_venta: 1290,
      }),
  },
  {
    ruta: 'PUT /api/productos/{id}',
    espera: DEL_DUENO,
    llamada: ({ t }) => put(`/api/productos/${t.producto.id_producto}`, { precio_venta: t.producto.precio_venta_actual }),
  },
  {
    ruta: 'POST /api/productos/{id}/stock',
    espera: DEL_DUENO,
    llamada: ({ t }) => post(`/api/productos/${t.producto.id_producto}/stock`, { cantidad: 2, costo_total: 1000 }),
  },
  {
    ruta: 'DELETE /api/productos/{id}',
    espera: DEL_DUENO,
    llamada: async (c) =>
      del(
        `/api/productos/${c.ok ? (await nuevoProducto(comoCliente(tokens.administrador), c.t.id)).id_producto : c.t.producto.id_producto}`,
      ),
  },
  {
    ruta: 'POST /api/productos/{id}/ajustes',
    espera: DEL_DUENO,
    llamada: ({ t }) => post(`/api/productos/${t.producto.id_producto}/ajustes`, { id_minimarket: t.id, tipo: 'merma', diferencia: -1 }),
    extras: [
      {
        quien: 'pyme',
        ajena: true,
        espera: 'tienda',
        nota: 'own shop named, the other shop’s product',
        llamada: () =>
          post(`/api/productos/${ajena.producto.id_producto}/ajustes`, { id_minimarket: propia.id, tipo: 'merma', diferencia: -1 }),
      },
    ],
  },
  { ruta: 'GET /api/ajustes-stock', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/ajustes-stock?${filtros(t)}`) },
  { ruta: 'GET /api/ajustes-stock/informe', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/ajustes-stock/informe?${filtros(t)}`) },

  // La libreta: the till looks customers up and takes abonos; the owner keeps the list.
  { ruta: 'GET /api/clientes', espera: DE_CAJA, llamada: ({ t }) => get(`/api/clientes?${filtros(t)}`) },
  {
    ruta: 'POST /api/clientes',
    espera: DEL_DUENO,
    llamada: ({ t }) => post('/api/clientes', { id_minimarket: t.id, nombre: 'Rosa Muñoz' }),
  },
  { ruta: 'GET /api/clientes/{id}', espera: DE_CAJA, llamada: ({ t }) => get(`/api/clientes/${t.cliente}`) },
  {
    ruta: 'PUT /api/clientes/{id}',
    espera: DEL_DUENO,
    llamada: ({ t }) => put(`/api/clientes/${t.cliente}`, { notas: 'Paga los viernes' }),
  },
  {
    ruta: 'DELETE /api/clientes/{id}',
    espera: DEL_DUENO,
    llamada: async (c) => del(`/api/clientes/${c.ok ? await clienteNuevo(c.t) : c.t.cliente}`),
  },
  {
    ruta: 'POST /api/clientes/{id}/abonos',
    espera: DE_CAJA,
    llamada: ({ t }) => post(`/api/clientes/${t.cliente}/abonos`, { monto: 1000, metodo_pago: 'Efectivo' }),
  },
  { ruta: 'GET /api/clientes/{id}/estado-cuenta', espera: DE_CAJA, llamada: ({ t }) => get(`/api/clientes/${t.cliente}/estado-cuenta`) },

  // Sales: the till sells and prints; voids and returns need the owner's PIN from a cashier.
  {
    ruta: 'POST /api/ventas/',
    espera: DE_CAJA,
    llamada: ({ t }) => post('/api/ventas/', venta(t)),
    extras: (['pyme', 'cajero'] as const).map((quien) => ({
      quien,
      ajena: true,
      espera: 'tienda' as const,
      nota: 'own shop named, the other shop’s product',
      llamada: () => post('/api/ventas/', venta(propia, ajena.producto)),
    })),
  },
  { ruta: 'GET /api/ventas/', espera: DE_CAJA, llamada: ({ t }) => get(`/api/ventas/?${filtros(t)}`) },
  { ruta: 'GET /api/ventas/{id}', espera: DE_CAJA, llamada: ({ t }) => get(`/api/ventas/${t.venta}`) },
  {
    ruta: 'POST /api/ventas/{id}/anulacion',
    espera: ['ok', 'ok', 'autorizacion', 'tienda', 'tienda'],
    llamada: async (c) => post(`/api/ventas/${c.ok ? await ventaNueva(c.t) : c.t.venta}/anulacion`, { motivo: 'Se cobró dos veces' }),
    extras: [
      conPinDelDueno(async ({ t }) =>
        post(`/api/ventas/${await ventaNueva(t)}/anulacion`, { motivo: 'Se cobró dos veces', autorizacion: { pin: PIN_DUENO } }),
      ),
    ],
  },
  {
    ruta: 'POST /api/ventas/{id}/devoluciones',
    espera: ['ok', 'ok', 'autorizacion', 'tienda', 'tienda'],
    llamada: async (c) =>
      post(`/api/ventas/${c.ok ? await ventaNueva(c.t) : c.t.venta}/devoluciones`, {
        motivo: 'Venía vencido',
        detalles: [{ id_producto: c.t.producto.id_producto, num_unidades: 1 }],
      }),
    extras: [
      conPinDelDueno(async ({ t }) =>
        post(`/api/ventas/${await ventaNueva(t)}/devoluciones`, {
          motivo: 'Venía vencido',
          detalles: [{ id_producto: t.producto.id_producto, num_unidades: 1 }],
          autorizacion: { pin: PIN_DUENO },
        }),
      ),
    ],
  },
  { ruta: 'GET /api/ventas/{id}/boleta', espera: DE_CAJA, llamada: ({ t }) => get(`/api/ventas/${t.venta}/boleta`) },
  { ruta: 'GET /api/ventas/rechazadas', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/ventas/rechazadas?${filtros(t)}`) },
  {
    ruta: 'POST /api/ventas/rechazadas/{id}/resolucion',
    espera: DEL_DUENO,
    llamada: async (c) =>
      post(`/api/ventas/rechazadas/${c.ok ? await rechazadaNueva(c.t) : c.t.rechazada}/resolucion`, {
        id_minimarket: c.t.id,
        nota: 'Se cobró de nuevo al cliente',
      }),
  },

  // Notices are the owner's (and each administrador's): a cashier has none.
  { ruta: 'GET /api/notificaciones', espera: DE_CADA_DUENO, llamada: () => get('/api/notificaciones') },
  {
    ruta: 'POST /api/notificaciones/{id}/leer',
    espera: DEL_DUENO,
    llamada: async (c) => {
      const propiaDelAdmin = async () =>
        (await ctx.db.notificacion.findFirstOrThrow({ where: { id_usuario: ids.administrador } })).id_notificacion;
      return post(`/api/notificaciones/${c.quien === 'administrador' ? await propiaDelAdmin() : c.t.notificacion}/leer`);
    },
  },
  { ruta: 'POST /api/notificaciones/leer-todas', espera: DE_CADA_DUENO, llamada: () => post('/api/notificaciones/leer-todas') },

  // Imports.
  {
    ruta: 'POST /api/upload/files/',
    espera: DEL_DUENO,
    llamada: (c) => {
      const archivo = multipart(
        'productos.csv',
        `nombre_producto;categoria;precio_venta;stock;codigo_barra\r\nTé Verde;Abarrotes;$1.990;5;MATRIZ-CSV-${(serie += 1)}\r\n`,
      );
      return {
        ...post(`/api/upload/files/?id_minimarket=${c.t.id}&id_usuario=${c.yo}&upload_type=productos`, archivo.payload),
        headers: archivo.headers,
      };
    },
  },
  { ruta: 'GET /api/upload/history/{id_minimarket}', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/upload/history/${t.id}`) },
  {
    ruta: 'GET /api/upload/history/{id_minimarket}/{id_archivo}/{archivo}',
    espera: DEL_DUENO,
    llamada: ({ t }) => get(`/api/upload/history/${t.id}/${t.carga}/rechazados.csv`),
  },
  {
    ruta: 'GET /api/upload/plantillas/{nombre}',
    espera: DEL_DUENO,
    llamada: ({ t }) => get(`/api/upload/plantillas/plantilla_ventas.xlsx?${filtros(t)}`),
  },

  // Analytics: the owner's figures.
  analitica('resumen'),
  analitica('serie', '&agrupar=semana'),
  analitica('por-categoria'),
  analitica('por-metodo-pago'),
  analitica('por-vendedor'),
  analitica('descuentos'),
  analitica('por-cobrar'),
  analitica('mapa-calor'),
  analitica('ranking'),
  analitica('recomendaciones'),
  analitica('lineas'),
  analitica('cubo'),
  analitica('informe'),
  analitica('estado'),

  {
    ruta: 'POST /api/badito',
    espera: DE_CAJA,
    llamada: ({ t }) => post('/api/badito', { mensaje: '¿Cuánto vendí hoy?', id_minimarket: t.id }),
  },

  // Support: between a shop's owner and the administradores. Only a shop opens a conversation.
  { ruta: 'GET /api/soporte/eventos', espera: DE_CADA_DUENO, flujo: true, llamada: () => get('/api/soporte/eventos') },
  {
    ruta: 'POST /api/soporte/conversaciones',
    espera: ['rol', 'ok', 'rol', 'tienda', 'rol'],
    llamada: ({ t }) =>
      post('/api/soporte/conversaciones', { asunto: 'No imprime la boleta', mensaje: 'Hola, ¿me ayudan?', id_minimarket: t.id }),
  },
  { ruta: 'GET /api/soporte/conversaciones', espera: DE_CADA_DUENO, llamada: () => get('/api/soporte/conversaciones') },
  {
    ruta: 'GET /api/soporte/conversaciones/{id}',
    espera: DEL_DUENO,
    llamada: ({ t }) => get(`/api/soporte/conversaciones/${t.conversacion}`),
  },
  {
    ruta: 'PATCH /api/soporte/conversaciones/{id}',
    espera: DEL_ADMIN_EN_TIENDA,
    llamada: ({ t }) => patch(`/api/soporte/conversaciones/${t.conversacion}`, { estado: 'Pendiente' }),
  },
  {
    ruta: 'POST /api/soporte/conversaciones/{id}/mensajes',
    espera: DEL_DUENO,
    llamada: ({ t }) => post(`/api/soporte/conversaciones/${t.conversacion}/mensajes`, { texto: 'Gracias, quedo atento.' }),
  },
  { ruta: 'POST /api/soporte/eventos/ticket', espera: DE_CADA_DUENO, llamada: () => post('/api/soporte/eventos/ticket') },
  { ruta: 'GET /api/soporte/no-leidos', espera: DE_CADA_DUENO, llamada: () => get('/api/soporte/no-leidos') },
  {
    ruta: 'POST /api/soporte/tickets-producto',
    espera: ['rol', 'ok', 'rol', 'tienda', 'rol'],
    llamada: ({ t }) => post('/api/soporte/tickets-producto', { id_minimarket: t.id, nombre_producto: 'Kuchen de Nuez', precio: 4990 }),
  },

  // The till's shift: a cashier opens, moves and closes it; the history of closed shifts is the owner's.
  {
    ruta: 'POST /api/caja/turnos',
    espera: DE_CAJA,
    llamada: async (c) => {
      // One shift open per shop: each role opens its own.
      if (c.ok) await cerrarTurnos(c.t);
      return post('/api/caja/turnos', { id_minimarket: c.t.id, monto_inicial: 20000 });
    },
  },
  { ruta: 'GET /api/caja/turnos/actual', espera: DE_CAJA, llamada: ({ t }) => get(`/api/caja/turnos/actual?${filtros(t)}`) },
  {
    ruta: 'POST /api/caja/turnos/{id}/movimientos',
    espera: DE_CAJA,
    llamada: async (c) =>
      post(`/api/caja/turnos/${c.ok ? await turnoAbierto(c.t) : c.t.turno}/movimientos`, {
        tipo: 'ingreso',
        monto: 5000,
        motivo: 'Sencillo para vuelto',
      }),
    extras: [
      {
        quien: 'cajero',
        ajena: false,
        espera: 'autorizacion',
        nota: 'a retiro',
        llamada: ({ t }) =>
          post(`/api/caja/turnos/${t.turno}/movimientos`, { tipo: 'retiro', monto: 2000, motivo: 'Pago al proveedor de pan' }),
      },
      {
        quien: 'cajero',
        ajena: false,
        espera: 'ok',
        nota: 'a retiro with the owner’s PIN',
        llamada: async ({ t }) =>
          post(`/api/caja/turnos/${await turnoAbierto(t)}/movimientos`, {
            tipo: 'retiro',
            monto: 2000,
            motivo: 'Pago al proveedor de pan',
            autorizacion: { pin: PIN_DUENO },
          }),
      },
    ],
  },
  {
    ruta: 'POST /api/caja/turnos/{id}/cierre',
    espera: DE_CAJA,
    llamada: async (c) => post(`/api/caja/turnos/${c.ok ? await turnoAbierto(c.t) : c.t.turno}/cierre`, { monto_contado: 23000 }),
  },
  { ruta: 'GET /api/caja/turnos', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/caja/turnos?${filtros(t)}`) },

  // The electronic boleta's setup and outbox: the owner's.
  { ruta: 'GET /api/boletas/emisor', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/boletas/emisor?${filtros(t)}`) },
  {
    ruta: 'PUT /api/boletas/emisor',
    espera: DEL_DUENO,
    llamada: ({ t }) => put('/api/boletas/emisor', { id_minimarket: t.id, ...EMISOR }),
  },
  { ruta: 'GET /api/boletas/documentos', espera: DEL_DUENO, llamada: ({ t }) => get(`/api/boletas/documentos?${filtros(t)}`) },
  {
    ruta: 'POST /api/boletas/documentos/{id}/reintento',
    espera: DEL_DUENO,
    llamada: async (c) => post(`/api/boletas/documentos/${c.ok ? await documentoRechazado(c.t) : c.t.documento}/reintento?${filtros(c.t)}`),
  },

  // A sale's notas de crédito, to print them: whoever sees its sales and prints its receipt (issue 32).
  {
    ruta: 'GET /api/boletas/notas-credito',
    espera: DE_CAJA,
    llamada: ({ t }) => get(`/api/boletas/notas-credito?${filtros(t)}&id_venta=${t.venta}`),
  },
  {
    ruta: 'GET /api/boletas/notas-credito/{id}',
    espera: DE_CAJA,
    llamada: async (c) => get(`/api/boletas/notas-credito/${c.ok ? await notaCreditoNueva(c.t) : c.t.documento}?${filtros(c.t)}`),
  },

  { ruta: 'GET /api/respaldos/ultimo', espera: DEL_ADMIN, llamada: () => get('/api/respaldos/ultimo') },
];

/** Outside the matrix: answered without a session, or the API's documentation. */
const PUBLICAS = ['GET /api/salud', 'POST /api/auth/token', 'POST /api/auth/forgot-password', 'POST /api/auth/reset-password'];
const esDocumentacion = (ruta: string) => /^GET \/api\/docs(\/|$)/.test(ruta);

const QUIENES: Quien[] = ['administrador', 'pyme', 'cajero'];

/** The table as calls: each row's columns, then its extras. */
function casos(): Array<Caso & { ruta: string; flujo?: boolean }> {
  return TABLA.flatMap((f) => {
    const e = f.espera;
    const columnas: Caso[] = [
      { quien: 'administrador', ajena: false, espera: e[0], llamada: f.llamada, ok: f.ok },
      { quien: 'pyme', ajena: false, espera: e[1], llamada: f.llamada, ok: f.ok },
      { quien: 'cajero', ajena: false, espera: e[2], llamada: f.llamada, ok: f.ok },
    ];
    if (e.length === 5) {
      columnas.push(
        { quien: 'pyme', ajena: true, espera: e[3], llamada: f.llamada, ok: f.ok },
        { quien: 'cajero', ajena: true, espera: e[4], llamada: f.llamada, ok: f.ok },
      );
    }
    return [...columnas, ...(f.extras ?? [])].map((c) => ({ ...c, ruta: f.ruta, flujo: f.flujo }));
  });
}

const nombre = (c: Caso & { ruta: string }) =>
  `${c.ruta} · ${c.quien}${c.ajena ? ' on La Esquina' : ' on Don Pepe'}${c.nota ? ` (${c.nota})` : ''}`;

/** What a response says against what was expected: null when they agree. */
function desacuerdo(c: Caso & { ruta: string }, res: { statusCode: number; body: string }): string | null {
  let code: string | undefined;
  try {
    code = (JSON.parse(res.body) as { code?: string }).code;
  } catch {
    code = undefined;
  }
  const s = res.statusCode;
  const cumple = {
    ok: c.ok ? c.ok.includes(s) : s >= 200 && s < 300,
    rol: s === 403 && (code === 'FORBIDDEN_ROLE' || code === 'ADMIN_ONLY'),
    tienda: (s === 403 && code === 'FORBIDDEN_MINIMARKET') || s === 404,
    autorizacion: s === 403 && code === 'REQUIERE_AUTORIZACION',
  }[c.espera];
  return cumple ? null : `${nombre(c)}: expected ${c.espera}, got ${s}${code ? ` ${code}` : ''} ${res.body.slice(0, 160)}`;
}

async function ejecutar(c: Caso & { ruta: string; flujo?: boolean }, ok: boolean) {
  const t = c.ajena ? ajena : propia;
  const llamada = await c.llamada({ quien: c.quien, yo: ids[c.quien], t, ok });
  const res = c.flujo ? await flujo(tokens[c.quien], llamada) : await pedir(tokens[c.quien], llamada);
  return desacuerdo(c, res);
}

/** Runs `fn` over `items`, `n` at a time. */
async function enParalelo<T, R>(items: T[], n: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const resultados: R[] = [];
  let siguiente = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (siguiente < items.length) {
        const i = siguiente++;
        resultados[i] = await fn(items[i]!);
      }
    }),
  );
  return resultados;
}

/**
 * Every table a call could write, each as its row count and an order-free hash of its rows. The
 * analytics summaries are left out: a background worker fills them whenever it likes.
 */
const TABLAS = [
  'usuario',
  'minimarket',
  'producto',
  'venta',
  'detalle_venta',
  'pago_venta',
  'movimiento_stock',
  'devolucion',
  'detalle_devolucion',
  'devolucion_pago',
  'cliente',
  'abono',
  'turno_caja',
  'movimiento_caja',
  'notificacion',
  'conversacion',
  'mensaje_soporte',
  'lectura_conversacion',
  'archivo_carga',
  'trabajo_carga',
  'fila_rechazada',
  'emisor_dte',
  'documento_dte',
  'pin_tienda',
  'auditoria',
  'venta_rechazada',
  'token_revocado',
  'ticket_eventos',
  'version_catalogo',
  'contador_venta',
];
/**
 * The throttles' counters (limite_intento), row by row. A refused call may spend the caller's own quota
 * of questions or support messages (reserved before checked, docs/seguridad.md); never a counter of a
 * shop or of someone else (a shop's PIN pad). Any reservation also prunes the rows that have expired:
 * on a slow machine some expire while the calls run, which is the clock, not a change. So the counters
 * are compared as they stand at the end (`vigentesEn`), before and after.
 */
async function contadores() {
  return ctx.db.$queryRaw<Array<{ clave: string; intentos: number; hasta: Date }>>`
    SELECT clave, intentos, hasta FROM limite_intento WHERE clave !~ '^(badito:usuario|soporte:mensaje|soporte:conversacion):'`;
}
type Contadores = Awaited<ReturnType<typeof contadores>>;
const vigentesEn = (filas: Contadores, instante: Date) =>
  filas
    .filter((f) => f.hasta > instante)
    .map((f) => `${f.clave}=${f.intentos}@${f.hasta.toISOString()}`)
    .sort();
/** The tables, and the counters still in force at the end, that a batch of calls changed. */
async function cambiosDesde(antes: Huella, contadoresAntes: Contadores) {
  const fin = new Date();
  const [despues, contadoresDespues] = [await huella(TABLAS), await contadores()];
  const [a, d] = [vigentesEn(contadoresAntes, fin), vigentesEn(contadoresDespues, fin)];
  return [
    ...cambios(antes, despues),
    ...(JSON.stringify(a) === JSON.stringify(d) ? [] : [`limite_intento: ${a.join(', ')} → ${d.join(', ')}`]),
  ];
}
async function huella(tablas: string[]) {
  const filas = await Promise.all(
    tablas.map(
      (t) =>
        ctx.db.$queryRawUnsafe<Array<{ filas: number; hash: string }>>(
          `SELECT count(*)::int AS filas, coalesce(sum(hashtextextended(x::text, 0)), 0)::text AS hash FROM ${t} x`,
        ) as Promise<Array<{ filas: number; hash: string }>>,
    ),
  );
  return Object.fromEntries(tablas.map((t, i) => [t, filas[i]![0]]));
}

type Huella = Awaited<ReturnType<typeof huella>>;
/** The tables whose rows differ between two fingerprints. */
const cambios = (antes: Huella, despues: Huella) =>
  Object.keys(antes)
    .filter((t) => JSON.stringify(antes[t]) !== JSON.stringify(despues[t]))
    .map((t) => `${t}: ${JSON.stringify(antes[t])} → ${JSON.stringify(despues[t])}`);

beforeAll(async () => {
  // Open Food Facts on a closed local port: "not found" at once, no internet. The boleta outbox off:
  // a sale's boleta waits in the queue, where a test marks one rejected to retry it.
  ctx = await createTestContext({ OFF_BASE_URL: 'http://127.0.0.1:9', DTE_INTERVALO_MS: '0' });
  // One login per account for the whole file.
  [tokens.administrador, tokens.pyme, tokens.pyme2] = await Promise.all([
    ctx.login(DEMO.admin),
    ctx.login(DEMO.pyme),
    ctx.login(DEMO.pyme2),
  ]);
  const [idPropia, idAjena] = await Promise.all([ctx.shopOf(DEMO.pyme.correo), ctx.shopOf(DEMO.pyme2.correo)]);
  for (const [quien, correo] of [
    ['administrador', DEMO.admin.correo],
    ['pyme', DEMO.pyme.correo],
    ['pyme2', DEMO.pyme2.correo],
  ] as const) {
    const u = await ctx.db.usuario.findUniqueOrThrow({ where: { correo } });
    ids[quien] = u.id_usuario;
    if (quien !== 'pyme2') nombres[quien] = u.nombre;
  }

  // One cashier in each shop, made by its owner; Don Pepe's gets its session the way the till does,
  // by PIN on the owner's session. Don Pepe's owner sets their own PIN, to approve.
  const cajero = await preparar(tokens.pyme, post(`/api/minimarkets/${idPropia}/cajeros`, { nombre: 'Camila Rojas', pin: PIN_CAJERO }));
  const cajeroAjeno = await preparar(
    tokens.pyme2,
    post(`/api/minimarkets/${idAjena}/cajeros`, { nombre: 'Jorge Soto', pin: PIN_CAJERO_AJENO }),
  );
  ids.cajero = cajero.id_usuario as number;
  ids.cajeroAjeno = cajeroAjeno.id_usuario as number;
  nombres.cajero = cajero.nombre as string;
  tokens.cajero = (await preparar(tokens.pyme, post('/api/auth/pin', { id_minimarket: idPropia, pin: PIN_CAJERO }))).access_token as string;
  await preparar(tokens.pyme, put('/api/auth/pin', { pin: PIN_DUENO, contrasena: DEMO.pyme.password }));
  const cajeroExtra = await preparar(tokens.pyme, post(`/api/minimarkets/${idPropia}/cajeros`, { nombre: 'Luis Pérez', pin: pinNuevo() }));

  async function tienda(id: number, tokenDueno: string, pinCajero: string, extra: number): Promise<Tienda> {
    const admin = comoCliente(tokens.administrador);
    const m = await ctx.db.minimarket.findUniqueOrThrow({ where: { id_minimarket: id } });
    await preparar(tokens.administrador, put('/api/boletas/emisor', { id_minimarket: id, ...EMISOR }));
    const producto = await nuevoProducto(admin, id, { precio_venta: 1500, precio_compra: 900, stock: 1000 });
    const cliente = (
      await preparar(tokens.administrador, post('/api/clientes', { id_minimarket: id, nombre: 'Juana Pérez', saldo_inicial: 100000 }))
    ).id_cliente as number;
    const [idVenta, turno, conversacion, carga] = await Promise.all([
      (async () => (await preparar(tokens.administrador, post('/api/ventas/', venta({ id, producto })))).id_venta as number)(),
      (async () =>
        (await preparar(tokens.administrador, post('/api/caja/turnos', { id_minimarket: id, monto_inicial: 10000 }))).id_turno as number)(),
      (async () =>
        (await preparar(tokenDueno, post('/api/soporte/conversaciones', { asunto: 'Consulta', mensaje: 'Hola', id_minimarket: id })))
          .id_conversacion as number)(),
      (async () =>
        (
          await importar(
            admin,
            {
              id_minimarket: id,
              id_usuario: m.id_usuario,
              upload_type: 'productos',
            },
            'productos-excel-chile.csv',
            fixture('productos-excel-chile.csv'),
          )
        ).carga.id_archivo)(),
    ]);
    return {
      id,
      nombre: m.nombre_minimarket,
      producto,
      cliente,
      venta: idVenta,
      turno,
      rechazada: await rechazadaNueva({ id, producto }),
      conversacion,
      notificacion: (await ctx.db.notificacion.findFirstOrThrow({ where: { id_usuario: m.id_usuario } })).id_notificacion,
      carga,
      documento: (await ctx.db.documentoDte.findFirstOrThrow({ where: { id_minimarket: id, id_venta: idVenta } })).id_documento,
      cajeroExtra: extra,
      pinCajero,
    };
  }
  // La Esquina's only cashier stands for its "extra" one: every call on it is refused.
  [propia, ajena] = await Promise.all([
    tienda(idPropia, tokens.pyme, PIN_CAJERO, cajeroExtra.id_usuario as number),
    tienda(idAjena, tokens.pyme2, PIN_CAJERO_AJENO, ids.cajeroAjeno),
  ]);
}, 120_000);
afterAll(() => ctx.close());

describe('the permission matrix', () => {
  it('names every route the app registers, and only those', () => {
    const rutas = new Set(
      registradas.flatMap((r) => r.metodos.filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url.replace(/:(\w+)/g, '{$1}')}`)),
    );
    const enLaApp = [...rutas].filter((r) => !PUBLICAS.includes(r) && !esDocumentacion(r)).sort();
    const enLaTabla = TABLA.map((f) => f.ruta);
    expect(enLaTabla.length, 'a route named twice').toBe(new Set(enLaTabla).size);
    expect({ sinDecidir: enLaApp.filter((r) => !enLaTabla.includes(r)) }, 'routes the app registers that the table does not name').toEqual({
      sinDecidir: [],
    });
    expect({ inexistentes: enLaTabla.filter((r) => !rutas.has(r)) }, 'routes the table names that the app does not register').toEqual({
      inexistentes: [],
    });
    for (const r of PUBLICAS) expect(rutas.has(r), r).toBe(true);
  });

  it('refuses a cashier what is not theirs, and a refusal changes nothing', async () => {
    const rechazos = casos().filter((c) => c.quien === 'cajero' && c.espera !== 'ok');
    expect(rechazos.length).toBeGreaterThan(80);
    const [antes, contadoresAntes] = [await huella(TABLAS), await contadores()];
    const desacuerdos = (await enParalelo(rechazos, 8, (c) => ejecutar(c, false))).filter(Boolean);
    expect({ desacuerdos, cambios: await cambiosDesde(antes, contadoresAntes) }).toEqual({ desacuerdos: [], cambios: [] });
  });

  it('refuses an owner another shop and the administradores’ routes, and an administrador a till, changing nothing', async () => {
    const rechazos = casos().filter((c) => c.quien !== 'cajero' && c.espera !== 'ok');
    const [antes, contadoresAntes] = [await huella(TABLAS), await contadores()];
    const desacuerdos = (await enParalelo(rechazos, 8, (c) => ejecutar(c, false))).filter(Boolean);
    expect({ desacuerdos, cambios: await cambiosDesde(antes, contadoresAntes) }).toEqual({ desacuerdos: [], cambios: [] });
  });

  it('lets each role do what is theirs', async () => {
    const desacuerdos: string[] = [];
    const todos = casos().filter((c) => c.espera === 'ok');
    // One role after the other, in the table's order: a role's shift is open from its POST to its close.
    for (const quien of QUIENES) {
      for (const c of todos.filter((x) => x.quien === quien)) {
        const d = await ejecutar(c, true);
        if (d) desacuerdos.push(d);
      }
    }
    expect(desacuerdos).toEqual([]);
  }, 60_000);
});

describe('what a cashier reads', () => {
  it('products without their cost, where the owner sees it', async () => {
    const p = propia.producto;
    const lecturas = [
      get(`/api/productos/?id_minimarket=${propia.id}&codigo_barra=${p.codigo_barra}`),
      get(`/api/productos/${p.id_producto}`),
      get(`/api/productos/etiqueta/${ETIQUETA_MARRAQUETA}?id_minimarket=${propia.id}`),
    ];
    const costos = async (token: string) =>
      Promise.all(
        lecturas.map(async (l) => {
          const res = await pedir(token, l);
          expect(res.statusCode, `${l.url}: ${res.body}`).toBe(200);
          const json = JSON.parse(res.body) as
            | { precio_compra_actual?: number | null; producto?: { precio_compra_actual: number | null } }
            | Array<{ precio_compra_actual: number | null }>;
          const producto = Array.isArray(json) ? json[0] : (json.producto ?? json);
          return producto?.precio_compra_actual;
        }),
      );
    expect(await costos(tokens.cajero)).toEqual([null, null, null]);
    const delDueno = await costos(tokens.pyme);
    expect(delDueno.slice(0, 2)).toEqual([expect.any(Number), expect.any(Number)]);
    // The marraqueta's cost per kilo, from the demo data.
    expect(delDueno[2]).toEqual(expect.any(Number));
  });

  it('its own shop in the list of shops, and no other', async () => {
    const res = await pedir(tokens.cajero, get('/api/minimarkets/'));
    expect(res.statusCode).toBe(200);
    expect((JSON.parse(res.body) as Array<{ id_minimarket: number }>).map((m) => m.id_minimarket)).toEqual([propia.id]);
  });
});
