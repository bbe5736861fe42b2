// Pago dividido (issue #21, docs/pagos.md): a sale paid part cash, part card, part fiado. Each part
// counts where its method counts: the shift's cash, the customer's balance, the figures by method;
// the change comes out of the cash part only; a return gives back fiado first, then cash.
import { describe, expect, it } from 'vitest';
import { conTiendasDemo, DEMO, nuevoProducto, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
conTiendasDemo((t) => ({ ctx, donPepe } = t));

let secuencia = 0;
const pyme = () => ctx.as(DEMO.pyme);

async function cliente(datos: Record<string, unknown> = {}) {
  secuencia += 1;
  const res = await (
    await pyme()
  ).request({
    method: 'POST',
    url: '/api/clientes',
    payload: { id_minimarket: donPepe, nombre: `Vecino Dividido ${secuencia}`, ...datos },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_cliente: number; nombre: string };
}

/** A unit product of Don Pepe at $500 with plenty of stock. */
const producto = async () => nuevoProducto(await pyme(), donPepe, { precio_venta: 500 });

/** 20 × $500 = $10.000, paid as `pagos` says. */
function venta(p: { id_producto: number }, extra: Record<string, unknown>) {
  return {
    method: 'POST' as const,
    url: '/api/ventas/',
    payload: {
      id_minimarket: donPepe,
      total: 10_000,
      detalles: [{ id_producto: p.id_producto, num_unidades: 20, precio_unitario: 500, subtotal: 10_000 }],
      ...extra,
    },
  };
}
const TRES_PARTES = [
  { metodo_pago: 'Tarjeta de Débito', monto: 2000 },
  { metodo_pago: 'Efectivo', monto: 3000 },
  { metodo_pago: 'Fiado', monto: 5000 },
];

/** The parts of a split payment, written as [método, monto] pairs. */
const partes = (...pares: Array<[string, number]>) => pares.map(([metodo_pago, monto]) => ({ metodo_pago, monto }));

const saldo = async (id: number) =>
  ((await (await pyme()).request({ method: 'GET', url: `/api/clientes/${id}` })).json() as { saldo: number }).saldo;

async function porMetodo() {
  const filas = (
    await (await pyme()).request({ method: 'GET', url: `/api/analitica/por-metodo-pago?id_minimarket=${donPepe}` })
  ).json() as { metodo_pago: string; ventas: number; ingresos: number }[];
  return Object.fromEntries(filas.map((f) => [f.metodo_pago, f]));
}

/** Closes the shop's open shift (if any) and opens one with $10.000. */
async function turnoNuevo() {
  const api = await pyme();
  const actual = await api.request({ method: 'GET', url: `/api/caja/turnos/actual?id_minimarket=${donPepe}` });
  if (actual.statusCode === 200 && actual.json()?.id_turno) {
    const t = actual.json();
    await api.request({ method: 'POST', url: `/api/caja/turnos/${t.id_turno}/cierre`, payload: { monto_contado: t.esperado_efectivo } });
  }
  const res = await api.request({ method: 'POST', url: '/api/caja/turnos', payload: { id_minimarket: donPepe, monto_inicial: 10_000 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_turno: number };
}
/** The open shift's figures now (its "X" report). */
async function turnoActual(id: number) {
  const t = (await (await pyme()).request({ method: 'GET', url: `/api/caja/turnos/actual?id_minimarket=${donPepe}` })).json();
  expect(t.id_turno).toBe(id);
  return t;
}

describe('a sale paid in parts', () => {
  it('each part counts where its method counts; the change comes out of the cash part', async () => {
    const api = await pyme();
    const turno = await turnoNuevo();
    const c = await cliente();
    const p = await producto();
    const antes = await porMetodo();

    // $5.000 handed over for the $3.000 cash part: $2.000 change.
    const res = await api.request(venta(p, { pagos: TRES_PARTES, id_cliente: c.id_cliente, monto_recibido: 5000 }));
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v.metodo_pago).toBe('Mixto');
    expect(v.pagos).toEqual([
      { metodo_pago: 'Efectivo', monto: 3000 },
      { metodo_pago: 'Tarjeta de Débito', monto: 2000 },
      { metodo_pago: 'Fiado', monto: 5000 },
    ]);
    expect((await api.request({ method: 'GET', url: `/api/ventas/${v.id_venta}` })).json().pagos).toEqual(v.pagos);

    // The customer owes the fiado part only.
    expect(await saldo(c.id_cliente)).toBe(5000);

    // The receipt lists every part; the change is of the cash part.
    const boleta = (await api.request({ method: 'GET', url: `/api/ventas/${v.id_venta}/boleta` })).json();
    expect(boleta).toMatchObject({ metodo_pago: 'Mixto', total: 10_000, monto_recibido: 5000, vuelto: 2000, cliente: c.nombre });
    expect(boleta.pagos).toEqual(v.pagos);

    // The shift: $10.000 + the $3.000 cash part; one sale, in three methods.
    const t = await turnoActual(turno.id_turno);
    expect(t).toMatchObject({ ventas: 1, total_ventas: 10_000, ventas_efectivo: 3000, esperado_efectivo: 13_000 });
    expect(Object.fromEntries(t.por_metodo_pago.map((m: { metodo_pago: string; total: number }) => [m.metodo_pago, m.total]))).toEqual({
      Efectivo: 3000,
      'Tarjeta de Débito': 2000,
      Fiado: 5000,
    });

    // The analytics by method: each part in its method, no 'Mixto'.
    const despues = await porMetodo();
    const delta = (m: string) => (despues[m]?.ingresos ?? 0) - (antes[m]?.ingresos ?? 0);
    expect([delta('Efectivo'), delta('Tarjeta de Débito'), delta('Fiado'), delta('Mixto')]).toEqual([3000, 2000, 5000, 0]);
    expect(despues.Mixto).toBeUndefined();
  });

  it('a return gives back the fiado part first, then cash; a void undoes every part', async () => {
    const api = await pyme();
    const turno = await turnoNuevo();
    const c = await cliente();
    const p = await producto();
    const antes = await porMetodo();
    const v = (await api.request(venta(p, { pagos: TRES_PARTES, id_cliente: c.id_cliente }))).json();

    // 13 × $500 = $6.500 back: the $5.000 owed, then $1.500 in cash.
    const dev = await api.request({
      method: 'POST',
      url: `/api/ventas/${v.id_venta}/devoluciones`,
      payload: { motivo: 'Venían rotas', detalles: [{ id_producto: p.id_producto, num_unidades: 13 }] },
    });
    expect(dev.statusCode, dev.body).toBe(201);
    expect(dev.json()).toMatchObject({
      total: 6500,
      pagos: [
        { metodo_pago: 'Efectivo', monto: 1500 },
        { metodo_pago: 'Fiado', monto: 5000 },
      ],
    });
    expect(await saldo(c.id_cliente)).toBe(0);
    expect(await turnoActual(turno.id_turno)).toMatchObject({ devoluciones_efectivo: 1500, esperado_efectivo: 10_000 + 3000 - 1500 });
    const despues = await porMetodo();
    const delta = (m: string) => (despues[m]?.ingresos ?? 0) - (antes[m]?.ingresos ?? 0);
    expect([delta('Efectivo'), delta('Tarjeta de Débito'), delta('Fiado')]).toEqual([1500, 2000, 0]);

    // 4 more back ($2.000): the cash part's last $1.500, then $500 of the card.
    const dev2 = await api.request({
      method: 'POST',
      url: `/api/ventas/${v.id_venta}/devoluciones`,
      payload: { motivo: 'También', detalles: [{ id_producto: p.id_producto, num_unidades: 4 }] },
    });
    expect(dev2.json().pagos).toEqual([
      { metodo_pago: 'Efectivo', monto: 1500 },
      { metodo_pago: 'Tarjeta de Débito', monto: 500 },
    ]);

    // Another split sale, voided: the customer owes nothing of it, its cash part leaves the till.
    const v2 = (await api.request(venta(p, { pagos: TRES_PARTES, id_cliente: c.id_cliente }))).json();
    expect(await saldo(c.id_cliente)).toBe(5000);
    const anulada = await api.request({ method: 'POST', url: `/api/ventas/${v2.id_venta}/anulacion`, payload: { motivo: 'Error' } });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await saldo(c.id_cliente)).toBe(0);
    // In the same shift: the voided sale no longer counts, so its cash is neither in nor out.
    expect(await turnoActual(turno.id_turno)).toMatchObject({ esperado_efectivo: 10_000 + 3000 - 3000 });
  });

  it('the fiado part is what must fit in the limit', async () => {
    const api = await pyme();
    const p = await producto();
    const c = await cliente({ limite_credito: 4000 });
    const pasado = await api.request(venta(p, { pagos: TRES_PARTES, id_cliente: c.id_cliente }));
    expect(pasado.statusCode).toBe(409);
    expect(pasado.json().detail).toBe(
      `Fiar $5.000 de esta venta deja a ${c.nombre} sobre su límite de crédito: debe $0 y su límite es $4.000.`,
    );
    const cabe = await api.request(
      venta(p, {
        pagos: [
          { metodo_pago: 'Efectivo', monto: 6000 },
          { metodo_pago: 'Fiado', monto: 4000 },
        ],
        id_cliente: c.id_cliente,
      }),
    );
    expect(cabe.statusCode, cabe.body).toBe(201);
    expect(await saldo(c.id_cliente)).toBe(4000);
  });

  it('refuses parts that do not add up, repeat a method, are $0, or lack what their method needs; nothing is sold', async () => {
    const api = await pyme();
    const p = await producto();
    const c = await cliente();
    const casos: Array<[Record<string, unknown>, string]> = [
      [
        { pagos: partes(['Efectivo', 3000], ['Tarjeta de Débito', 2000]) },
        'Las partes del pago suman $5.000 y el total de la venta es $10.000.',
      ],
      [{ pagos: partes(['Efectivo', 5000], ['Efectivo', 5000]) }, 'Cada método de pago puede ir una sola vez en un pago dividido.'],
      [{ pagos: partes(['Efectivo', 10_000], ['Tarjeta de Débito', 0]) }, 'Cada parte del pago debe ser mayor a $0.'],
      [{ pagos: partes(['Efectivo', 5000], ['Fiado', 5000]) }, 'Para vender fiado, elige el cliente.'],
      [
        { pagos: partes(['Efectivo', 5000], ['Tarjeta de Crédito', 5000]), monto_recibido: 4000 },
        'La cantidad recibida es menor que la parte en efectivo ($5.000).',
      ],
      [
        { pagos: partes(['Transferencia Bancaria', 5000], ['Tarjeta de Crédito', 5000]), monto_recibido: 5000 },
        'El monto recibido se indica solo en pagos en efectivo.',
      ],
      [
        { pagos: partes(['Efectivo', 5000], ['Tarjeta de Crédito', 5000]), id_cliente: c.id_cliente },
        'El cliente se indica en las ventas fiadas.',
      ],
      [{ metodo_pago: 'Mixto' }, 'Elige el método de pago.'],
      [{ metodo_pago: 'Efectivo', pagos: TRES_PARTES, id_cliente: c.id_cliente }, 'El método de pago no coincide con las partes del pago.'],
    ];
    const stock = async () =>
      ((await api.request({ method: 'GET', url: `/api/productos/${p.id_producto}` })).json() as { stock: number }).stock;
    const antes = await stock();
    for (const [extra, mensaje] of casos) {
      const res = await api.request(venta(p, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
      expect(res.json().errors.map((e: { mensaje: string }) => e.mensaje)).toContain(mensaje);
    }
    expect(await stock()).toBe(antes);
    expect(await saldo(c.id_cliente)).toBe(0);
  });

  it('a retry by the same key is the same sale; the same key with other parts is refused', async () => {
    const api = await pyme();
    const p = await producto();
    const c = await cliente();
    const clave = `dividido-${Date.now()}`;
    const pedir = (pagos: unknown[]) =>
      api.request({ ...venta(p, { pagos, id_cliente: c.id_cliente }), headers: { 'idempotency-key': clave } });
    const primera = await pedir(TRES_PARTES);
    expect(primera.statusCode, primera.body).toBe(201);
    const otra = await pedir([...TRES_PARTES].reverse());
    expect(otra.json().id_venta).toBe(primera.json().id_venta);
    const distinta = await pedir([
      { metodo_pago: 'Efectivo', monto: 5000 },
      { metodo_pago: 'Fiado', monto: 5000 },
    ]);
    expect(distinta.statusCode).toBe(409);
    expect(distinta.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await saldo(c.id_cliente)).toBe(5000);
  });
});
