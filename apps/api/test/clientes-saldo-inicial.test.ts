// The opening balance of la libreta (issue #21, docs/fiado.md «Importar la libreta»): what a
// customer already owed in the paper notebook is a cargo of cuenta_cliente dated at its oldest
// unpaid purchase, so the balance, the statement, the abono's cap, the oldest unpaid purchase and
// the overdue notice all see it, and nothing can edit it afterwards.
import { describe, expect, it } from 'vitest';
import { desplazarDia, diaLocal, localAUtc } from '../src/lib/tiempo.js';
import { conTiendasDemo, DEMO, nuevoProducto, pedidoVenta, type TestContext } from './helpers.js';

let ctx: TestContext;
let donPepe: number;
conTiendasDemo((t) => ({ ctx, donPepe } = t));

let secuencia = 0;
const pyme = () => ctx.as(DEMO.pyme);
const hoy = () => diaLocal(new Date());
const haceDias = (dias: number) => desplazarDia(hoy(), -dias);
/** Midnight in Santiago of a day 'YYYY-MM-DD', as the API stores saldo_inicial_desde. */
const medianoche = (dia: string) => {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return localAUtc(a, m, d).toISOString();
};

interface ClienteDto {
  id_cliente: number;
  nombre: string;
  saldo: number;
  saldo_inicial: number;
  saldo_inicial_desde: string | null;
  compra_impaga_desde: string | null;
}

async function crear(datos: Record<string, unknown>) {
  secuencia += 1;
  return (await pyme()).request({
    method: 'POST',
    url: '/api/clientes',
    payload: { id_minimarket: donPepe, nombre: `Vecino Libreta ${secuencia}`, ...datos },
  });
}
async function cliente(datos: Record<string, unknown>) {
  const res = await crear(datos);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ClienteDto;
}
const leer = async (id: number) => (await (await pyme()).request({ method: 'GET', url: `/api/clientes/${id}` })).json() as ClienteDto;

async function venderFiado(idCliente: number, precio: number, unidades: number) {
  secuencia += 1;
  const api = await pyme();
  const p = await nuevoProducto(api, donPepe, {
    codigo_barra: `LIBRETA-${secuencia}-${Date.now()}`,
    nombre_producto: `Azúcar ${secuencia}`,
    precio_venta: precio,
    stock: 100,
  });
  const venta = pedidoVenta(donPepe, { id_producto: p.id_producto, precio_venta_actual: precio }, unidades, {
    metodo_pago: 'Fiado',
    id_cliente: idCliente,
  });
  const res = await api.request(venta);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id_venta: number };
}
const abonar = async (id: number, monto: number) =>
  (await pyme()).request({ method: 'POST', url: `/api/clientes/${id}/abonos`, payload: { monto, metodo_pago: 'Transferencia Bancaria' } });

describe('the opening balance', () => {
  it('balance to the peso: $12.500 of the notebook + a $4.000 fiado sale − a $6.000 abono; a larger abono is refused', async () => {
    const desde = haceDias(20);
    const c = await cliente({ saldo_inicial: '$12.500', saldo_inicial_desde: desde });
    expect(c.saldo).toBe(12_500);
    expect(c.saldo_inicial).toBe(12_500);
    expect(c.saldo_inicial_desde).toBe(medianoche(desde));
    expect(c.compra_impaga_desde).toBe(medianoche(desde));

    await venderFiado(c.id_cliente, 2000, 2); // $4.000
    expect((await leer(c.id_cliente)).saldo).toBe(16_500);

    const mucho = await abonar(c.id_cliente, 16_501);
    expect(mucho.statusCode).toBe(409);
    expect(mucho.json()).toMatchObject({
      code: 'PAYMENT_EXCEEDS_BALANCE',
      detail: 'El abono es mayor que lo que debe el cliente ($16.500). Registra a lo más ese monto.',
    });

    const bien = await abonar(c.id_cliente, 6000);
    expect(bien.statusCode, bien.body).toBe(201);
    expect(bien.json().saldo).toBe(10_500);
    const despues = await leer(c.id_cliente);
    expect(despues.saldo).toBe(10_500);
    // The abono paid part of the opening balance, the oldest debt: it is still the oldest unpaid.
    expect(despues.compra_impaga_desde).toBe(medianoche(desde));
    // The opening balance itself does not move: the abono is its own movement.
    expect(despues.saldo_inicial).toBe(12_500);

    // The statement: the notebook's debt first, with its name and date, then the sale and the abono.
    const estado = (await (await pyme()).request({ method: 'GET', url: `/api/clientes/${c.id_cliente}/estado-cuenta` })).json();
    expect(estado.saldo).toBe(10_500);
    expect(
      estado.movimientos.map((m: { tipo: string; descripcion: string; cargo: number; abono: number; saldo: number }) => [
        m.tipo,
        m.descripcion,
        m.cargo,
        m.abono,
        m.saldo,
      ]),
    ).toEqual([
      ['saldo_inicial', 'Saldo inicial (libreta)', 12_500, 0, 12_500],
      ['compra', expect.stringMatching(/^Compra /), 4000, 0, 16_500],
      ['abono', 'Abono por transferencia', 0, 6000, 10_500],
    ]);
    expect(estado.movimientos[0].fecha).toBe(medianoche(desde));

    // Paying the whole opening balance leaves the sale as the oldest unpaid purchase.
    expect((await abonar(c.id_cliente, 6500)).statusCode).toBe(201);
    const soloVenta = await leer(c.id_cliente);
    expect(soloVenta.saldo).toBe(4000);
    expect(soloVenta.compra_impaga_desde).not.toBe(medianoche(desde));
    expect(new Date(soloVenta.compra_impaga_desde!).getTime()).toBeGreaterThan(Date.now() - 60 * 60_000);
  });

  it('without a date the debt counts from the day the customer is created; without a balance there is no movement', async () => {
    const c = await cliente({ saldo_inicial: 3000 });
    expect(c.saldo).toBe(3000);
    expect(c.compra_impaga_desde).not.toBeNull();
    expect(c.saldo_inicial_desde).toBe(c.compra_impaga_desde);
    const sinDeuda = await cliente({ saldo_inicial: 0, saldo_inicial_desde: haceDias(3) });
    expect(sinDeuda).toMatchObject({ saldo: 0, saldo_inicial: 0, saldo_inicial_desde: null, compra_impaga_desde: null });
    const estado = (await (await pyme()).request({ method: 'GET', url: `/api/clientes/${sinDeuda.id_cliente}/estado-cuenta` })).json();
    expect(estado.movimientos).toEqual([]);
  });

  it('refuses a bad amount or date in Spanish, and never edits the opening balance afterwards', async () => {
    const casos: [Record<string, unknown>, string, string][] = [
      [{ saldo_inicial: -1 }, 'saldo_inicial', 'El saldo inicial no puede ser negativo.'],
      [{ saldo_inicial: '12.500,50' }, 'saldo_inicial', 'sin decimales'],
      [{ saldo_inicial: 2_147_483_648 }, 'saldo_inicial', 'El saldo inicial es demasiado alto.'],
      [{ saldo_inicial: 1000, saldo_inicial_desde: '15-03-2026' }, 'saldo_inicial_desde', 'AAAA-MM-DD'],
      [{ saldo_inicial: 1000, saldo_inicial_desde: '2026-02-30' }, 'saldo_inicial_desde', 'AAAA-MM-DD'],
      [{ saldo_inicial: 1000, saldo_inicial_desde: desplazarDia(hoy(), 1) }, 'saldo_inicial_desde', 'no puede estar en el futuro'],
    ];
    for (const [datos, campo, mensaje] of casos) {
      const res = await crear(datos);
      expect(res.statusCode, JSON.stringify(datos)).toBe(422);
      const cuerpo = res.json() as { errors: { campo: string; mensaje: string }[] };
      expect(cuerpo.errors.find((e) => e.campo === campo)?.mensaje, JSON.stringify(datos)).toContain(mensaje);
    }

    const c = await cliente({ saldo_inicial: 5000 });
    const put = await (await pyme()).request({ method: 'PUT', url: `/api/clientes/${c.id_cliente}`, payload: { saldo_inicial: 0 } });
    expect(put.statusCode).toBe(422);
    expect(put.body).toContain('El saldo inicial no se edita: para bajarlo, registra un abono en la cuenta del cliente.');
    // Other fields still edit, and the debt stays.
    const otra = await (await pyme()).request({ method: 'PUT', url: `/api/clientes/${c.id_cliente}`, payload: { telefono: '912345678' } });
    expect(otra.statusCode, otra.body).toBe(200);
    expect(otra.json()).toMatchObject({ saldo: 5000, saldo_inicial: 5000, telefono: '912345678' });
    // A customer who owes the notebook's debt cannot be taken off the list.
    expect((await (await pyme()).request({ method: 'DELETE', url: `/api/clientes/${c.id_cliente}` })).statusCode).toBe(409);
  });

  it('the overdue notice counts from the date of the notebook debt', async () => {
    const enviar = () => ctx.app.services.avisoFiado.enviar();
    const nombre = `Libreta Vencida ${Date.now()}`;
    const res = await crear({ nombre, saldo_inicial: 8000, saldo_inicial_desde: haceDias(45) });
    expect(res.statusCode, res.body).toBe(201);
    const reciente = `Libreta Reciente ${Date.now()}`;
    expect((await crear({ nombre: reciente, saldo_inicial: 8000, saldo_inicial_desde: haceDias(5) })).statusCode).toBe(201);
    await enviar();
    const avisos = (
      (await (await pyme()).request({ method: 'GET', url: '/api/notificaciones' })).json() as {
        notificaciones: { tipo: string; descripcion: string }[];
      }
    ).notificaciones.filter((n) => n.tipo === 'fiado_vencido');
    expect(avisos.map((n) => n.descripcion)).toContain(`${nombre} te debe $8.000 desde hace 45 días.`);
    expect(avisos.some((n) => n.descripcion.startsWith(reciente))).toBe(false);

    // Cuentas por cobrar (Inicio) counts it as well: the same figure as the list's por_cobrar.
    const porCobrar = (await (await pyme()).request({ method: 'GET', url: `/api/analitica/por-cobrar?id_minimarket=${donPepe}` })).json();
    const lista = (await (await pyme()).request({ method: 'GET', url: `/api/clientes?id_minimarket=${donPepe}` })).json();
    expect(porCobrar.por_cobrar).toBe(lista.por_cobrar);
  });
});
