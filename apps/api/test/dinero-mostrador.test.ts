// Money at the counter, right to the law and to the label (issue 32, docs/pagos.md): cash rounded as
// Ley 20.956 says (the total and the boleta exact, the shift to the peso), a price label charged its
// printed amount, discounts stored per line, the loose sale, and a kg product with only its PLU.
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import { MENSAJE_CODIGO_O_PLU } from '@minimarket/contracts/productos';
import { mensajeRequiereAutorizacion } from '@minimarket/contracts/cajeros';
import { repartirDescuento } from '@minimarket/contracts/descuentos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMISOR_SIMULADOR } from './boletas-helpers.js';
import { createTestContext, DEMO, nuevoProducto, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let dueno: Awaited<ReturnType<TestContext['as']>>;

beforeAll(async () => {
  ctx = await createTestContext();
  donPepe = await ctx.shopOf(DEMO.pyme.correo);
  dueno = await ctx.as(DEMO.pyme);
});
afterAll(() => ctx.close());

type Linea = { id_producto: number | null; num_unidades: number; precio_unitario: number; subtotal: number; descuento?: number } & Record<
  string,
  unknown
>;

const vender = (cuerpo: Record<string, unknown>, quien = dueno, clave?: string) =>
  quien.request({
    method: 'POST',
    url: '/api/ventas/',
    payload: { id_minimarket: donPepe, ...cuerpo },
    ...(clave ? { headers: { 'idempotency-key': clave } } : {}),
  });

const total = (lineas: Linea[]) => lineas.reduce((s, l) => s + l.subtotal, 0);
const stockDe = async (id: number) => (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id } })).stock;

/** A product of the shop at this price (a unit product; `kg` for one sold by weight). */
async function producto(precio: number, extra: Record<string, unknown> = {}) {
  return nuevoProducto(dueno, donPepe, { precio_venta: precio, ...extra });
}

/** One line of `unidades` of a product at its price. */
const linea = (p: { id_producto: number; precio_venta_actual: number }, unidades = 1, descuento = 0): Linea => ({
  id_producto: p.id_producto,
  num_unidades: unidades,
  precio_unitario: p.precio_venta_actual,
  subtotal: p.precio_venta_actual * unidades - descuento,
  descuento,
});

describe('cash rounding (Ley 20.956)', () => {
  it('rounds the cash part of a sale to the ten, every final digit through the database; other methods pay exact', async () => {
    const esperados = [0, -1, -2, -3, -4, -5, 4, 3, 2, 1];
    for (let digito = 0; digito <= 9; digito++) {
      const p = await producto(3140 + digito);
      const res = await vender({ total: 3140 + digito, metodo_pago: 'Efectivo', detalles: [linea(p)] });
      expect(res.statusCode, res.body).toBe(201);
      expect([digito, res.json().redondeo, res.json().total]).toEqual([digito, esperados[digito], 3140 + digito]);
    }
    const p = await producto(3147);
    const debito = await vender({ total: 3147, metodo_pago: 'Tarjeta de Débito', detalles: [linea(p)] });
    expect(debito.json()).toMatchObject({ redondeo: 0, total: 3147 });
  });

  it("the issue's figures: $3.147 → +3, $3.145 → −5, $3.141 → −1, $3.149 → +1, $3.150 → 0; a split rounds its cash part only", async () => {
    for (const [monto, redondeo] of [
      [3147, 3],
      [3145, -5],
      [3141, -1],
      [3149, 1],
      [3150, 0],
    ] as const) {
      const p = await producto(monto);
      expect((await vender({ total: monto, metodo_pago: 'Efectivo', detalles: [linea(p)] })).json().redondeo).toBe(redondeo);
    }
    // $2.005 cash + $1.142 debit: the cash part paid is $2.000.
    const [a, b] = [await producto(2005), await producto(1142)];
    const split = await vender({
      total: 3147,
      detalles: [linea(a), linea(b)],
      pagos: [
        { metodo_pago: 'Efectivo', monto: 2005 },
        { metodo_pago: 'Tarjeta de Débito', monto: 1142 },
      ],
      monto_recibido: 2000,
    });
    expect(split.statusCode, split.body).toBe(201);
    expect(split.json()).toMatchObject({ redondeo: -5, total: 3147, monto_recibido: 2000 });
  });

  it('the cash handed over must cover the rounded cash part, and the change is counted from it', async () => {
    const p = await producto(3147);
    const corto = await vender({ total: 3147, metodo_pago: 'Efectivo', monto_recibido: 3140, detalles: [linea(p)] });
    expect(corto.statusCode).toBe(422);
    expect(corto.json().detail).toBe('La cantidad recibida es menor que el total a pagar.');
    const q = await producto(3145);
    // $3.145 is paid with $3.140.
    const justo = await vender({ total: 3145, metodo_pago: 'Efectivo', monto_recibido: 3140, detalles: [linea(q)] });
    expect(justo.statusCode, justo.body).toBe(201);
    const cinco = await vender({ total: 3147, metodo_pago: 'Efectivo', monto_recibido: 5000, detalles: [linea(p)] });
    const boleta = (await dueno.request({ method: 'GET', url: `/api/ventas/${cinco.json().id_venta}/boleta` })).json();
    expect(boleta).toMatchObject({ total: 3147, redondeo: 3, monto_recibido: 5000, vuelto: 1850 });
  });

  it('the shift expects the rounded cash to the peso; a cash refund is rounded too; the boleta stays exact', async () => {
    const abierto = (
      await dueno.request({ method: 'POST', url: '/api/caja/turnos', payload: { id_minimarket: donPepe, monto_inicial: 10_000 } })
    ).json();
    const [p, q, r] = [await producto(3147), await producto(3145), await producto(3146)];
    await vender({ total: 3147, metodo_pago: 'Efectivo', detalles: [linea(p)] });
    await vender({ total: 3145, metodo_pago: 'Efectivo', detalles: [linea(q)] });
    const aDevolver = (await vender({ total: 3146, metodo_pago: 'Efectivo', detalles: [linea(r)] })).json();
    const turno = async () => (await dueno.request({ method: 'GET', url: `/api/caja/turnos/actual?id_minimarket=${donPepe}` })).json();
    // 10.000 + 3.150 + 3.140 + 3.150 (3.146 + 4).
    expect(await turno()).toMatchObject({ ventas_efectivo: 3147 + 3145 + 3146, redondeo: 3 - 5 + 4, esperado_efectivo: 19_440 });
    const devolucion = await dueno.request({
      method: 'POST',
      url: `/api/ventas/${aDevolver.id_venta}/devoluciones`,
      payload: { motivo: 'Cambió de opinión', detalles: [{ id_producto: r.id_producto, num_unidades: 1 }] },
    });
    expect(devolucion.statusCode, devolucion.body).toBe(201);
    expect(devolucion.json()).toMatchObject({ total: 3146, redondeo: 4 });
    // The refund gave back $3.150: the expected cash falls by exactly that.
    expect(await turno()).toMatchObject({ devoluciones_efectivo: 3146, redondeo: 3 - 5, esperado_efectivo: 16_290 });
    const cierre = await dueno.request({
      method: 'POST',
      url: `/api/caja/turnos/${abierto.id_turno}/cierre`,
      payload: { monto_contado: 16_290 },
    });
    expect(cierre.json()).toMatchObject({ diferencia: 0, esperado_efectivo: 16_290, redondeo: -2 });
  });

  it('voiding a cash sale gives back what was paid, rounding included', async () => {
    const abierto = (
      await dueno.request({ method: 'POST', url: '/api/caja/turnos', payload: { id_minimarket: donPepe, monto_inicial: 0 } })
    ).json();
    const p = await producto(1996);
    const v = (await vender({ total: 1996, metodo_pago: 'Efectivo', detalles: [linea(p)] })).json();
    expect(v.redondeo).toBe(4);
    await dueno.request({ method: 'POST', url: `/api/caja/turnos/${abierto.id_turno}/cierre`, payload: { monto_contado: 2000 } });
    const otro = (
      await dueno.request({ method: 'POST', url: '/api/caja/turnos', payload: { id_minimarket: donPepe, monto_inicial: 5000 } })
    ).json();
    await dueno.request({ method: 'POST', url: `/api/ventas/${v.id_venta}/anulacion`, payload: { motivo: 'Error' } });
    const x = (await dueno.request({ method: 'GET', url: `/api/caja/turnos/actual?id_minimarket=${donPepe}` })).json();
    // 5.000 − 2.000 handed back (1.996 + 4).
    expect(x).toMatchObject({ devoluciones_efectivo: 1996, redondeo: -4, esperado_efectivo: 3000 });
    await dueno.request({ method: 'POST', url: `/api/caja/turnos/${otro.id_turno}/cierre`, payload: { monto_contado: 3000 } });
  });

  it('an offline cash sale is rounded by the same rule', async () => {
    const p = await producto(3147);
    const res = await vender(
      { total: 3147, metodo_pago: 'Efectivo', detalles: [linea(p)], origen: 'offline', fecha_venta: new Date().toISOString() },
      dueno,
      'redondeo-offline',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().redondeo).toBe(3);
  });
});

describe('a price label is charged its printed amount', () => {
  it('$3.000 of jamón at $8.990/kg: charged $3.000, 334 g leave the stock; another amount or weight is refused', async () => {
    await ctx.db.producto.updateMany({ where: { id_minimarket: donPepe, codigo_plu: '777' }, data: { codigo_plu: null } });
    const jamon = await producto(8990, { unidad: 'kg', codigo_plu: '777', stock: 5000, codigo_barra: undefined });
    const etiqueta = makeEan13('200077703000');
    const leida = await dueno.request({ method: 'GET', url: `/api/productos/etiqueta/${etiqueta}?id_minimarket=${donPepe}` });
    expect(leida.statusCode, leida.body).toBe(200);
    expect(leida.json()).toMatchObject({ monto: 3000, gramos: 334 });
    const lineaEtiqueta = (subtotal: number, gramos = 334) => ({
      id_producto: jamon.id_producto,
      num_unidades: gramos,
      precio_unitario: 8990,
      subtotal,
      codigo_etiqueta: etiqueta,
    });
    const otraSuma = await vender({ total: 3003, metodo_pago: 'Tarjeta de Débito', detalles: [lineaEtiqueta(3003)] });
    expect([409, 422]).toContain(otraSuma.statusCode);
    const otroPeso = await vender({ total: 3000, metodo_pago: 'Tarjeta de Débito', detalles: [lineaEtiqueta(3000, 340)] });
    expect(otroPeso.statusCode).toBe(422);
    expect(await stockDe(jamon.id_producto)).toBe(5000);
    const bien = await vender({ total: 3000, metodo_pago: 'Efectivo', monto_recibido: 5000, detalles: [lineaEtiqueta(3000)] });
    expect(bien.statusCode, bien.body).toBe(201);
    expect(bien.json()).toMatchObject({ total: 3000, redondeo: 0 });
    expect(bien.json().detalles[0]).toMatchObject({ num_unidades: 334, subtotal: 3000, codigo_etiqueta: etiqueta, descuento: 0 });
    expect(await stockDe(jamon.id_producto)).toBe(5000 - 334);
  });

  it('a kg product may have its PLU and no barcode; with neither it is refused', async () => {
    await ctx.db.producto.updateMany({ where: { id_minimarket: donPepe, codigo_plu: '778' }, data: { codigo_plu: null } });
    const base = {
      id_minimarket: donPepe,
      nombre_producto: 'Pan amasado',
      categoria: 'Panadería',
      precio_venta: 2290,
      unidad: 'kg',
      stock: 3000,
    };
    const conPlu = await dueno.request({ method: 'POST', url: '/api/productos/', payload: { ...base, codigo_plu: '778' } });
    expect(conPlu.statusCode, conPlu.body).toBe(201);
    expect(conPlu.json()).toMatchObject({ codigo_barra: null, codigo_plu: '778' });
    const sinNada = await dueno.request({ method: 'POST', url: '/api/productos/', payload: { ...base, nombre_producto: 'Otro pan' } });
    expect(sinNada.statusCode).toBe(422);
    expect(sinNada.json().detail).toBe(MENSAJE_CODIGO_O_PLU);
    const unidadSinCodigo = await dueno.request({
      method: 'POST',
      url: '/api/productos/',
      payload: { ...base, unidad: 'unidad', codigo_plu: undefined },
    });
    expect(unidadSinCodigo.statusCode).toBe(422);
  });
});

describe('discounts', () => {
  it('a line discount and a cart discount, spread to the peso, kept per line with the reason; a return refunds what was paid', async () => {
    const [a, b, c] = [await producto(1990), await producto(990), await producto(3147)];
    // $200 off the first line, then $1.000 off the cart spread by largest remainder over what is left
    // (shares 302,01 · 167,03 · 530,96: the peso left goes to the last).
    const carro = repartirDescuento(1000, [1790, 990, 3147]);
    expect(carro).toEqual([302, 167, 531]);
    const lineas = [linea(a, 1, 200 + carro[0]!), linea(b, 1, carro[1]), linea(c, 1, carro[2])];
    const sinMotivo = await vender({ total: total(lineas), metodo_pago: 'Tarjeta de Crédito', detalles: lineas });
    expect(sinMotivo.statusCode).toBe(422);
    expect(sinMotivo.json().detail).toBe('Escribe el motivo del descuento.');
    const res = await vender({
      total: total(lineas),
      metodo_pago: 'Tarjeta de Crédito',
      detalles: lineas,
      motivo_descuento: 'Cliente frecuente',
    });
    expect(res.statusCode, res.body).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({ total: 6127 - 1200, motivo_descuento: 'Cliente frecuente' });
    expect(v.detalles.map((d: { subtotal: number; descuento: number }) => [d.subtotal, d.descuento])).toEqual([
      [1488, 502],
      [823, 167],
      [2616, 531],
    ]);
    const entrada = (await dueno.request({ method: 'GET', url: `/api/auditoria?id_minimarket=${donPepe}&accion=descuento` })).json()
      .entradas[0];
    expect(entrada.detalle).toBe(`Descuento de $1.200 sobre $6.127 en la venta N° ${v.numero_venta}: Cliente frecuente`);

    // A wrong gross (the discount does not explain the subtotal) is refused.
    const mal = await vender({
      total: 1000,
      metodo_pago: 'Tarjeta de Crédito',
      detalles: [{ ...linea(a, 1, 500), subtotal: 1000 }],
      motivo_descuento: 'x',
    });
    expect(mal.statusCode).toBe(409);
    expect(mal.json().code).toBe('SUBTOTAL_MISMATCH');
  });

  it('a return of part of a discounted line refunds in proportion, and the rest settles it to the peso', async () => {
    const p = await producto(1000);
    // 3 units at $1.000 with $100 off: $2.900 paid.
    const v = (
      await vender({ total: 2900, metodo_pago: 'Tarjeta de Débito', detalles: [linea(p, 3, 100)], motivo_descuento: 'Dañado' })
    ).json();
    const devolver = async (n: number) =>
      (
        await dueno.request({
          method: 'POST',
          url: `/api/ventas/${v.id_venta}/devoluciones`,
          payload: { motivo: 'No lo quiso', detalles: [{ id_producto: p.id_producto, num_unidades: n }] },
        })
      ).json();
    expect((await devolver(1)).total).toBe(967);
    expect((await devolver(2)).total).toBe(2900 - 967);
  });

  it('the boleta carries each line net of its discount, and its totals from the net lines', async () => {
    await dueno.request({
      method: 'PUT',
      url: '/api/boletas/emisor',
      payload: { id_minimarket: donPepe, ...EMISOR_SIMULADOR },
    });
    const p = await producto(2000);
    const v = (await vender({ total: 3600, metodo_pago: 'Efectivo', detalles: [linea(p, 2, 400)], motivo_descuento: 'Promo' })).json();
    const doc = await ctx.db.documentoDte.findFirstOrThrow({ where: { id_venta: v.id_venta, tipo: 39 } });
    expect(doc).toMatchObject({ total: 3600, neto: 3025, iva: 575 });
    expect(doc.lineas).toEqual([expect.objectContaining({ cantidad: 2, precio_unitario: 2000, monto: 3600 })]);
  });

  it("a cashier's discount past the shop's cap needs the owner's PIN; within it, none", async () => {
    await dueno.request({ method: 'PUT', url: '/api/auth/pin', payload: { pin: '1357', contrasena: DEMO.pyme.password } });
    await dueno.request({
      method: 'POST',
      url: `/api/minimarkets/${donPepe}/cajeros`,
      payload: { nombre: 'Cajero Descuento', pin: '2468' },
    });
    const token = (await dueno.request({ method: 'POST', url: '/api/auth/pin', payload: { id_minimarket: donPepe, pin: '2468' } })).json()
      .access_token;
    const cajero = {
      request: (o: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) =>
        ctx.app.inject({
          method: o.method as 'POST',
          url: o.url,
          payload: o.payload as string,
          headers: { authorization: `Bearer ${token}`, ...o.headers },
        }),
    } as typeof dueno;
    const p = await producto(1000);
    // The cap is 10 % by default: $100 off $1.000 is within it, $101 is not.
    const dentro = await vender(
      { total: 900, metodo_pago: 'Efectivo', detalles: [linea(p, 1, 100)], motivo_descuento: 'Abollado' },
      cajero,
    );
    expect(dentro.statusCode, dentro.body).toBe(201);
    const sobre = { total: 899, metodo_pago: 'Efectivo', detalles: [linea(p, 1, 101)], motivo_descuento: 'Abollado' };
    const sinPin = await vender(sobre, cajero);
    expect(sinPin.statusCode).toBe(403);
    expect(sinPin.json()).toMatchObject({ code: 'REQUIERE_AUTORIZACION', detail: mensajeRequiereAutorizacion('descuento_sobre_tope') });
    const conPin = await vender({ ...sobre, autorizacion: { pin: '1357' } }, cajero);
    expect(conPin.statusCode, conPin.body).toBe(201);
    const entrada = (await dueno.request({ method: 'GET', url: `/api/auditoria?id_minimarket=${donPepe}&accion=descuento` })).json()
      .entradas[0];
    expect(entrada).toMatchObject({ nombre_usuario: 'Cajero Descuento', id_autorizador: expect.any(Number) });
    // The owner is never capped.
    expect(
      (await vender({ total: 501, metodo_pago: 'Efectivo', detalles: [linea(p, 1, 499)], motivo_descuento: 'Regalo' })).statusCode,
    ).toBe(201);
  });

  it('the discounts of the period, by day, product and person, and Badito says them: the same figures as the sale lines', async () => {
    const [fila] = await ctx.db.$queryRaw<{ descuento: bigint; ventas: bigint }[]>`
      SELECT coalesce(sum(d.descuento), 0)::bigint AS descuento, count(DISTINCT d.id_venta)::bigint AS ventas
      FROM venta_contada v JOIN detalle_venta d ON d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta AND d.descuento > 0
      WHERE v.id_minimarket = ${donPepe}`;
    const descuento = Number(fila!.descuento);
    expect(descuento).toBeGreaterThan(0);
    const r = (await dueno.request({ method: 'GET', url: `/api/analitica/descuentos?id_minimarket=${donPepe}` })).json();
    expect(r).toMatchObject({ descuento, ventas_con_descuento: Number(fila!.ventas) });
    expect(r.por_dia.reduce((s: number, d: { descuento: number }) => s + d.descuento, 0)).toBe(descuento);
    expect(r.por_producto.reduce((s: number, d: { descuento: number }) => s + d.descuento, 0)).toBe(descuento);
    expect(r.por_persona.map((p: { nombre: string }) => p.nombre)).toContain('Cajero Descuento');
    const badito = (
      await dueno.request({
        method: 'POST',
        url: '/api/badito',
        payload: { mensaje: '¿cuánto he descontado este mes?', id_minimarket: donPepe },
      })
    ).json();
    expect(badito.intencion).toBe('descuentos_mes');
    const pesos = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(descuento);
    expect(badito.respuesta).toContain(`llevas ${pesos} en descuentos`);
  });
});

describe('the loose sale («venta libre»)', () => {
  it('a line with no product: its name, its amount, no stock; it counts in revenue under «Venta libre»', async () => {
    const p = await producto(1000);
    const stock = await stockDe(p.id_producto);
    const libre = { id_producto: null, num_unidades: 1, precio_unitario: 150, subtotal: 150, nombre_producto: 'Bolsa' };
    const res = await vender({ total: 1150, metodo_pago: 'Efectivo', detalles: [linea(p), libre] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().detalles[1]).toMatchObject({ id_producto: null, nombre_producto: 'Bolsa', subtotal: 150, num_unidades: 1 });
    expect(await stockDe(p.id_producto)).toBe(stock - 1);
    const sinNombre = await vender({
      total: 300,
      metodo_pago: 'Efectivo',
      detalles: [{ ...libre, nombre_producto: undefined, precio_unitario: 300, subtotal: 300 }],
    });
    expect(sinNombre.json().detalles[0]).toMatchObject({ id_producto: null, nombre_producto: 'Varios' });
    const dos = await vender({ total: 300, metodo_pago: 'Efectivo', detalles: [{ ...libre, num_unidades: 2, subtotal: 300 }] });
    expect(dos.statusCode).toBe(422);
    // In the day's figures, by category.
    await ctx.app.services.resumidor.vaciar();
    const categorias = (await dueno.request({ method: 'GET', url: `/api/analitica/por-categoria?id_minimarket=${donPepe}` })).json();
    expect(categorias.find((c: { categoria: string }) => c.categoria === 'Venta libre')).toMatchObject({ ingresos: 450 });
    // Voiding it puts back the product's unit only.
    const anulada = await dueno.request({
      method: 'POST',
      url: `/api/ventas/${res.json().id_venta}/anulacion`,
      payload: { motivo: 'Error' },
    });
    expect(anulada.statusCode, anulada.body).toBe(200);
    expect(await stockDe(p.id_producto)).toBe(stock);
  });
});
