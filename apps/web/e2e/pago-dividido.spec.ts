// Pago dividido (issue #21, docs/pagos.md) at the counter: a sale paid part cash, part debit card,
// the rest on a customer's account. The cash received gives change out of the cash part only, the
// receipt lists every part, Transacciones shows them, and the server counted each where it belongs:
// the customer owes the fiado part, the till expects the cash part. Screenshots of the payment on a
// laptop and a phone go to e2e-artifacts/.
import { expect, test } from '@playwright/test';
import {
  abrirTurnoApi,
  captura,
  comoPesos,
  conToken,
  escanearAlCarro,
  iniciarSesion,
  productoBarato,
  PYME,
  sufijoUnico,
  tiendaSinTurno,
} from './helpers';

test('a sale paid part cash, part card, part fiado: change from the cash part, every part on the receipt and where it counts', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);
  await abrirTurnoApi(request, token, idMinimarket, 10_000);
  const producto = await productoBarato(request, token, idMinimarket);
  const cliente = await (
    await request.post('/api/clientes', {
      ...conToken(token),
      data: { id_minimarket: idMinimarket, nombre: `Marta Dividida ${sufijoUnico()}` },
    })
  ).json();
  const precio = producto.precio_venta_actual;
  const total = precio * 3;
  // Cash: one unit's price; debit: another; the rest (left empty) on the account.
  const recibido = precio + 500;

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByLabel('Código de barras').focus();
  await escanearAlCarro(page, producto, 3);
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await page.getByRole('button', { name: 'Dividir el pago' }).click();

  await expect(page.getByLabel('Método de la parte 1')).toHaveValue('Efectivo');
  await page.getByLabel('Monto de la parte 1').fill(String(precio));
  await expect(page.getByLabel('Método de la parte 2')).toHaveValue('Tarjeta de Débito');
  await page.getByLabel('Monto de la parte 2').fill(String(precio));
  await page.getByRole('button', { name: 'Agregar otro método' }).click();
  await page.getByLabel('Método de la parte 3').selectOption('Fiado');
  // Parts 1 and 2 typed, part 3 left empty: it is the rest, so they add up.
  await expect(page.getByTestId('partes-estado')).toHaveText(`Suman ${comoPesos(total)}`);

  // Without the customer of the fiado part, nothing is sent.
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` }).click();
  await expect(page.getByText('Para vender fiado, elige el cliente.')).toBeVisible();
  await page.getByLabel('Buscar cliente').fill(cliente.nombre);
  await page
    .getByRole('list', { name: 'Clientes' })
    .getByRole('button', { name: new RegExp(cliente.nombre) })
    .click();
  await expect(page.getByTestId('cliente-fiado')).toContainText(cliente.nombre);

  // The change is of the cash part: $500 over one unit's price.
  await page.getByLabel(/Monto recibido/).fill(String(recibido));
  await expect(page.getByTestId('vuelto')).toHaveText(comoPesos(500));
  await captura(page, 'pago-dividido-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, 'pago-dividido-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` }).click();
  await expect(page.getByTestId('venta-registrada')).toContainText(
    `registrada por ${comoPesos(total)}. Vuelto: ${comoPesos(500)}. ${comoPesos(precio)} fiado a ${cliente.nombre}.`,
  );

  // The receipt lists every part.
  await page.getByRole('link', { name: 'Imprimir comprobante' }).click();
  const recibo = page.getByTestId('comprobante');
  await expect(recibo.getByTestId('comprobante-pago')).toHaveText('Dividido');
  await expect(recibo.getByTestId('comprobante--efectivo')).toHaveText(comoPesos(precio));
  await expect(recibo.getByTestId('comprobante--fiado')).toHaveText(comoPesos(precio));
  await expect(recibo).toContainText('· Tarjeta de Débito');
  await expect(recibo.getByTestId('comprobante-vuelto')).toHaveText(comoPesos(500));

  // Where each part counts, on the server: the account owes the fiado part, the till expects the cash part.
  const cuenta = await (await request.get(`/api/clientes/${cliente.id_cliente}`, conToken(token))).json();
  expect(cuenta.saldo).toBe(precio);
  const turno = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(turno.esperado_efectivo).toBe(10_000 + precio);

  // Transacciones shows the parts.
  await page.goto('/pos/transacciones');
  await expect(
    page.getByText(`Efectivo ${comoPesos(precio)} + Tarjeta de Débito ${comoPesos(precio)} + Fiado ${comoPesos(precio)}`).first(),
  ).toBeVisible();
});
