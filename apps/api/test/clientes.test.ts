// La libreta de fiado (issue #21, docs/fiado.md) through the API and the database: the balance to
// the peso against hand-computed values, the credit limit under racing sales, abonos in the cash
// shift, and another shop's customers out of reach.
import { describe, expect, it } from 'vitest';
import { conTiendasDemo, DEMO, nuevoProducto, pedidoVenta, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t));

let secuencia = 0;
const pyme = () => ctx.as(DEMO.pyme);

async function cliente(datos: Record<string, unknown> = {}, cuenta: { correo: string; password: string } = DEMO.pyme, tienda = donPepe) {
  secuencia += 1;
  const res = await (
    await ctx.as(cuenta)
  ).request({ method: 'POST', url: '/api/clientes', payload: { id_minimarket: tienda, nombre: `Vecina ${secuencia}`, ...datos } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_cliente: number; nombre: string; saldo: number };
}

/** A unit product of Don Pepe at $2.500 with plenty of stock. */
async function producto(precio = 2500) {
  secuencia += 1;
  return nuevoProducto(await pyme(), donPepe, { precio_venta: precio, nombre_producto: `Aceite ${secuencia}` });
}

const venta = (p: { id_producto: number; precio_venta_actual: number }, unidades: number, extra: Record<string, unknown>) =>
  pedidoVenta(donPepe, p, unidades, extra);
/** POST /api/clientes for Don Pepe with `datos` (the tests that expect a refusal check it). */
const altaCliente = (datos: Record<string, unknown>) => ({
  method: 'POST',
  url: '/api/clientes',
  payload: { id_minimarket: donPepe, ...datos },
});
const fiado = (idCliente: number) => ({ metodo_pago: 'Fiado', id_cliente: idCliente });
const saldo = async (id: number) =>
  ((await (await pyme()).request({ method: 'GET', url: `/api/clientes/${id}` })).json() as { saldo: number }).saldo;

describe('the balance, to the peso', () => {
  it('fiado sales − a partial return − a void − cash and transfer abonos; an over-payment is refused', async () => {
    const api = await pyme();
    const c = await cliente({ limite_credito: 50_000 });
    const aceite = await producto(2500);
    const arroz = await producto(1990);

    // 4 × $2.500 = $10.000 and 3 × $1.990 = $5.970, both on credit: owes $15.970.
    const v1 = (await api.request(venta(aceite, 4, fiado(c.id_cliente)))).json();
    const v2 = (await api.request(venta(arroz, 3, fiado(c.id_cliente)))).json();
    expect(v1.id_cliente).toBe(c.id_cliente);
    expect(await saldo(c.id_cliente)).toBe(15_970);

    // One aceite comes back: −$2.500 → $13.470. The arroz sale is voided: −$5.970 → $7.500.
    const dev = await api.request({
      method: 'POST',
      url: `/api/ventas/${v1.id_venta}/devoluciones`,
      payload: { motivo: 'Venía abierto', detalles: [{ id_producto: aceite.id_producto, num_unidades: 1 }] },
    });
    expect(dev.statusCode).toBe(201);
    expect(await saldo(c.id_cliente)).toBe(13_470);
    expect(
      (await api.request({ method: 'POST', url: `/api/ventas/${v2.id_venta}/anulacion`, payload: { motivo: 'Se equivocó' } })).statusCode,
    ).toBe(200);
    expect(await saldo(c.id_cliente)).toBe(7500);

    // $3.000 in cash and $1.500 by transfer: $3.000 left.
    const a1 = await api.request({
      method: 'POST',
      url: `/api/clientes/${c.id_cliente}/abonos`,
      payload: { monto: 3000, metodo_pago: 'Efectivo' },
    });
    expect(a1.statusCode).toBe(201);
    expect(a1.json().saldo).toBe(4500);
    const a2 = await api.request({
      method: 'POST',
      url: `/api/clientes/${c.id_cliente}/abonos`,
      payload: { monto: 1500, metodo_pago: 'Transferencia Bancaria' },
    });
    expect(a2.json()).toMatchObject({ saldo: 3000, abono: { monto: 1500, metodo_pago: 'Transferencia Bancaria' } });

    const demasiado = await api.request({
      method: 'POST',
      url: `/api/clientes/${c.id_cliente}/abonos`,
      payload: { monto: 3001, metodo_pago: 'Efectivo' },
    });
    expect(demasiado.statusCode).toBe(409);
    expect(demasiado.json().detail).toBe('El abono es mayor que lo que debe el cliente ($3.000). Registra a lo más ese monto.');
    const fiadoComoAbono = await api.request({
      method: 'POST',
      url: `/api/clientes/${c.id_cliente}/abonos`,
      payload: { monto: 100, metodo_pago: 'Fiado' },
    });
    expect(fiadoComoAbono.statusCode).toBe(422);
    expect(await saldo(c.id_cliente)).toBe(3000);

    // The statement: every movement with the balance after it, ending at the balance.
    const estado = (await api.request({ method: 'GET', url: `/api/clientes/${c.id_cliente}/estado-cuenta` })).json();
    expect(
      estado.movimientos.map((m: { tipo: string; cargo: number; abono: number; saldo: number }) => [m.tipo, m.cargo, m.abono, m.saldo]),
    ).toEqual([
      ['compra', 10_000, 0, 10_000],
      ['compra', 5970, 0, 15_970],
      ['devolucion', 0, 2500, 13_470],
      ['anulacion', 0, 5970, 7500],
      ['abono', 0, 3000, 4500],
      ['abono', 0, 1500, 3000],
    ]);
    expect(estado.movimientos[0].descripcion).toBe(`Compra N° ${v1.numero_venta}`);
    expect(estado.movimientos[4].descripcion).toBe('Abono en efectivo');
    expect(estado.saldo).toBe(3000);
  });

  it('the statement names each purchase’s items: name, quantity (grams of a kg product) and amount; other movements none', async () => {
    const api = await pyme();
    const c = await cliente();
    const aceite = await producto(2500);
    secuencia += 1;
    const queso = await nuevoProducto(api, donPepe, {
      codigo_barra: `FIADO-KG-${secuencia}-${Date.now()}`,
      nombre_producto: `Queso gauda ${secuencia}`,
      unidad: 'kg',
      precio_venta: 9990,
      stock: 5000,
    });
    // 2 × $2.500 and 0,350 kg × $9.990/kg = $3.497 (montoPorPeso), in one purchase on credit.
    const v = await api.request({
      method: 'POST',
      url: '/api/ventas/',
      payload: {
        id_minimarket: donPepe,
        total: 5000 + 3497,
        ...fiado(c.id_cliente),
        detalles: [
          { id_producto: aceite.id_producto, num_unidades: 2, precio_unitario: 2500, subtotal: 5000 },
          { id_producto: queso.id_producto, num_unidades: 350, precio_unitario: 9990, subtotal: 3497 },
        ],
      },
    });
    expect(v.statusCode, v.body).toBe(201);
    await api.request({ method: 'POST', url: `/api/clientes/${c.id_cliente}/abonos`, payload: { monto: 1000, metodo_pago: 'Efectivo' } });
    const estado = (await api.request({ method: 'GET', url: `/api/clientes/${c.id_cliente}/estado-cuenta` })).json();
    expect(estado.movimientos.map((m: { tipo: string }) => m.tipo)).toEqual(['compra', 'abono']);
    expect(estado.movimientos[0].detalles).toEqual([
      { nombre_producto: expect.stringMatching(/^Aceite /), num_unidades: 2, unidad: 'unidad', subtotal: 5000 },
      { nombre_producto: queso.nombre_producto, num_unidades: 350, unidad: 'kg', subtotal: 3497 },
    ]);
    expect(estado.movimientos[1].detalles).toEqual([]);
  });

  it('the list says who owes most first, the oldest unpaid purchase, and what the shop is owed in all', async () => {
    const api = await pyme();
    const poco = await cliente();
    const mucho = await cliente();
    const p = await producto(1000);
    const primera = (await api.request(venta(p, 2, fiado(mucho.id_cliente)))).json();
    await api.request(venta(p, 30, fiado(mucho.id_cliente)));
    await api.request(venta(p, 1, fiado(poco.id_cliente)));
    // $2.000 paid: the first purchase is settled, the second is the oldest unpaid.
    await api.request({
      method: 'POST',
      url: `/api/clientes/${mucho.id_cliente}/abonos`,
      payload: { monto: 2000, metodo_pago: 'Efectivo' },
    });

    const lista = (await api.request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}&orden=deuda&limit=100` })).json();
    const ids = lista.clientes.map((c: { id_cliente: number }) => c.id_cliente);
    expect(ids.indexOf(mucho.id_cliente)).toBeLessThan(ids.indexOf(poco.id_cliente));
    const fila = lista.clientes.find((c: { id_cliente: number }) => c.id_cliente === mucho.id_cliente);
    expect(fila.saldo).toBe(30_000);
    expect(new Date(fila.compra_impaga_desde).getTime()).toBeGreaterThan(new Date(primera.fecha_venta).getTime());
    const suma = lista.clientes.reduce((s: number, c: { saldo: number }) => s + c.saldo, 0);
    expect(lista.por_cobrar).toBe(suma);
  });
});

describe('selling on credit', () => {
  it('two fiado sales racing the last of a limit: one is sold, the other gets the 409 with balance and limit', async () => {
    const api = await pyme();
    const c = await cliente({ limite_credito: 10_000, nombre: 'Señora Juana' });
    const p = await producto(6000);
    const [a, b] = await Promise.all([api.request(venta(p, 1, fiado(c.id_cliente))), api.request(venta(p, 1, fiado(c.id_cliente)))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rechazo = (a.statusCode === 409 ? a : b).json();
    expect(rechazo).toMatchObject({ code: 'CREDIT_LIMIT' });
    expect(rechazo.detail).toBe('Esta venta de $6.000 deja a Señora Juana sobre su límite de crédito: debe $6.000 y su límite es $10.000.');
    expect(await saldo(c.id_cliente)).toBe(6000);
  });

  it('needs a customer, only with Fiado, an active one, of this shop', async () => {
    const api = await pyme();
    const p = await producto(1000);
    const sin = await api.request(venta(p, 1, { metodo_pago: 'Fiado' }));
    expect(sin.statusCode).toBe(422);
    expect(sin.json().detail).toBe('Para vender fiado, elige el cliente.');
    const c = await cliente();
    const conEfectivo = await api.request(venta(p, 1, { metodo_pago: 'Efectivo', id_cliente: c.id_cliente }));
    expect(conEfectivo.statusCode).toBe(422);

    await api.request({ method: 'PUT', url: `/api/clientes/${c.id_cliente}`, payload: { activo: false } });
    const inactivo = await api.request(venta(p, 1, fiado(c.id_cliente)));
    expect(inactivo.statusCode).toBe(409);
    expect(inactivo.json().code).toBe('CLIENT_INACTIVE');

    const ajeno = await cliente({}, DEMO.pyme2, laEsquina);
    const otraTienda = await api.request(venta(p, 1, fiado(ajeno.id_cliente)));
    expect(otraTienda.statusCode).toBe(404);
    expect(await ctx.db.venta.count({ where: { id_cliente: ajeno.id_cliente } })).toBe(0);
  });

  it("the shift's expected cash counts a cash abono and never a fiado sale", async () => {
    const api = await pyme();
    const actual = await api.request({ method: 'GET', url: `/api/caja/turnos/actual?id_minimarket=${donPepe}` });
    if (actual.statusCode === 200 && actual.json()?.id_turno) {
      const t = actual.json();
      await api.request({ method: 'POST', url: `/api/caja/turnos/${t.id_turno}/cierre`, payload: { monto_contado: t.esperado_efectivo } });
    }
    const turno = (
      await api.request({ method: 'POST', url: '/api/caja/turnos', payload: { id_minimarket: donPepe, monto_inicial: 10_000 } })
    ).json();
    const c = await cliente();
    const p = await producto(5000);
    expect((await api.request(venta(p, 1, fiado(c.id_cliente)))).statusCode).toBe(201);
    expect((await api.request(venta(await producto(1000), 1, { metodo_pago: 'Efectivo' }))).statusCode).toBe(201);
    await api.request({ method: 'POST', url: `/api/clientes/${c.id_cliente}/abonos`, payload: { monto: 2000, metodo_pago: 'Efectivo' } });
    await api.request({
      method: 'POST',
      url: `/api/clientes/${c.id_cliente}/abonos`,
      payload: { monto: 500, metodo_pago: 'Tarjeta de Débito' },
    });

    // $10.000 to start + $1.000 cash sale + $2.000 cash abono; the $5.000 on credit and the debit abono are not cash.
    const cierre = await api.request({
      method: 'POST',
      url: `/api/caja/turnos/${turno.id_turno}/cierre`,
      payload: { monto_contado: 13_000 },
    });
    expect(cierre.statusCode, cierre.body).toBe(200);
    expect(cierre.json()).toMatchObject({ esperado_efectivo: 13_000, abonos_efectivo: 2000, diferencia: 0 });
  });
});

describe('customers', () => {
  it('a RUT is checked and unique in the shop; the search ignores accents', async () => {
    const api = await pyme();
    const malo = await api.request(altaCliente({ nombre: 'X', rut: '12.345.678-9' }));
    expect(malo.statusCode).toBe(422);
    expect(malo.json().detail).toBe('El RUT no es válido (revisa el dígito verificador).');
    const c = await cliente({ nombre: 'Juana Pérez Soto', rut: '12.345.678-5' });
    expect((await api.request({ method: 'GET', url: `/api/clientes/${c.id_cliente}` })).json().rut).toBe('12.345.678-5');
    const dup = await api.request(altaCliente({ nombre: 'Otra', rut: '123456785' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('Ya existe un cliente con ese RUT en tu tienda.');
    const encontrados = (await api.request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}&search=perez` })).json();
    expect(encontrados.clientes.map((x: { nombre: string }) => x.nombre)).toContain('Juana Pérez Soto');
  });

  it('one who owes cannot be deleted; one who does not leaves the list', async () => {
    const api = await pyme();
    const c = await cliente();
    await api.request(venta(await producto(1000), 1, fiado(c.id_cliente)));
    const conSaldo = await api.request({ method: 'DELETE', url: `/api/clientes/${c.id_cliente}` });
    expect(conSaldo.statusCode).toBe(409);
    expect(conSaldo.json().detail).toMatch(/debe \$1\.000/);
    await api.request({ method: 'POST', url: `/api/clientes/${c.id_cliente}/abonos`, payload: { monto: 1000, metodo_pago: 'Efectivo' } });
    expect((await api.request({ method: 'DELETE', url: `/api/clientes/${c.id_cliente}` })).statusCode).toBe(204);
    const lista = (await api.request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}&limit=100` })).json();
    expect(lista.clientes.some((x: { id_cliente: number }) => x.id_cliente === c.id_cliente)).toBe(false);
  });

  it("another shop's customer, statement or abono: refused, nothing changes", async () => {
    const ajeno = await cliente({ nombre: 'De La Esquina' }, DEMO.pyme2, laEsquina);
    const api = await pyme();
    for (const [method, url, payload] of [
      ['GET', `/api/clientes/${ajeno.id_cliente}`, undefined],
      ['PUT', `/api/clientes/${ajeno.id_cliente}`, { nombre: 'Cambiado' }],
      ['DELETE', `/api/clientes/${ajeno.id_cliente}`, undefined],
      ['GET', `/api/clientes/${ajeno.id_cliente}/estado-cuenta`, undefined],
      ['POST', `/api/clientes/${ajeno.id_cliente}/abonos`, { monto: 1, metodo_pago: 'Efectivo' }],
    ] as const) {
      const res = await api.request({ method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api.request({ method: 'GET', url: `/api/clientes?id_minimarket=${laEsquina}` })).statusCode).toBe(403);
    const intacto = await ctx.db.cliente.findFirstOrThrow({ where: { id_cliente: ajeno.id_cliente } });
    expect(intacto).toMatchObject({ nombre: 'De La Esquina', activo: true });
    expect(await ctx.db.abono.count({ where: { id_cliente: ajeno.id_cliente } })).toBe(0);
  });
});
