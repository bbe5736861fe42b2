// La libreta in the figures (issue #21, docs/fiado.md "Cifras" and "Avisos"): cuentas por cobrar is
// the sum of the view cuenta_cliente, the same figure as GET /api/clientes `por_cobrar`, moving to the
// peso with a sale on credit and an abono; Fiado is a payment method in the analytics like any other;
// the overdue notice goes out once per customer per crossing, whoever looks.
import { describe, expect, it } from 'vitest';
import { desplazarDia, diaLocal, localAUtc } from '../src/lib/tiempo.js';
import { conTiendasDemo, DEMO, nuevoProducto, pedidoVenta, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t));

const pyme = () => ctx.as(DEMO.pyme);

async function cliente(nombre: string, tienda = donPepe, cuenta: { correo: string; password: string } = DEMO.pyme) {
  const res = await (await ctx.as(cuenta)).request({ method: 'POST', url: '/api/clientes', payload: { id_minimarket: tienda, nombre } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_cliente: number; nombre: string };
}

const producto = async (precio: number) => nuevoProducto(await pyme(), donPepe, { precio_venta: precio });

async function venderFiado(idCliente: number, p: { id_producto: number; precio_venta_actual: number }, unidades: number) {
  const res = await (await pyme()).request(pedidoVenta(donPepe, p, unidades, { metodo_pago: 'Fiado', id_cliente: idCliente }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_venta: number };
}

async function abonar(idCliente: number, monto: number) {
  const res = await (
    await pyme()
  ).request({ method: 'POST', url: `/api/clientes/${idCliente}/abonos`, payload: { monto, metodo_pago: 'Efectivo' } });
  expect(res.statusCode, res.body).toBe(201);
}

const porCobrar = async (tienda = donPepe) => {
  const res = await (await pyme()).request({ method: 'GET', url: `/api/analitica/por-cobrar?id_minimarket=${tienda}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { por_cobrar: number; clientes_con_deuda: number; compra_impaga_desde: string | null };
};
const porCobrarClientes = async () =>
  ((await (await pyme()).request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}` })).json() as { por_cobrar: number })
    .por_cobrar;

describe('cuentas por cobrar', () => {
  it('is the libreta’s own total and moves to the peso with a sale on credit and an abono', async () => {
    const antes = await porCobrar();
    expect(antes.por_cobrar).toBe(await porCobrarClientes());

    const c = await cliente('Rosa Cifras');
    const harina = await producto(1790);
    await venderFiado(c.id_cliente, harina, 3); // $5.370
    const conVenta = await porCobrar();
    expect(conVenta.por_cobrar).toBe(antes.por_cobrar + 5370);
    expect(conVenta.clientes_con_deuda).toBe(antes.clientes_con_deuda + 1);
    expect(conVenta.compra_impaga_desde).not.toBeNull();

    await abonar(c.id_cliente, 2000);
    const conAbono = await porCobrar();
    expect(conAbono.por_cobrar).toBe(antes.por_cobrar + 3370);
    expect(conAbono.por_cobrar).toBe(await porCobrarClientes());

    // Paid in full: she no longer counts among those who owe.
    await abonar(c.id_cliente, 3370);
    const pagado = await porCobrar();
    expect(pagado.por_cobrar).toBe(antes.por_cobrar);
    expect(pagado.clientes_con_deuda).toBe(antes.clientes_con_deuda);
  });

  it('another shop’s figure is refused', async () => {
    const res = await (await pyme()).request({ method: 'GET', url: `/api/analitica/por-cobrar?id_minimarket=${laEsquina}` });
    expect(res.statusCode).toBe(403);
  });

  it('Fiado is a payment method in the analytics like any other', async () => {
    const c = await cliente('Pedro Metodo');
    const p = await producto(4100);
    const antes = (
      await (await pyme()).request({ method: 'GET', url: `/api/analitica/por-metodo-pago?id_minimarket=${donPepe}` })
    ).json() as {
      metodo_pago: string;
      ingresos: number;
    }[];
    await venderFiado(c.id_cliente, p, 2);
    const despues = (
      await (await pyme()).request({ method: 'GET', url: `/api/analitica/por-metodo-pago?id_minimarket=${donPepe}` })
    ).json() as {
      metodo_pago: string;
      ingresos: number;
    }[];
    const fiado = (l: typeof antes) => l.find((m) => m.metodo_pago === 'Fiado')?.ingresos ?? 0;
    expect(fiado(despues)).toBe(fiado(antes) + 8200);
  });
});

/** Noon in Santiago `dias` days ago: the purchase's age in days, as the owner counts them. */
function haceDias(dias: number, ahora = new Date()): Date {
  const [a, m, d] = desplazarDia(diaLocal(ahora), -dias).split('-').map(Number) as [number, number, number];
  return localAUtc(a, m, d, 12, 0);
}
const fecharVenta = (idVenta: number, fecha: Date) =>
  ctx.db.$executeRaw`UPDATE venta SET fecha_venta = ${fecha} WHERE id_venta = ${idVenta}`;
const avisosDe = async (nombre: string) =>
  (
    (await (await pyme()).request({ method: 'GET', url: '/api/notificaciones' })).json() as {
      notificaciones: { tipo: string; titulo: string; descripcion: string; url_accion: string | null }[];
    }
  ).notificaciones.filter((n) => n.tipo === 'fiado_vencido' && n.descripcion.startsWith(nombre));
const diasAviso = async (dias: number) => {
  const res = await (
    await pyme()
  ).request({ method: 'PATCH', url: `/api/minimarkets/${donPepe}/configuracion`, payload: { dias_aviso_fiado: dias } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().dias_aviso_fiado).toBe(dias);
};

describe('the overdue notice', () => {
  it('the days are a setting of the shop: 30 by default, 1 to 365', async () => {
    const tienda = (await (await pyme()).request({ method: 'GET', url: `/api/minimarkets/${donPepe}` })).json();
    expect(tienda.dias_aviso_fiado).toBe(30);
    const malo = await (
      await pyme()
    ).request({ method: 'PATCH', url: `/api/minimarkets/${donPepe}/configuracion`, payload: { dias_aviso_fiado: 0 } });
    expect(malo.statusCode).toBe(422);
    expect(malo.body).toContain('Los días para avisar de una deuda deben ser un número entero entre 1 y 365.');
    const ajena = await (
      await pyme()
    ).request({ method: 'PATCH', url: `/api/minimarkets/${laEsquina}/configuracion`, payload: { dias_aviso_fiado: 10 } });
    expect(ajena.statusCode).toBe(403);
  });

  it('one notice per customer per crossing, however many look at once', async () => {
    const enviar = (ahora?: Date) => ctx.app.services.avisoFiado.enviar(ahora);
    const c = await cliente('Juana Aviso');
    const p = await producto(2500);
    const v = await venderFiado(c.id_cliente, p, 5); // $12.500
    await fecharVenta(v.id_venta, haceDias(36));

    // 36 days is within 40: nothing to say.
    await diasAviso(40);
    await enviar();
    expect(await avisosDe('Juana Aviso')).toHaveLength(0);

    // Past 30 days: told once, though three replicas look at the same time and again later.
    await diasAviso(30);
    await Promise.all([enviar(), enviar(), enviar()]);
    await enviar();
    const avisos = await avisosDe('Juana Aviso');
    expect(avisos).toEqual([
      {
        tipo: 'fiado_vencido',
        titulo: 'Fiado por cobrar',
        descripcion: 'Juana Aviso te debe $12.500 desde hace 36 días.',
        url_accion: `/pos/clientes/${c.id_cliente}`,
        leida: false,
        id_notificacion: expect.any(Number),
        fecha: expect.any(String),
      },
    ]);

    // A partial abono leaves the same purchase unpaid: the same crossing, no second notice.
    await abonar(c.id_cliente, 2500);
    await enviar();
    expect(await avisosDe('Juana Aviso')).toHaveLength(1);

    // Paid in full, then a newer purchase that also grows old: a new crossing, a new notice. (Credits
    // pay purchases oldest first: the new one must be newer than the one paid.)
    await abonar(c.id_cliente, 10_000);
    await enviar();
    const otra = await venderFiado(c.id_cliente, p, 2); // $5.000
    await fecharVenta(otra.id_venta, haceDias(33));
    await enviar();
    expect((await avisosDe('Juana Aviso')).map((n) => n.descripcion).sort()).toEqual([
      'Juana Aviso te debe $12.500 desde hace 36 días.',
      'Juana Aviso te debe $5.000 desde hace 33 días.',
    ]);
  });

  it('saldos_clientes says, customer by customer, what the list of customers says', async () => {
    const lista = (
      (await (await pyme()).request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}&limit=100&inactivos=true` })).json() as {
        clientes: { id_cliente: number; saldo: number; compra_impaga_desde: string | null }[];
      }
    ).clientes.filter((c) => c.saldo !== 0);
    const funcion = await ctx.db.$queryRaw<{ id_cliente: number; saldo: bigint; compra_impaga_desde: Date | null }[]>`
      SELECT * FROM saldos_clientes(${donPepe}::int)`;
    expect(lista.length).toBeGreaterThan(0);
    const porId = (l: { id_cliente: number; saldo: number; compra_impaga_desde: string | null }[]) =>
      Object.fromEntries(l.map((c) => [c.id_cliente, [c.saldo, c.compra_impaga_desde]]));
    expect(
      porId(
        funcion.map((f) => ({
          id_cliente: f.id_cliente,
          saldo: Number(f.saldo),
          compra_impaga_desde: f.compra_impaga_desde?.toISOString() ?? null,
        })),
      ),
    ).toEqual(porId(lista));
  });

  it('reads the same oldest unpaid purchase as the list of customers', async () => {
    const lista = (
      (await (await pyme()).request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}&limit=100` })).json() as {
        clientes: { saldo: number; compra_impaga_desde: string | null }[];
      }
    ).clientes;
    const desde = lista
      .filter((c) => c.saldo > 0 && c.compra_impaga_desde)
      .map((c) => c.compra_impaga_desde!)
      .sort()[0];
    expect((await porCobrar()).compra_impaga_desde).toBe(desde ?? null);
  });
});
