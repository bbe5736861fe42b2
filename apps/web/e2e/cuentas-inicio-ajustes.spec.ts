// Issue 32, three screens a new user read:
// - a customer's statement names each purchase's items (name, quantity —kilos for a product by
//   weight— and amount), on screen and on the thermal roll; the abono dialog says where the cash goes
//   (the open shift by its number, or no till at all);
// - Inicio compares today with yesterday until this same minute, in Spanish («frente al», never «frente a el»);
// - Ajustes y mermas: the month selects show the whole month at 1366 px and at 390 px, and on a phone
//   the report is cards, not a table that scrolls sideways.
// Screenshots at both sizes in e2e-artifacts/.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import {
  ARTEFACTOS,
  captura,
  comoPesos,
  conToken,
  crearProducto,
  iniciarSesion,
  PYME,
  PYME2,
  sinTurnoAbierto,
  sufijoUnico,
  tiendaDe,
  tiendaSinTurno,
  crearProductoKg,
} from './helpers';

test.beforeAll(() => fs.mkdirSync(ARTEFACTOS, { recursive: true }));

test('the statement lists each purchase’s items; the abono dialog says which shift the cash goes to', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME2);
  const galletas = await crearProducto(request, token, idMinimarket, {
    nombre: `Galletas Libreta ${sufijoUnico()}`,
    stock: 20,
    costo: 900,
  });
  const queso = await crearProductoKg(request, token, idMinimarket, {
    nombre: `Queso Libreta ${sufijoUnico()}`,
    precio: 10_000,
    gramos: 5000,
  });
  const nombre = `Vecina Libreta ${sufijoUnico()}`;
  const cliente = await (await request.post('/api/clientes', { ...conToken(token), data: { id_minimarket: idMinimarket, nombre } })).json();
  // 2 packs of galletas and 0,350 kg of cheese ($3.500), on credit.
  const total = 2 * galletas.precio_venta_actual + 3500;
  const venta = await request.post('/api/ventas/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      total,
      metodo_pago: 'Fiado',
      id_cliente: cliente.id_cliente,
      detalles: [
        {
          id_producto: galletas.id_producto,
          num_unidades: 2,
          precio_unitario: galletas.precio_venta_actual,
          subtotal: 2 * galletas.precio_venta_actual,
        },
        { id_producto: queso.id_producto, num_unidades: 350, precio_unitario: 10_000, subtotal: 3500 },
      ],
    },
  });
  expect(venta.status(), await venta.text()).toBe(201);

  await iniciarSesion(page, PYME2, { en: `/pos/clientes/${cliente.id_cliente}` });
  const compra = page.getByTestId('movimiento').filter({ hasText: 'Compra N°' });
  const items = compra.getByTestId('items-compra');
  await expect(items.getByRole('listitem')).toHaveText([
    `2 × ${galletas.nombre_producto} · ${comoPesos(2 * galletas.precio_venta_actual)}`,
    `0,350 kg × ${queso.nombre_producto} · ${comoPesos(3500)}`,
  ]);
  await captura(page, 'estado-cuenta-items-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('items-compra').first()).toBeVisible();
  await captura(page, 'estado-cuenta-items-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The abono dialog, no shift open: the cash would land in no shift, and it says so.
  await page.getByRole('button', { name: 'Registrar abono' }).click();
  const abonar = page.getByRole('dialog', { name: 'Registrar abono' });
  const destino = abonar.getByTestId('destino-abono');
  await expect(destino).toHaveText('No hay caja abierta: este abono no quedará en ningún turno.');
  await abonar.getByLabel('Método de pago').selectOption('Transferencia Bancaria');
  await expect(destino).toHaveText('Solo un abono en efectivo entra a la caja.');
  await abonar.getByRole('button', { name: 'Cancelar' }).click();
  // A shift opened (elsewhere): the dialog names it by the shop's own number.
  const turno = await (
    await request.post('/api/caja/turnos', { ...conToken(token), data: { id_minimarket: idMinimarket, monto_inicial: 0 } })
  ).json();
  await page.reload();
  await page.getByRole('button', { name: 'Registrar abono' }).click();
  await expect(page.getByRole('dialog', { name: 'Registrar abono' }).getByTestId('destino-abono')).toHaveText(
    `Hay caja abierta: el efectivo entra al turno N° ${turno.numero_turno}.`,
  );
  await captura(page, 'abono-turno-1366');
  await page.getByRole('dialog', { name: 'Registrar abono' }).getByRole('button', { name: 'Cancelar' }).click();
  await sinTurnoAbierto(request, token, idMinimarket);

  // The thermal roll lists them too.
  await page.getByRole('link', { name: 'Imprimir en 58/80 mm' }).click();
  const rollo = page.getByTestId('estado-cuenta-termico');
  await expect(rollo).toContainText(`2 × ${galletas.nombre_producto} · ${comoPesos(2 * galletas.precio_venta_actual)}`);
  await expect(rollo).toContainText(`0,350 kg × ${queso.nombre_producto} · ${comoPesos(3500)}`);
  await rollo.screenshot({ path: path.join(ARTEFACTOS, 'estado-cuenta-rollo.png') });
});

/** Hours and minutes on Santiago's clock now (or `desfaseMs` from now), as the server reads them. */
const horaSantiago = (desfaseMs = 0) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Santiago', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.now() + desfaseMs),
  );

test('Inicio compares today with yesterday until this same minute, «frente al», never «frente a el»', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Pan Ayer ${sufijoUnico()}`, stock: 20, costo: 500 });
  // A sale yesterday a few minutes before this time of day (an offline sale may carry its own time):
  // yesterday until this minute has something to compare with, whatever time the suite runs.
  const ayer = new Date(Date.now() - 24 * 60 * 60_000 - 3 * 60_000);
  const res = await request.post('/api/ventas/', {
    headers: { ...conToken(token).headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      id_minimarket: idMinimarket,
      total: producto.precio_venta_actual,
      metodo_pago: 'Efectivo',
      detalles: [
        {
          id_producto: producto.id_producto,
          num_unidades: 1,
          precio_unitario: producto.precio_venta_actual,
          subtotal: producto.precio_venta_actual,
        },
      ],
      origen: 'offline',
      fecha_venta: ayer.toISOString(),
      referencia_local: `CINI${sufijoUnico().slice(-1)}-0001`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);

  await iniciarSesion(page, PYME);
  const comparacion = page.getByTestId('comparacion-hoy');
  await expect(comparacion).toBeVisible();
  const texto = (await comparacion.textContent()) ?? '';
  expect(texto).not.toContain('frente a el');
  const partes = /^(?:[+−]\d+ % frente al|igual que el) \d{2}-\d{2}-\d{4} hasta las (\d{2}:\d{2}) \(\$[\d.]+\)$/.exec(texto);
  expect(partes, texto).not.toBeNull();
  // The minute is now's (read a moment ago: it may have turned since).
  expect([horaSantiago(), horaSantiago(-60_000)]).toContain(partes![1]);
  await comparacion.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTEFACTOS, 'inicio-comparacion-1366.png') });
});

/** Whether a select shows its whole chosen text: the text's width, in its own font, fits inside it with its arrow. */
function muestraEntero(select: Locator) {
  return select.evaluate((el: HTMLSelectElement) => {
    const s = getComputedStyle(el);
    const medida = document.createElement('span');
    medida.style.font = s.font;
    medida.style.position = 'absolute';
    medida.style.whiteSpace = 'nowrap';
    medida.textContent = el.selectedOptions[0]?.textContent ?? '';
    document.body.append(medida);
    const texto = medida.getBoundingClientRect().width;
    medida.remove();
    // Padding on both sides and the arrow (about 1.5 rem) must fit too.
    return texto + parseFloat(s.paddingLeft) + 24 <= el.clientWidth;
  });
}

test('Ajustes y mermas: whole month names at 1366 and 390; on a phone the report is cards, no sideways scroll', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Yogur Merma ${sufijoUnico()}`, stock: 100, costo: 500 });
  for (const tipo of ['merma', 'vencido', 'robo', 'consumo_interno']) {
    const r = await request.post(`/api/productos/${producto.id_producto}/ajustes`, {
      ...conToken(token),
      data: { id_minimarket: idMinimarket, tipo, diferencia: -2 },
    });
    expect(r.ok(), await r.text()).toBeTruthy();
  }
  await iniciarSesion(page, PYME);
  for (const tamano of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(tamano);
    await page.goto('/pos/ajustes');
    await expect(page.getByTestId('total-informe-ajustes')).toBeVisible();
    // The longest month there is, chosen in each select: still whole.
    const hasta = page.getByRole('combobox', { name: 'Hasta' });
    for (const select of [page.getByRole('combobox', { name: 'Desde' }), hasta]) expect(await muestraEntero(select)).toBe(true);
    const septiembre = await hasta
      .locator('option', { hasText: /^septiembre/ })
      .first()
      .getAttribute('value');
    if (septiembre) {
      await page.getByRole('combobox', { name: 'Desde' }).selectOption(septiembre);
      expect(await muestraEntero(page.getByRole('combobox', { name: 'Desde' }))).toBe(true);
    }
    const mes = page.getByRole('combobox', { name: 'Mes' });
    expect(await muestraEntero(mes)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(tamano.width);
    if (tamano.width < 640) {
      // Cards: the month and its total on screen together, nothing to scroll sideways inside the report.
      await expect(page.getByRole('table', { name: 'Ajustes por mes y motivo' })).toHaveCount(0);
      const informe = page.getByRole('list', { name: 'Ajustes por mes y motivo' });
      await expect(informe).toBeVisible();
      await expect(page.getByTestId('informe-mes-total')).toContainText('Total');
      expect(await informe.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    } else {
      await expect(page.getByRole('table', { name: 'Ajustes por mes y motivo' })).toBeVisible();
    }
    await captura(page, `ajustes-${tamano.width}`);
  }
});
