// One definition of "a sale" and of what it brought in (venta_contada: a voided sale counts nowhere,
// what was returned is subtracted), read by every screen that shows sales: Inicio and Tarjetas (the
// day's resumen), Dashboards (resumen and serie), Transacciones' totals, the cash shift and Badito
// (per payment method too). After a void and a return on the same day they all say the same.
import { contar, formatClp } from '@minimarket/contracts/formato';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diaLocal } from '../src/lib/tiempo.js';
import { crearTestUsuario } from './analitica-fixture.js';
import { createTestContext, productoEnTabla, type TestContext } from './helpers.js';

let ctx: TestContext;
let tienda: number;
let cliente: Awaited<ReturnType<TestContext['as']>>;
const hoy = diaLocal(new Date());
const id = { pan: 0, leche: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  const f = await crearTestUsuario(ctx, 'una-definicion');
  tienda = f.idMinimarket;
  cliente = f.cliente;
  for (const [nombre, precio, codigo] of [
    ['pan', 1000, 'UD-1'],
    ['leche', 1200, 'UD-2'],
  ] as const) {
    const p = await productoEnTabla(ctx.db, tienda, { nombre, codigo, precio, costo: 500, stock: 100 });
    id[nombre] = p.id_producto;
  }
});
afterAll(() => ctx.close());

async function pedir(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await cliente.request({ method, url, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function vender(metodo_pago: string, producto: 'pan' | 'leche', unidades: number) {
  const precio = producto === 'pan' ? 1000 : 1200;
  const venta = await pedir('POST', '/api/ventas/', {
    id_minimarket: tienda,
    total: precio * unidades,
    metodo_pago,
    detalles: [{ id_producto: id[producto], num_unidades: unidades, precio_unitario: precio, subtotal: precio * unidades }],
  });
  return venta.id_venta as number;
}

describe('every screen counts the same sales and the same pesos', () => {
  it('after a void and a return the same day: Inicio, Tarjetas, Dashboards, Transacciones, the shift and Badito agree', async () => {
    await pedir('POST', '/api/caja/turnos', { monto_inicial: 10_000 });
    const a = await vender('Efectivo', 'pan', 3); // 3.000, then 1 pan comes back: 2.000
    await vender('Tarjeta de Débito', 'leche', 2); // 2.400
    const c = await vender('Efectivo', 'pan', 1); // 1.000, voided: counts nowhere
    await pedir('POST', `/api/ventas/${c}/anulacion`, { motivo: 'Se equivocó de producto' });
    await pedir('POST', `/api/ventas/${a}/devoluciones`, { motivo: 'Pan duro', detalles: [{ id_producto: id.pan, num_unidades: 1 }] });
    const esperado = { ventas: 2, ingresos: 2000 + 2400 };

    // Inicio (today's card) and Tarjetas on today: the day's resumen.
    const inicio = await pedir('GET', `/api/analitica/resumen?desde=${hoy}&hasta=${hoy}`);
    expect({ ventas: inicio.ventas, ingresos: inicio.ingresos }).toEqual(esperado);
    // Tarjetas and Dashboards on their default range (the last 30 days: only today sold).
    const tarjetas = await pedir('GET', '/api/analitica/resumen');
    expect({ ventas: tarjetas.ventas, ingresos: tarjetas.ingresos }).toEqual(esperado);
    const serie = (await pedir('GET', '/api/analitica/serie')) as Array<{ periodo: string; ventas: number; ingresos: number }>;
    const hoyEnSerie = serie.find((p) => p.periodo === hoy)!;
    expect({ ventas: hoyEnSerie.ventas, ingresos: hoyEnSerie.ingresos }).toEqual(esperado);
    // Transacciones of today: three listed (the voided one in red), two that count, their pesos.
    const transacciones = await pedir('GET', `/api/ventas/?id_minimarket=${tienda}&start_date=${hoy}T00:00:00&end_date=${hoy}T23:59:59`);
    expect({ listadas: transacciones.total, ventas: transacciones.ventas_completadas, ingresos: transacciones.monto_total }).toEqual({
      listadas: 3,
      ...esperado,
    });
    // The cash shift (X report): the same sales and pesos, per method as the analytics say.
    const turno = await pedir('GET', '/api/caja/turnos/actual');
    expect({ ventas: turno.ventas, ingresos: turno.total_ventas }).toEqual(esperado);
    const porMetodo = await pedir('GET', `/api/analitica/por-metodo-pago?desde=${hoy}&hasta=${hoy}`);
    const deTurno = (turno.por_metodo_pago as Array<{ metodo_pago: string; ventas: number; total: number }>).map((m) => ({
      metodo_pago: m.metodo_pago,
      ventas: m.ventas,
      ingresos: m.total,
    }));
    expect(deTurno).toEqual(porMetodo);
    // The cash count follows the money: 3.000 charged in cash (the voided sale left its own shift's
    // cash whole), 1.000 handed back for the pan returned.
    expect(turno).toMatchObject({ ventas_efectivo: 3000, devoluciones_efectivo: 1000, esperado_efectivo: 10_000 + 3000 - 1000 });
    // Badito.
    const badito = await pedir('POST', '/api/badito', { mensaje: '¿Cuánto vendí hoy?' });
    expect(badito.respuesta).toContain('2 ventas');
    expect(badito.respuesta).toContain(formatClp(esperado.ingresos));
    // Badito by payment method says what the shift says per method (the void out, the return subtracted).
    for (const [mensaje, metodo] of [
      ['¿Cuánto vendí hoy en efectivo?', 'Efectivo'],
      ['ventas de hoy con débito', 'Tarjeta de Débito'],
    ] as const) {
      const delTurno = deTurno.find((m) => m.metodo_pago === metodo)!;
      const porMetodoBadito = await pedir('POST', '/api/badito', { mensaje });
      expect(porMetodoBadito.metodos_pago).toEqual([metodo]);
      expect(porMetodoBadito.respuesta).toContain(`${contar(delTurno.ventas, 'venta')} por ${formatClp(delTurno.ingresos)}`);
    }
  });
});
