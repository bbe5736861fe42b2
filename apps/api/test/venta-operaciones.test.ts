// A sale is operations, not a flag (issue 33; docs/offline.md «Una venta, dos operaciones»): the counter
// sale (registrar_venta) and the offline sync (sincronizar_venta_offline) write through one core
// (escribir_venta), and the sale's JSON is built in one place (ventas.mapper.ts toVentaDto): the answer to
// the POST that made a sale is the answer to its retry and to GET /ventas/{id}, for either operation.
import { describe, expect, it } from 'vitest';
import { conTiendasDemo, DEMO, productoEnTabla, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
conTiendasDemo((t) => ({ ctx, donPepe } = t));

let seq = 0;
async function producto(stock: number, precio = 1000) {
  seq += 1;
  return productoEnTabla(ctx.db, donPepe, { nombre: `Operación ${seq}`, codigo: `OPE-${seq}-${Date.now()}`, precio, costo: 500, stock });
}

describe('one sale JSON for both operations', () => {
  it.each([
    ['at the counter', {}],
    ['offline', { origen: 'offline', fecha_venta: new Date(Date.now() - 10 * 60_000).toISOString(), referencia_local: 'OPE-0001' }],
  ])('%s: the POST answers what its retry and GET /ventas/{id} answer', async (_nombre, extra) => {
    const api = await ctx.as(DEMO.pyme);
    const p = await producto(5, 1000);
    const cuerpo = {
      id_minimarket: donPepe,
      total: 3000,
      metodo_pago: 'Efectivo',
      monto_recibido: 5000,
      detalles: [{ id_producto: p.id_producto, num_unidades: 3, precio_unitario: 1000, subtotal: 3000 }],
      ...extra,
    };
    const clave = `operacion-${seq}`;
    const enviar = () => api.request({ method: 'POST', url: '/api/ventas/', payload: cuerpo, headers: { 'idempotency-key': clave } });
    const primera = await enviar();
    expect(primera.statusCode, primera.body).toBe(201);
    const reintento = await enviar();
    expect(reintento.headers['idempotent-replayed']).toBe('true');
    const leida = await api.request({ method: 'GET', url: `/api/ventas/${primera.json().id_venta}` });
    expect(reintento.json()).toEqual(primera.json());
    expect(leida.json()).toEqual(primera.json());
    expect(primera.json()).toMatchObject({ total: 3000, origen: 'origen' in extra ? 'offline' : 'mostrador', devoluciones: [] });
  });
});
