// Each shop numbers its own sales 1, 2, 3… (issue #19): under concurrent sales in two shops the
// numbers of each shop follow on without gaps or repeats, a refused sale takes none, a retry by the
// same key keeps its number, and an imported sale keeps its file's id.
import { describe, expect, it } from 'vitest';
import type { Venta } from '@minimarket/contracts/ventas';
import { importar } from './cargas-helpers.js';
import { conTiendasDemo, DEMO, productoEnTabla, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
let laEsquina: number;
conTiendasDemo((t) => ({ ctx, donPepe, laEsquina } = t));

let seq = 0;
async function producto(idMinimarket: number, stock: number, precio = 1000) {
  seq += 1;
  return productoEnTabla(ctx.db, idMinimarket, {
    nombre: `Numerado ${seq}`,
    codigo: `NUM-${seq}-${Date.now()}`,
    precio,
    costo: 500,
    stock,
  });
}

const venta = (p: { id_producto: number; id_minimarket: number; precio_venta_actual: number }) => ({
  id_minimarket: p.id_minimarket,
  total: p.precio_venta_actual,
  metodo_pago: 'Tarjeta de Débito',
  detalles: [{ id_producto: p.id_producto, num_unidades: 1, precio_unitario: p.precio_venta_actual, subtotal: p.precio_venta_actual }],
});

async function ultimoNumero(idMinimarket: number) {
  const r = await ctx.db.venta.aggregate({ where: { id_minimarket: idMinimarket }, _max: { numero_venta: true } });
  return r._max.numero_venta ?? 0;
}

describe('per-shop sale numbers', () => {
  it('under concurrent sales in two shops each shop numbers its sales on from its last, no gaps, no repeats; a refused sale takes none', async () => {
    const [pepe, esquina] = [await ctx.as(DEMO.pyme), await ctx.as(DEMO.pyme2)];
    const pA = await producto(donPepe, 100);
    const pB = await producto(laEsquina, 100);
    const agotadoA = await producto(donPepe, 0);
    const agotadoB = await producto(laEsquina, 0);
    const antes = { a: await ultimoNumero(donPepe), b: await ultimoNumero(laEsquina) };

    const POR_TIENDA = 15;
    const pedidos = [];
    for (let i = 0; i < POR_TIENDA; i++) {
      pedidos.push(pepe.request({ method: 'POST', url: '/api/ventas/', payload: venta(pA) }));
      pedidos.push(esquina.request({ method: 'POST', url: '/api/ventas/', payload: venta(pB) }));
      if (i % 5 === 0) {
        pedidos.push(pepe.request({ method: 'POST', url: '/api/ventas/', payload: venta(agotadoA) }));
        pedidos.push(esquina.request({ method: 'POST', url: '/api/ventas/', payload: venta(agotadoB) }));
      }
    }
    const respuestas = await Promise.all(pedidos);
    const hechas = respuestas.filter((r) => r.statusCode === 201).map((r) => r.json() as Venta);
    expect(respuestas.filter((r) => r.statusCode === 409)).toHaveLength(6);
    expect(hechas).toHaveLength(2 * POR_TIENDA);

    for (const [tienda, desde] of [
      [donPepe, antes.a],
      [laEsquina, antes.b],
    ] as const) {
      const numeros = hechas
        .filter((v) => v.id_minimarket === tienda)
        .map((v) => v.numero_venta!)
        .sort((x, y) => x - y);
      expect(numeros).toEqual(Array.from({ length: POR_TIENDA }, (_, i) => desde + 1 + i));
      const enBase = await ctx.db.venta.findMany({
        where: { id_minimarket: tienda, numero_venta: { gt: desde } },
        select: { numero_venta: true },
        orderBy: { numero_venta: 'asc' },
      });
      expect(enBase.map((v) => v.numero_venta)).toEqual(numeros);
    }
  });

  it('a retry by the same key answers with the same number and takes no other; the ledger and a void name the number', async () => {
    const pepe = await ctx.as(DEMO.pyme);
    const p = await producto(donPepe, 10);
    const clave = { 'idempotency-key': `num-${Date.now()}` };
    const primera = await pepe.request({ method: 'POST', url: '/api/ventas/', payload: venta(p), headers: clave });
    const otra = await pepe.request({ method: 'POST', url: '/api/ventas/', payload: venta(p), headers: clave });
    const v = primera.json() as Venta;
    expect(otra.json().numero_venta).toBe(v.numero_venta);
    expect(await ultimoNumero(donPepe)).toBe(v.numero_venta);

    const mov = await ctx.db.movimientoStock.findFirstOrThrow({ where: { id_venta: v.id_venta } });
    expect(mov.motivo).toBe(`Venta N° ${v.numero_venta}`);
    const anulada = await pepe.request({
      method: 'POST',
      url: `/api/ventas/${v.id_venta}/anulacion`,
      payload: { motivo: 'Cliente se arrepintió' },
    });
    expect(anulada.statusCode).toBe(200);
    const devuelto = await ctx.db.movimientoStock.findFirstOrThrow({ where: { id_producto: p.id_producto, tipo: 'anulacion' } });
    expect(devuelto.motivo).toBe(`Anulación de la venta N° ${v.numero_venta}`);
  });

  it('Transacciones finds a sale by its number as people write it, only in its own shop', async () => {
    const pepe = await ctx.as(DEMO.pyme);
    const p = await producto(donPepe, 10);
    const v = (await pepe.request({ method: 'POST', url: '/api/ventas/', payload: venta(p) })).json() as Venta;
    for (const escrito of [String(v.numero_venta), `#${v.numero_venta}`, `N° ${v.numero_venta}`, `n°${v.numero_venta}`]) {
      const r = await pepe.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${donPepe}&search=${encodeURIComponent(escrito)}` });
      expect(r.statusCode).toBe(200);
      expect(
        (r.json().sales as Venta[]).map((s) => s.id_venta),
        escrito,
      ).toEqual([v.id_venta]);
    }
    // The global id is not a number a person searches by (unless it happens to be one).
    const admin = await ctx.as(DEMO.admin);
    const enOtra = await admin.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${laEsquina}&search=${v.numero_venta}` });
    expect((enOtra.json().sales as Venta[]).every((s) => s.id_minimarket === laEsquina)).toBe(true);
  });

  it("an imported sale keeps its file's id and takes no number; the counter goes on where it was", async () => {
    const pepe = await ctx.as(DEMO.pyme);
    const p = await producto(donPepe, 10);
    const { id_usuario } = await ctx.db.usuario.findUniqueOrThrow({ where: { correo: DEMO.pyme.correo } });
    const antes = await ultimoNumero(donPepe);
    const csv = `id_venta_csv;fecha_venta;metodo_pago;codigo_barra;num_unidades\nOTRO-77;2026-10-15 09:12:00;Efectivo;${p.codigo_barra};2\n`;
    const r = await importar(pepe, { id_minimarket: donPepe, id_usuario, upload_type: 'ventas' }, 'historial.csv', csv);
    expect(r.carga.estado_procesamiento, r.carga.detalle_resultado ?? '').toBe('Completado');
    const importada = await ctx.db.venta.findFirstOrThrow({ where: { id_minimarket: donPepe, id_venta_csv: 'OTRO-77' } });
    expect(importada.numero_venta).toBeNull();
    const buscada = await pepe.request({ method: 'GET', url: `/api/ventas/?id_minimarket=${donPepe}&search=OTRO-77` });
    expect((buscada.json().sales as Venta[]).map((s) => s.id_venta_csv)).toEqual(['OTRO-77']);

    const siguiente = (await pepe.request({ method: 'POST', url: '/api/ventas/', payload: venta(p) })).json() as Venta;
    expect(siguiente.numero_venta).toBe(antes + 1);
  });
});
