// The offline lane leaves a trail (issue 31, docs/offline.md «El rastro»): an offline sale records
// when it reached the server and who made it; what the counter would not have let through (a price the
// product did not have in the 7 days before, a time more than 10 minutes before the device's last
// contact, a fiado past the limit, stock the books did not have) is recorded all the same, flagged and
// told to the owner naming the person; a cart the counter refused never becomes an offline sale too,
// and a sale refused for good waits on the server for the owner to settle.
import { ALERTAS_VENTA } from '@minimarket/contracts/ventas';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, nuevoProducto, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
let dueno: Awaited<ReturnType<TestContext['as']>>;
const cajero = { id_usuario: 0, nombre: 'Rosa Díaz', pin: '8642', token: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  laEsquina = await ctx.shopOf(DEMO.pyme2.correo);
  dueno = await ctx.as(DEMO.pyme);
  const c = await dueno.request({
    method: 'POST',
    url: `/api/minimarkets/${donPepe}/cajeros`,
    payload: { nombre: cajero.nombre, pin: cajero.pin },
  });
  cajero.id_usuario = c.json().id_usuario;
  cajero.token = (
    await dueno.request({ method: 'POST', url: '/api/auth/pin', payload: { id_minimarket: donPepe, pin: cajero.pin } })
  ).json().access_token;
});
afterAll(() => ctx.close());

const MINUTO = 60_000;
const hace = (minutos: number) => new Date(Date.now() - minutos * MINUTO).toISOString();

const enviar = (token: string, cuerpo: Record<string, unknown>, clave: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/ventas/',
    payload: cuerpo,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': clave },
  });

function carrito(lineas: Array<{ id_producto: number; unidades: number; precio: number }>, extra: Record<string, unknown> = {}) {
  const detalles = lineas.map((l) => ({
    id_producto: l.id_producto,
    num_unidades: l.unidades,
    precio_unitario: l.precio,
    subtotal: l.unidades * l.precio,
  }));
  return { id_minimarket: donPepe, total: detalles.reduce((s, d) => s + d.subtotal, 0), metodo_pago: 'Efectivo', detalles, ...extra };
}

/** An offline sale of the cashier, made `minutos` ago, sent later by whoever's session is on the device now. */
const offline = (cuerpo: Record<string, unknown>, minutos: number, extra: Record<string, unknown> = {}) => ({
  ...cuerpo,
  origen: 'offline',
  fecha_venta: hace(minutos),
  id_vendedor: cajero.id_usuario,
  ...extra,
});

const avisoDe = async (referencia: string) =>
  (await ctx.db.notificacion.findMany({ where: { tipo: 'venta_offline', descripcion: { contains: referencia } } })).map(
    (n) => n.descripcion,
  );

describe("a cashier's offline sale", () => {
  it('at a price the product never had: recorded as sold, by the cashier, arrived later, flagged, the owner told', async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 1290 });
    // Sent from the owner's session: the device's queue belongs to the shop, the sale to Rosa.
    const res = await enviar(
      dueno.token,
      offline(carrito([{ id_producto: p.id_producto, unidades: 2, precio: 990 }]), 20, { referencia_local: 'CAB12-0001' }),
      'rastro-precio',
    );
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({
      origen: 'offline',
      id_vendedor: cajero.id_usuario,
      nombre_vendedor: cajero.nombre,
      alertas: ['precio_desconocido'],
    });
    expect(v.detalles[0]).toMatchObject({ precio_unitario: 990, precio_catalogo: 1290 });
    expect(Date.parse(v.recibida_en) - Date.parse(v.fecha_venta)).toBeGreaterThanOrEqual(19 * MINUTO);
    expect(await avisoDe('CAB12-0001')).toEqual([
      `La venta CAB12-0001 (N° ${v.numero_venta}) de ${cajero.nombre}, sin conexión: se cobró a un precio que el producto no tuvo en los 7 días antes de la venta.`,
    ]);
  });

  it('at a price the product had in the week before: the old price is kept beside it, and nothing is flagged', async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 1000 });
    // The device's catalogue had $1.000; the owner raised it to $1.100 while the till was offline.
    const subida = await dueno.request({ method: 'PUT', url: `/api/productos/${p.id_producto}`, payload: { precio_venta: 1100 } });
    expect(subida.statusCode, subida.body).toBe(200);
    const res = await enviar(
      cajero.token,
      offline(carrito([{ id_producto: p.id_producto, unidades: 1, precio: 1000 }]), 5),
      'rastro-precio-conocido',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ alertas: [] });
    expect(res.json().detalles[0]).toMatchObject({ precio_unitario: 1000, precio_catalogo: 1100 });
    const cambio = (await dueno.request({ method: 'GET', url: `/api/auditoria?id_minimarket=${donPepe}&accion=cambio_precio` })).json()
      .entradas[0];
    expect(cambio.detalle).toBe(`Precio de "${p.nombre_producto}" al editar el producto: $1.000 → $1.100.`);
  });

  it('made more than 10 minutes before the device last heard from the server: recorded, flagged with its hour', async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 500 });
    const cuerpo = offline(carrito([{ id_producto: p.id_producto, unidades: 1, precio: 500 }]), 45, {
      referencia_local: 'CAB12-0002',
      ultimo_contacto: hace(20),
    });
    const res = await enviar(cajero.token, cuerpo, 'rastro-atrasada');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().alertas).toEqual(['fecha_anterior_al_contacto']);
    const hora = new Intl.DateTimeFormat('es-CL', {
      timeZone: 'America/Santiago',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(cuerpo.fecha_venta as string));
    expect((await avisoDe('CAB12-0002'))[0]).toContain(
      `tiene hora ${hora}, más de 10 minutos antes del último contacto del equipo con el servidor`,
    );
    // Within ten minutes of the last contact: a till that just lost the connection, nothing to flag.
    const reciente = await enviar(
      cajero.token,
      offline(carrito([{ id_producto: p.id_producto, unidades: 1, precio: 500 }]), 8, { ultimo_contacto: hace(12) }),
      'rastro-reciente',
    );
    expect(reciente.json().alertas).toEqual([]);
  });

  it('a fiado past the limit and stock the books did not have: recorded, both flagged, the person named', async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 2000, stock: 1 });
    const cliente = (
      await dueno.request({
        method: 'POST',
        url: '/api/clientes',
        payload: { id_minimarket: donPepe, nombre: 'Vecino Pérez', limite_credito: 2500 },
      })
    ).json();
    const cuerpo = offline(
      carrito([{ id_producto: p.id_producto, unidades: 2, precio: 2000 }], { metodo_pago: 'Fiado', id_cliente: cliente.id_cliente }),
      15,
      {
        referencia_local: 'CAB12-0003',
      },
    );
    const res = await enviar(cajero.token, cuerpo, 'rastro-fiado');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().alertas).toEqual(['fiado_sobre_limite', 'sin_stock']);
    expect(await avisoDe('CAB12-0003')).toEqual([
      `La venta CAB12-0003 (N° ${res.json().numero_venta}) de ${cajero.nombre}, sin conexión: dejó a Vecino Pérez con $4.000 de fiado, sobre su límite de $2.500.`,
    ]);
    // Transacciones finds the flagged offline sales, by origin and by person.
    const lista = (
      await dueno.request({
        method: 'GET',
        url: `/api/ventas/?id_minimarket=${donPepe}&origen=offline&con_alertas=true&id_vendedor=${cajero.id_usuario}&limit=50`,
      })
    ).json();
    expect(lista.sales.map((s: { id_venta: number }) => s.id_venta)).toContain(res.json().id_venta);
    expect(
      lista.sales.every(
        (s: { origen: string; alertas: string[]; id_vendedor: number }) =>
          s.origen === 'offline' && s.alertas.length > 0 && s.id_vendedor === cajero.id_usuario,
      ),
    ).toBe(true);
    expect(Object.keys(ALERTAS_VENTA)).toEqual(expect.arrayContaining(res.json().alertas));
  });

  it("a seller who is not of the shop is not believed: the sale is the sender's", async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 300 });
    const otroDueno = (await ctx.db.minimarket.findUniqueOrThrow({ where: { id_minimarket: laEsquina } })).id_usuario;
    const res = await enviar(
      cajero.token,
      offline(carrito([{ id_producto: p.id_producto, unidades: 1, precio: 300 }]), 3, { id_vendedor: otroDueno }),
      'rastro-ajeno',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().id_vendedor).toBe(cajero.id_usuario);
  });
});

describe('a cart refused at the counter', () => {
  it('never becomes an offline sale too: the outbox gets the same refusal, and the owner finds it set aside', async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 700, stock: 1 });
    const cuerpo = carrito([{ id_producto: p.id_producto, unidades: 3, precio: 700 }]);
    const enMostrador = await enviar(cajero.token, cuerpo, 'rastro-rechazo');
    expect(enMostrador.statusCode).toBe(409);
    expect(enMostrador.json().code).toBe('NOT_ENOUGH_STOCK');
    // The counter had given up waiting and kept the cart: it comes back through the offline lane.
    const desdeBandeja = await enviar(cajero.token, offline(cuerpo, 1, { referencia_local: 'CAB12-0009' }), 'rastro-rechazo');
    expect(desdeBandeja.statusCode).toBe(409);
    expect(desdeBandeja.json().code).toBe('SALE_REFUSED_AT_COUNTER');
    expect(desdeBandeja.json().detail).toBe(
      `Esta venta fue rechazada en el mostrador y no se registró: ${enMostrador.json().detail} El dueño la verá en Transacciones → Ventas rechazadas.`,
    );
    expect(await ctx.db.venta.count({ where: { id_minimarket: donPepe, idempotency_key: 'rastro-rechazo' } })).toBe(0);
    expect((await ctx.db.producto.findFirstOrThrow({ where: { id_producto: p.id_producto } })).stock).toBe(1);

    const lista = (await dueno.request({ method: 'GET', url: `/api/ventas/rechazadas?id_minimarket=${donPepe}` })).json();
    const apartada = lista.rechazadas.find((r: { referencia_local: string | null }) => r.referencia_local === 'CAB12-0009');
    expect(apartada).toMatchObject({
      nombre_usuario: cajero.nombre,
      code: 'NOT_ENOUGH_STOCK',
      motivo: enMostrador.json().detail,
      total: 2100,
    });
    expect(lista.pendientes).toBeGreaterThanOrEqual(1);
    // A cashier cannot see or settle them.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/ventas/rechazadas?id_minimarket=${donPepe}`,
          headers: { authorization: `Bearer ${cajero.token}` },
        })
      ).statusCode,
    ).toBe(403);
    const resuelta = await dueno.request({
      method: 'POST',
      url: `/api/ventas/rechazadas/${apartada.id_venta_rechazada}/resolucion`,
      payload: { id_minimarket: donPepe, nota: 'Se cobró de nuevo con el stock contado' },
    });
    expect(resuelta.statusCode, resuelta.body).toBe(204);
    const despues = (await dueno.request({ method: 'GET', url: `/api/ventas/rechazadas?id_minimarket=${donPepe}` })).json();
    expect(despues.rechazadas.map((r: { id_venta_rechazada: number }) => r.id_venta_rechazada)).not.toContain(apartada.id_venta_rechazada);
    const todas = (await dueno.request({ method: 'GET', url: `/api/ventas/rechazadas?id_minimarket=${donPepe}&todas=true` })).json();
    expect(
      todas.rechazadas.find((r: { id_venta_rechazada: number }) => r.id_venta_rechazada === apartada.id_venta_rechazada),
    ).toMatchObject({
      nota_resolucion: 'Se cobró de nuevo con el stock contado',
    });
  });

  it('while it is still being refused: the outbox waits for its outcome instead of recording it', async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 900, stock: 2 });
    const cuerpo = carrito([{ id_producto: p.id_producto, unidades: 2, precio: 900 }]);
    // Someone holds the product (a count in progress) and will leave it at 0.
    const otro = new pg.Client({ connectionString: ctx.databaseUrl });
    await otro.connect();
    try {
      await otro.query('BEGIN');
      await otro.query('SELECT 1 FROM producto WHERE id_minimarket = $1 AND id_producto = $2 FOR UPDATE', [donPepe, p.id_producto]);
      const enMostrador = enviar(cajero.token, cuerpo, 'rastro-carrera');
      const esperando = (n: number) =>
        expect
          .poll(async () => {
            const [f] = await ctx.db.$queryRaw<{ n: number }[]>`
              SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'
                AND (query LIKE '%registrar_venta%' OR query LIKE '%sincronizar_venta_offline%')`;
            return f!.n;
          })
          .toBe(n);
      await esperando(1);
      // The counter gave up: the same cart through the offline lane, while the first still waits.
      const desdeBandeja = enviar(cajero.token, offline(cuerpo, 0), 'rastro-carrera');
      await esperando(2);
      await otro.query('UPDATE producto SET stock = 0 WHERE id_minimarket = $1 AND id_producto = $2', [donPepe, p.id_producto]);
      await otro.query('COMMIT');
      const [a, b] = await Promise.all([enMostrador, desdeBandeja]);
      expect(a.statusCode).toBe(409);
      expect(b.json().code).toBe('SALE_REFUSED_AT_COUNTER');
    } finally {
      await otro.end();
    }
    expect(await ctx.db.venta.count({ where: { id_minimarket: donPepe, idempotency_key: 'rastro-carrera' } })).toBe(0);
  });

  it('corrected and sent again at the counter with the same key: sold, and the refusal is over', async () => {
    const p = await nuevoProducto(dueno, donPepe, { precio_venta: 400, stock: 2 });
    expect(
      (await enviar(cajero.token, carrito([{ id_producto: p.id_producto, unidades: 5, precio: 400 }]), 'rastro-corregida')).statusCode,
    ).toBe(409);
    const bien = await enviar(cajero.token, carrito([{ id_producto: p.id_producto, unidades: 2, precio: 400 }]), 'rastro-corregida');
    expect(bien.statusCode, bien.body).toBe(201);
    expect(await ctx.db.ventaRechazada.count({ where: { id_minimarket: donPepe, idempotency_key: 'rastro-corregida' } })).toBe(0);
  });

  it('an offline sale refused for its own reasons is kept for the owner too (never only on the device)', async () => {
    const ajeno = await ctx.db.producto.findFirstOrThrow({ where: { id_minimarket: laEsquina, estado: 'activo' } });
    const res = await enviar(
      cajero.token,
      offline(carrito([{ id_producto: ajeno.id_producto, unidades: 1, precio: ajeno.precio_venta_actual }]), 2, {
        referencia_local: 'CAB12-0010',
      }),
      'rastro-ajena',
    );
    expect(res.statusCode).toBe(404);
    const vieja = await enviar(
      cajero.token,
      offline(carrito([{ id_producto: ajeno.id_producto, unidades: 1, precio: 100 }]), 60 * 24 * 9, { referencia_local: 'CAB12-0011' }),
      'rastro-vieja',
    );
    expect(vieja.statusCode).toBe(422);
    const lista = (await dueno.request({ method: 'GET', url: `/api/ventas/rechazadas?id_minimarket=${donPepe}` })).json();
    const refs = lista.rechazadas.map((r: { referencia_local: string | null; motivo: string }) => [r.referencia_local, r.motivo]);
    expect(refs).toContainEqual(['CAB12-0010', res.json().detail]);
    expect(refs).toContainEqual(['CAB12-0011', vieja.json().detail]);
  });
});
