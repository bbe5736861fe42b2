// Stock adjustments with a reason (docs/stock.md): the ledger row, who may, never below zero, a
// count that moved meanwhile, racing the counter's sales, and the report by month and reason.
import { describe, expect, it } from 'vitest';
import { conTiendasDemo, DEMO, nuevoProducto, pedidoVenta, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
let idPyme: number;
conTiendasDemo(async (t) => {
  ({ ctx, donPepe, laEsquina } = t);
  idPyme = (await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } })).id_usuario;
});

let secuencia = 0;
/** A product created through the API, so its first stock is in the ledger like any other. */
async function productoCon(stock: number, opciones: { costo?: number | null; precio?: number; tienda?: number } = {}) {
  secuencia += 1;
  const dueno = opciones.tienda === laEsquina ? DEMO.pyme2 : DEMO.pyme;
  return nuevoProducto(await ctx.as(dueno), opciones.tienda ?? donPepe, {
    codigo_barra: `AJUSTE-${secuencia}-${Date.now()}`,
    nombre_producto: `Yogur de prueba ${secuencia}`,
    categoria: 'Lácteos y Quesos',
    precio_venta: opciones.precio ?? 990,
    precio_compra: opciones.costo === undefined ? 500 : opciones.costo,
    stock,
  });
}

const stockDe = async (id: number) => (await ctx.db.producto.findFirstOrThrow({ where: { id_producto: id } })).stock;
/** Every unit the ledger says came and went: it must add up to the stock. */
const sumaLibro = async (id: number) =>
  (await ctx.db.movimientoStock.aggregate({ where: { id_producto: id }, _sum: { cantidad: true } }))._sum.cantidad ?? 0;

const ajuste = (id: number, body: Record<string, unknown>) => ({ method: 'POST', url: `/api/productos/${id}/ajustes`, payload: body });

const ventaDe = (p: { id_producto: number; precio_venta_actual: number }, unidades = 1) => pedidoVenta(donPepe, p, unidades);

describe('POST /api/productos/{id}/ajustes', () => {
  it('a merma takes units out and leaves its ledger row with reason, note, user and cost', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10, { costo: 700 });
    const res = await pyme.request(
      ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'merma', diferencia: -3, nota: 'Se cayó la caja' }),
    );
    expect(res.statusCode).toBe(201);
    const { ajuste: a, producto } = res.json();
    expect(producto).toMatchObject({ id_producto: p.id_producto, stock: 7 });
    expect(a).toMatchObject({
      id_producto: p.id_producto,
      nombre_producto: p.nombre_producto,
      tipo: 'merma',
      cantidad: -3,
      stock_anterior: 10,
      stock_resultante: 7,
      costo_unitario: 700,
      valor_costo: -2100,
      nota: 'Se cayó la caja',
      nombre_usuario: 'José Pérez Soto',
    });
    const fila = await ctx.db.movimientoStock.findFirstOrThrow({ where: { id_movimiento: a.id_movimiento } });
    expect(fila).toMatchObject({
      id_minimarket: donPepe,
      id_producto: p.id_producto,
      id_usuario: idPyme,
      tipo: 'ajuste',
      tipo_ajuste: 'merma',
      cantidad: -3,
      stock_resultante: 7,
      costo_unitario: 700,
      nota: 'Se cayó la caja',
    });
    expect(await stockDe(p.id_producto)).toBe(7);
    expect(await sumaLibro(p.id_producto)).toBe(7);
  });

  it('a count sets the stock to what is on the shelf, up or down; a count that matches is kept too', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10);
    const abajo = await pyme.request(
      ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'conteo', cantidad_contada: 8, stock_sistema: 10 }),
    );
    expect(abajo.statusCode).toBe(201);
    expect(abajo.json().ajuste).toMatchObject({ tipo: 'conteo', cantidad: -2, stock_anterior: 10, stock_resultante: 8, nota: null });
    // Sent as text the Chilean way, as the form may.
    const arriba = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'conteo', cantidad_contada: '1.012' }));
    expect(arriba.json().ajuste).toMatchObject({ cantidad: 1004, stock_resultante: 1012 });
    const igual = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'conteo', cantidad_contada: 1012 }));
    expect(igual.statusCode).toBe(201);
    expect(igual.json().ajuste).toMatchObject({ cantidad: 0, stock_resultante: 1012 });
    // A count may also be a difference (found 3 more in the back room).
    const mas = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'conteo', diferencia: 3 }));
    expect(mas.json().producto.stock).toBe(1015);
    expect(await sumaLibro(p.id_producto)).toBe(1015);
  });

  it('a merma counted down to what is left works; the other reasons only take units out', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(6);
    const contada = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'vencido', cantidad_contada: 4 }));
    expect(contada.json().ajuste).toMatchObject({ tipo: 'vencido', cantidad: -2, stock_resultante: 4 });

    const positiva = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'robo', diferencia: 2 }));
    expect(positiva.statusCode).toBe(422);
    expect(positiva.json().detail).toBe('Un ajuste por robo solo puede descontar unidades.');
    const noBaja = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'consumo_interno', cantidad_contada: 4 }));
    expect(noBaja.statusCode).toBe(422);
    expect(noBaja.json().detail).toBe(
      'Un ajuste por consumo interno solo puede descontar unidades. La cantidad contada debe ser menor que el stock actual (4).',
    );
    expect(await stockDe(p.id_producto)).toBe(4);
  });

  it('never below zero: a take-out larger than the shelf is 409 in Spanish and changes nothing', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(2);
    const antes = await ctx.db.movimientoStock.count({ where: { id_producto: p.id_producto } });
    const res = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'merma', diferencia: -5 }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'NOT_ENOUGH_STOCK',
      detail: `No se pueden descontar 5 unidades de "${p.nombre_producto}": el stock actual es 2.`,
    });
    const negativa = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'conteo', cantidad_contada: -1 }));
    expect(negativa.statusCode).toBe(422);
    expect(negativa.json().detail).toBe('La cantidad contada no puede ser negativa.');
    expect(await stockDe(p.id_producto)).toBe(2);
    expect(await ctx.db.movimientoStock.count({ where: { id_producto: p.id_producto } })).toBe(antes);
  });

  it('refuses what is not one adjustment: no quantity, both, zero, an unknown reason, a long note', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(5);
    const casos: Array<[Record<string, unknown>, string]> = [
      [{ tipo: 'merma' }, 'Indica la cantidad contada o cuántas unidades se suman o se descuentan.'],
      [{ tipo: 'conteo', cantidad_contada: 3, diferencia: -2 }, 'Indica la cantidad contada o la diferencia, no ambas.'],
      [{ tipo: 'merma', diferencia: 0 }, 'La diferencia no puede ser 0.'],
      [{ tipo: 'perdida', diferencia: -1 }, 'Elige el motivo del ajuste: conteo, merma, vencido, robo o consumo interno.'],
      [{ tipo: 'merma', diferencia: -1.5 }, 'La diferencia debe ser un número entero.'],
      [{ tipo: 'merma', diferencia: -1, stock_sistema: 5 }, 'stock_sistema solo acompaña a cantidad_contada.'],
      [{ tipo: 'merma', diferencia: -1, nota: 'x'.repeat(201) }, 'El texto no puede superar 200 caracteres.'],
    ];
    for (const [body, detail] of casos) {
      const res = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, ...body }));
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().detail).toBe(detail);
    }
    expect(await stockDe(p.id_producto)).toBe(5);
  });

  it("another shop's product is 404 and another shop is 403; nothing changes; an administrador may adjust any shop", async () => {
    const esquina = await ctx.as(DEMO.pyme2);
    const p = await productoCon(5);
    // La Esquina's owner names her own shop with Don Pepe's product: no such product there.
    const ajeno = await esquina.request(ajuste(p.id_producto, { id_minimarket: laEsquina, tipo: 'merma', diferencia: -1 }));
    expect(ajeno.statusCode).toBe(404);
    expect(ajeno.json()).toEqual({ code: 'PRODUCT_NOT_FOUND', detail: 'Producto no encontrado en el inventario.' });
    // ...or names Don Pepe's shop: not hers.
    const tiendaAjena = await esquina.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'merma', diferencia: -1 }));
    expect(tiendaAjena.statusCode).toBe(403);
    expect(tiendaAjena.json().code).toBe('FORBIDDEN_MINIMARKET');
    const lista = await esquina.request({ method: 'GET', url: `/api/ajustes-stock?id_minimarket=${donPepe}` });
    expect(lista.statusCode).toBe(403);
    const informe = await esquina.request({ method: 'GET', url: `/api/ajustes-stock/informe?id_minimarket=${donPepe}` });
    expect(informe.statusCode).toBe(403);
    expect(await stockDe(p.id_producto)).toBe(5);

    const admin = await ctx.as(DEMO.admin);
    const res = await admin.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'consumo_interno', diferencia: -1 }));
    expect(res.statusCode).toBe(201);
    expect(res.json().ajuste.nombre_usuario).not.toBe('José Pérez Soto');
    expect(await stockDe(p.id_producto)).toBe(4);
  });

  it('a deleted product cannot be adjusted', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(5);
    expect((await pyme.request({ method: 'DELETE', url: `/api/productos/${p.id_producto}` })).statusCode).toBe(204);
    const res = await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'merma', diferencia: -1 }));
    expect(res.statusCode).toBe(404);
  });

  it('a count whose stock moved while counting (a sale) is refused, not applied over the sale', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(10);
    expect((await pyme.request(ventaDe(p, 2))).statusCode).toBe(201);
    const res = await pyme.request(
      ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'conteo', cantidad_contada: 7, stock_sistema: 10 }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'STOCK_CHANGED',
      detail: `El stock de "${p.nombre_producto}" cambió mientras contabas: el sistema tenía 10 y ahora tiene 8. Revisa el conteo y guárdalo de nuevo.`,
    });
    expect(await stockDe(p.id_producto)).toBe(8);
  });

  it('a count to zero sends the "agotado" notice like a sale would', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(3);
    await pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'robo', cantidad_contada: 0 }));
    const aviso = await ctx.db.notificacion.findFirst({
      where: { id_minimarket: donPepe, descripcion: `"${p.nombre_producto}" se quedó sin stock.` },
    });
    expect(aviso?.tipo).toBe('agotado');
  });
});

describe('an adjustment racing the counter', () => {
  it('sales and mermas of the same product at once: every effect kept, the stock is the arithmetic, never negative', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    for (let ronda = 0; ronda < 5; ronda++) {
      // Enough for everything: 12 sales of 1 and 12 mermas of 2 → 36 − 12 − 24 = 0.
      const p = await productoCon(36);
      const pedidos = Array.from({ length: 12 }, () => [
        pyme.request(ventaDe(p, 1)),
        pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'merma', diferencia: -2 })),
      ]).flat();
      const respuestas = await Promise.all(pedidos);
      expect(respuestas.map((r) => r.statusCode)).toEqual(respuestas.map(() => 201));
      expect(await stockDe(p.id_producto)).toBe(0);
      expect(await sumaLibro(p.id_producto)).toBe(0);
    }
  });

  it('more asked than there is: whoever loses gets 409, and the stock is what the winners took', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    for (let ronda = 0; ronda < 5; ronda++) {
      const p = await productoCon(10);
      const ventas = Array.from({ length: 8 }, () => pyme.request(ventaDe(p, 1)));
      const mermas = Array.from({ length: 6 }, () =>
        pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'merma', diferencia: -2 })),
      );
      const [rv, rm] = await Promise.all([Promise.all(ventas), Promise.all(mermas)]);
      for (const r of [...rv, ...rm]) expect([201, 409]).toContain(r.statusCode);
      const vendidas = rv.filter((r) => r.statusCode === 201).length;
      const mermadas = rm.filter((r) => r.statusCode === 201).length;
      const final = await stockDe(p.id_producto);
      expect(final).toBe(10 - vendidas - 2 * mermadas);
      expect(final).toBeGreaterThanOrEqual(0);
      // With 10 units and 20 asked for, something had to be refused; and nobody lost to a stock that was there.
      expect(vendidas + mermadas).toBeLessThan(14);
      expect(final).toBeLessThan(2);
      expect(await sumaLibro(p.id_producto)).toBe(final);
    }
  });

  it('a count and a sale at once: either the sale came first and the count is refused, or the count stands and the sale comes off it', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const vistos = new Set<string>();
    for (let ronda = 0; ronda < 12; ronda++) {
      const p = await productoCon(10);
      const [venta, conteo] = await Promise.all([
        pyme.request(ventaDe(p, 1)),
        pyme.request(ajuste(p.id_producto, { id_minimarket: donPepe, tipo: 'conteo', cantidad_contada: 7, stock_sistema: 10 })),
      ]);
      expect(venta.statusCode).toBe(201);
      const final = await stockDe(p.id_producto);
      if (conteo.statusCode === 201) {
        vistos.add('conteo primero');
        expect(final).toBe(6);
      } else {
        vistos.add('venta primero');
        expect(conteo.statusCode).toBe(409);
        expect(conteo.json().code).toBe('STOCK_CHANGED');
        expect(final).toBe(9);
      }
      expect(await sumaLibro(p.id_producto)).toBe(final);
    }
    expect(vistos.size).toBeGreaterThan(0);
  });
});

describe('GET /api/ajustes-stock and its report', () => {
  it('reports units and their cost by month (Santiago) and reason, at the cost of each adjustment', async () => {
    const admin = await ctx.as(DEMO.admin);
    const conCosto = await productoCon(50, { costo: 1000, tienda: laEsquina });
    const sinCosto = await productoCon(10, { costo: null, tienda: laEsquina });
    const hacer = async (id: number, body: Record<string, unknown>, fecha: string) => {
      const res = await admin.request(ajuste(id, { id_minimarket: laEsquina, ...body }));
      expect(res.statusCode).toBe(201);
      await ctx.db.movimientoStock.updateMany({
        where: { id_movimiento: res.json().ajuste.id_movimiento },
        data: { fecha: new Date(fecha) },
      });
    };
    // March 2025 in Santiago (UTC−3 until 6 April): the last one is 31 March at 23:00 there.
    await hacer(conCosto.id_producto, { tipo: 'merma', diferencia: -3 }, '2025-03-10T15:00:00Z');
    await hacer(conCosto.id_producto, { tipo: 'merma', diferencia: -1 }, '2025-04-01T02:00:00Z');
    await hacer(sinCosto.id_producto, { tipo: 'robo', diferencia: -2 }, '2025-03-20T15:00:00Z');
    // The cost changes: what was adjusted before keeps the cost it had.
    await ctx.db.producto.updateMany({ where: { id_producto: conCosto.id_producto }, data: { precio_compra_actual: 1500 } });
    await hacer(conCosto.id_producto, { tipo: 'vencido', diferencia: -2 }, '2025-04-15T15:00:00Z');
    await hacer(conCosto.id_producto, { tipo: 'conteo', cantidad_contada: 48 }, '2025-04-20T15:00:00Z');
    // Outside the range.
    await hacer(conCosto.id_producto, { tipo: 'merma', diferencia: -1 }, '2025-05-01T04:00:00Z');

    const res = await admin.request({
      method: 'GET',
      url: `/api/ajustes-stock/informe?id_minimarket=${laEsquina}&desde=2025-03&hasta=2025-04`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      desde: '2025-03',
      hasta: '2025-04',
      meses: [
        {
          mes: '2025-04',
          ajustes: 2,
          unidades: 2,
          gramos: 0,
          valor_costo: 3000,
          unidades_sin_costo: 0,
          gramos_sin_costo: 0,
          por_tipo: [
            // 44 on the shelf after the vencido, counted 48: +4 at $1.500.
            { tipo: 'conteo', ajustes: 1, unidades: 4, gramos: 0, valor_costo: 6000, unidades_sin_costo: 0, gramos_sin_costo: 0 },
            { tipo: 'vencido', ajustes: 1, unidades: -2, gramos: 0, valor_costo: -3000, unidades_sin_costo: 0, gramos_sin_costo: 0 },
          ],
        },
        {
          mes: '2025-03',
          ajustes: 3,
          unidades: -6,
          gramos: 0,
          valor_costo: -4000,
          unidades_sin_costo: -2,
          gramos_sin_costo: 0,
          por_tipo: [
            { tipo: 'merma', ajustes: 2, unidades: -4, gramos: 0, valor_costo: -4000, unidades_sin_costo: 0, gramos_sin_costo: 0 },
            { tipo: 'robo', ajustes: 1, unidades: -2, gramos: 0, valor_costo: 0, unidades_sin_costo: -2, gramos_sin_costo: 0 },
          ],
        },
      ],
      por_tipo: [
        { tipo: 'conteo', ajustes: 1, unidades: 4, gramos: 0, valor_costo: 6000, unidades_sin_costo: 0, gramos_sin_costo: 0 },
        { tipo: 'merma', ajustes: 2, unidades: -4, gramos: 0, valor_costo: -4000, unidades_sin_costo: 0, gramos_sin_costo: 0 },
        { tipo: 'vencido', ajustes: 1, unidades: -2, gramos: 0, valor_costo: -3000, unidades_sin_costo: 0, gramos_sin_costo: 0 },
        { tipo: 'robo', ajustes: 1, unidades: -2, gramos: 0, valor_costo: 0, unidades_sin_costo: -2, gramos_sin_costo: 0 },
      ],
      total: { ajustes: 5, unidades: -4, gramos: 0, valor_costo: -1000, unidades_sin_costo: -2, gramos_sin_costo: 0 },
    });

    // The list: by month and reason, paged, newest first, x-total-count.
    const marzo = await admin.request({ method: 'GET', url: `/api/ajustes-stock?id_minimarket=${laEsquina}&mes=2025-03` });
    expect(marzo.headers['x-total-count']).toBe('3');
    expect(marzo.json().map((a: { tipo: string; cantidad: number }) => [a.tipo, a.cantidad])).toEqual([
      ['merma', -1],
      ['robo', -2],
      ['merma', -3],
    ]);
    const mermas = await admin.request({
      method: 'GET',
      url: `/api/ajustes-stock?id_minimarket=${laEsquina}&mes=2025-03&tipo=merma&limit=1`,
    });
    expect(mermas.headers['x-total-count']).toBe('2');
    expect(mermas.json()).toHaveLength(1);
    const segunda = await admin.request({
      method: 'GET',
      url: `/api/ajustes-stock?id_minimarket=${laEsquina}&mes=2025-03&tipo=merma&limit=1&skip=1`,
    });
    expect(segunda.json()[0]).toMatchObject({
      cantidad: -3,
      valor_costo: -3000,
      costo_unitario: 1000,
      stock_anterior: 50,
      stock_resultante: 47,
    });
    const porProducto = await admin.request({
      method: 'GET',
      url: `/api/ajustes-stock?id_minimarket=${laEsquina}&id_producto=${sinCosto.id_producto}`,
    });
    expect(porProducto.json()).toEqual([expect.objectContaining({ tipo: 'robo', costo_unitario: null, valor_costo: null })]);
  });

  it('the report defaults to the last six months and refuses a reversed or too long range', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const base = await pyme.request({ method: 'GET', url: `/api/ajustes-stock/informe?id_minimarket=${donPepe}` });
    expect(base.statusCode).toBe(200);
    const { desde, hasta } = base.json();
    const meses = (Number(hasta.slice(0, 4)) - Number(desde.slice(0, 4))) * 12 + Number(hasta.slice(5)) - Number(desde.slice(5)) + 1;
    expect(meses).toBe(6);
    // This file's adjustments are all this month (the report's newest).
    expect(base.json().meses[0].mes).toBe(hasta);
    for (const q of ['desde=2025-05&hasta=2025-04', 'desde=2023-01&hasta=2025-01']) {
      const res = await pyme.request({ method: 'GET', url: `/api/ajustes-stock/informe?id_minimarket=${donPepe}&${q}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toBe('El informe abarca a lo más 24 meses, y "desde" no puede ser posterior a "hasta".');
    }
    const malMes = await pyme.request({ method: 'GET', url: `/api/ajustes-stock?id_minimarket=${donPepe}&mes=2025-13` });
    expect(malMes.statusCode).toBe(422);
    expect(malMes.json().detail).toBe('El mes debe tener el formato AAAA-MM (por ejemplo 2026-11).');
  });

  it('a stock typed in the edit form shows among the adjustments as a count', async () => {
    const pyme = await ctx.as(DEMO.pyme);
    const p = await productoCon(9, { costo: 400 });
    await pyme.request({ method: 'PUT', url: `/api/productos/${p.id_producto}`, payload: { stock: 6 } });
    const res = await pyme.request({ method: 'GET', url: `/api/ajustes-stock?id_minimarket=${donPepe}&id_producto=${p.id_producto}` });
    expect(res.json()).toEqual([
      expect.objectContaining({
        tipo: 'conteo',
        cantidad: -3,
        stock_resultante: 6,
        valor_costo: -1200,
        nota: 'Stock corregido al editar el producto',
      }),
    ]);
  });
});
