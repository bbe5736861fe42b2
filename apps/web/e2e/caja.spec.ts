// The counter's whole day (issue #14): open the till, sell in cash with change, print the
// receipt on both paper widths, return a unit, close with the right count; a void shows in red;
// a shop that requires an open shift says so in Nueva venta. Amounts come from the API's answers.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  ARTEFACTOS,
  comoPesos,
  contarImpresiones,
  conToken,
  escanearAlCarro,
  impresiones,
  iniciarSesion,
  productoBarato,
  PYME,
  PYME2,
  tiendaDe,
  tiendaSinTurno,
  type ProductoApi,
  alPagoConTeclado,
  venderPorApi,
} from './helpers';

const MM_A_PX = 96 / 25.4;

async function stockDe(request: APIRequestContext, token: string, idMinimarket: number, id: number): Promise<number> {
  const res = await request.get(`/api/productos/?id_minimarket=${idMinimarket}&ids=${id}&limit=1`, conToken(token));
  return ((await res.json()) as ProductoApi[])[0].stock;
}

/** Finds a sale in Transacciones by the shop's own number and opens its detail. */
async function abrirDetalle(page: Page, venta: { id_venta: number; numero_venta: number }) {
  await page.getByLabel('N° de venta').fill(String(venta.numero_venta));
  await page.getByRole('button', { name: 'Buscar' }).click();
  const fila = page.getByTestId(`venta-${venta.id_venta}`);
  await expect(fila).toBeVisible();
  await fila.getByRole('button', { name: `Ver detalle de la venta N° ${venta.numero_venta}` }).click();
  return fila;
}

test.beforeAll(() => fs.mkdirSync(ARTEFACTOS, { recursive: true }));

test('a day at the counter: open, sell in cash with change by keyboard, print, return a unit, close with a zero difference', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  const stockInicial = await stockDe(request, token, idMinimarket, producto.id_producto);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByRole('link', { name: 'CAJA', exact: true }).click();
  await expect(page).toHaveURL(/\/pos\/caja$/);

  // Open the shift with $20.000, typed the Chilean way.
  await expect(page.getByRole('heading', { name: 'Abrir caja' })).toBeVisible();
  await page.getByLabel('Efectivo inicial').fill('$20.000');
  await page.getByRole('button', { name: 'Abrir turno' }).click();
  await expect(page.getByRole('heading', { name: 'Turno abierto' })).toBeVisible();
  await expect(page.getByTestId('turno-abierto')).toContainText(comoPesos(20000));
  const turno = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(turno.monto_inicial).toBe(20000);
  // The shop's own shift number, never the id every shop shares (issue 32).
  await expect(page.getByTestId('turno-abierto')).toContainText(`Turno N° ${turno.numero_turno},`);

  // The sale, the payment and the receipt with the keyboard alone: two scans, pay $5.000 in cash.
  await page.goto('/pos/nueva-venta');
  const campo = page.getByLabel('Código de barras');
  await campo.focus();
  await escanearAlCarro(page, producto, 2);
  await alPagoConTeclado(page);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Monto recibido')).toBeFocused();
  await page.keyboard.type('$5.000');
  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST');
  await page.keyboard.press('Enter');
  const venta = await (await respuesta).json();
  expect(venta.total).toBe(producto.precio_venta_actual * 2);
  expect(venta.monto_recibido).toBe(5000);
  expect(venta.id_turno).toBe(turno.id_turno);
  await expect(page.getByTestId('venta-registrada')).toContainText(`Vuelto: ${comoPesos(5000 - venta.total)}.`);

  const imprimir = page.getByRole('link', { name: 'Imprimir comprobante' });
  await expect(imprimir).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pos/comprobante/${venta.id_venta}$`));
  const botonImprimir = page.getByRole('button', { name: 'Imprimir comprobante' });
  await expect(botonImprimir).toBeFocused();
  await contarImpresiones(page);
  await page.keyboard.press('Enter');
  expect(await impresiones(page)).toBe(1);

  // The receipt shows what the API's receipt data says.
  const boleta = await (await request.get(`/api/ventas/${venta.id_venta}/boleta`, conToken(token))).json();
  expect(boleta.neto + boleta.iva).toBe(venta.total);
  expect(boleta.vuelto).toBe(5000 - venta.total);
  const recibo = page.getByTestId('comprobante');
  for (const texto of [
    boleta.minimarket.nombre,
    `RUT ${boleta.minimarket.rut}`,
    boleta.minimarket.direccion,
    producto.nombre_producto,
    `2 x ${comoPesos(producto.precio_venta_actual)}`,
    'Comprobante de venta — no válido como boleta',
  ]) {
    await expect(recibo).toContainText(texto);
  }
  await expect(recibo.getByTestId('comprobante-neto')).toHaveText(comoPesos(boleta.neto));
  await expect(recibo.getByTestId('comprobante-iva-19-')).toHaveText(comoPesos(boleta.iva));
  await expect(recibo.getByTestId('comprobante-total')).toHaveText(comoPesos(venta.total));
  await expect(recibo.getByTestId('comprobante-pago')).toHaveText('Efectivo');
  await expect(recibo.getByTestId('comprobante-recibido')).toHaveText(comoPesos(5000));
  await expect(recibo.getByTestId('comprobante-vuelto')).toHaveText(comoPesos(boleta.vuelto));

  // Both paper widths, as printed: the receipt is that many millimetres wide and the page rule follows.
  for (const ancho of [58, 80] as const) {
    await page.getByText(`${ancho} mm`, { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`ancho=${ancho}`));
    await expect(recibo).toHaveAttribute('data-ancho', String(ancho));
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Imprimir comprobante' })).toBeHidden();
    const caja = (await recibo.boundingBox())!;
    expect(Math.abs(caja.width - ancho * MM_A_PX)).toBeLessThan(1.5);
    const reglas = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n'));
    expect(reglas).toMatch(new RegExp(`@page \\{ size: ${ancho}mm \\d+mm; margin: 0; \\}`));
    await recibo.screenshot({ path: path.join(ARTEFACTOS, `comprobante-${ancho}mm.png`) });
    await page.emulateMedia({ media: 'screen' });
  }
  // The width chosen last is remembered for the next receipt.
  expect(await page.evaluate(() => localStorage.getItem('anchoComprobante'))).toBe('80');
  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/pos\/nueva-venta$/);

  // Return one unit from Transacciones.
  await page.getByRole('link', { name: 'TRANSACCIONES' }).click();
  const fila = await abrirDetalle(page, venta);
  await page.getByRole('button', { name: 'Devolver productos' }).click();
  const dialogo = page.getByRole('dialog', { name: `Devolver productos de la venta N° ${venta.numero_venta}` });
  const unidades = dialogo.getByLabel(producto.nombre_producto);
  // More than what is left is refused with the server's words.
  await unidades.fill('3');
  await dialogo.getByLabel('Motivo de la devolución').fill('Un envase venía roto');
  await dialogo.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialogo).toContainText(`De "${producto.nombre_producto}" quedan 2 unidades por devolver.`);
  await unidades.fill('1');
  await expect(dialogo.getByTestId('total-devolucion')).toHaveText(comoPesos(producto.precio_venta_actual));
  await dialogo.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialogo).toContainText(
    `¿Devolver 1 unidad de la venta N° ${venta.numero_venta} por ${comoPesos(producto.precio_venta_actual)}?`,
  );
  const respuestaDev = page.waitForResponse((r) => r.url().includes(`/api/ventas/${venta.id_venta}/devoluciones`));
  await dialogo.getByRole('button', { name: 'Sí, devolver productos' }).click();
  const devolucion = await (await respuestaDev).json();
  expect((await respuestaDev).status()).toBe(201);
  await expect(dialogo).toBeHidden();
  await expect(fila).toContainText('Con devolución');
  const lista = page.getByRole('list', { name: `Devoluciones de la venta N° ${venta.numero_venta}` });
  await expect(lista).toContainText(`1 × ${producto.nombre_producto}`);
  await expect(lista).toContainText(comoPesos(devolucion.total));
  await expect(lista).toContainText('Un envase venía roto');
  expect(await stockDe(request, token, idMinimarket, producto.id_producto)).toBe(stockInicial - 2 + 1);

  // Close by counting: the expected cash is not on screen until the count is typed.
  const esperado = 20000 + venta.total - devolucion.total;
  const actual = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(actual.esperado_efectivo).toBe(esperado);
  await page.getByRole('link', { name: 'CAJA', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cerrar caja' })).toBeVisible();
  await expect(page.getByText(comoPesos(esperado), { exact: true })).toHaveCount(0);
  await page.getByLabel('Efectivo contado').fill(comoPesos(esperado));
  await page.getByRole('button', { name: 'Ver diferencia' }).click();
  await expect(page.getByTestId('conteo-esperado')).toHaveText(comoPesos(esperado));
  await expect(page.getByTestId('conteo-diferencia')).toHaveText(comoPesos(0));
  await expect(page.getByText('La caja cuadra: lo contado es igual a lo esperado.')).toBeVisible();
  await page.getByRole('button', { name: `Cerrar turno con ${comoPesos(esperado)}` }).click();
  await expect(page.getByText('Caja cerrada.')).toBeVisible();
  const informe = page.getByRole('article', { name: `Informe de cierre del turno N° ${turno.numero_turno}` }).first();
  await expect(informe.getByTestId('esperado-efectivo')).toHaveText(comoPesos(esperado));
  await expect(informe.getByTestId('diferencia')).toContainText(comoPesos(0));
  await expect(informe.getByTestId('diferencia')).toContainText('Sin diferencia');

  // The closed shift is in the history, its report printable; the till is ready to open again.
  await expect(page.getByRole('heading', { name: 'Abrir caja' })).toBeVisible();
  const cerrado = page.getByTestId(`turno-${turno.id_turno}`);
  await expect(cerrado).toContainText('Sin diferencia');
  await contarImpresiones(page);
  await cerrado.getByRole('button', { name: `Imprimir el informe del turno N° ${turno.numero_turno}` }).click();
  await expect.poll(() => impresiones(page)).toBe(1);
  const cerrados = await (await request.get(`/api/caja/turnos?id_minimarket=${idMinimarket}&limit=1`, conToken(token))).json();
  expect(cerrados[0]).toMatchObject({ id_turno: turno.id_turno, monto_contado: esperado, diferencia: 0 });
});

test('a void from Transacciones puts the units back and shows the sale in red, voided', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  const venta = await venderPorApi(request, token, idMinimarket, producto, { metodo: 'Tarjeta de Débito' });
  const stock = await stockDe(request, token, idMinimarket, producto.id_producto);

  await iniciarSesion(page, PYME, { en: '/pos/transacciones' });
  const fila = await abrirDetalle(page, venta);
  await page.getByRole('button', { name: 'Anular venta' }).click();
  const dialogo = page.getByRole('dialog', { name: `Anular venta N° ${venta.numero_venta}` });
  // A reason is required.
  await dialogo.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialogo).toContainText('Escribe el motivo de la anulación.');
  await dialogo.getByLabel('Motivo de la anulación').fill('Cobro duplicado');
  await dialogo.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialogo).toContainText(`¿Anular la venta N° ${venta.numero_venta} por ${comoPesos(venta.total)}?`);
  await dialogo.getByRole('button', { name: 'Sí, anular venta' }).click();
  await expect(dialogo).toBeHidden();

  await expect(fila).toHaveAttribute('data-estado', 'Anulada');
  await expect(fila).toContainText('Anulada');
  // Red: the text's colour, in CIELAB, leans far to the red side (a* well above zero).
  const color = await fila.evaluate((el) => getComputedStyle(el).color);
  const lab = /^lab\(([\d.]+) ([-\d.]+) ([-\d.]+)/.exec(color);
  expect(lab, color).not.toBeNull();
  expect(Number(lab![2])).toBeGreaterThan(30);
  await expect(page.getByText('Motivo: Cobro duplicado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Anular venta' })).toHaveCount(0);
  expect(await stockDe(request, token, idMinimarket, producto.id_producto)).toBe(stock + 1);
});

test('a shop that requires an open shift: Nueva venta says so, links to CAJA, and shows the server refusal', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME2);
  const exigir = (valor: boolean) =>
    request.patch(`/api/minimarkets/${idMinimarket}/configuracion`, { ...conToken(token), data: { exigir_caja_abierta: valor } });
  try {
    expect((await exigir(false)).ok()).toBeTruthy();
    await iniciarSesion(page, PYME2, { en: '/pos/nueva-venta' });
    await expect(page.getByRole('heading', { name: 'Escanear producto' })).toBeVisible();
    await expect(page.getByText('Este minimarket exige un turno de caja abierto')).toHaveCount(0);

    // The setting is turned on elsewhere while this page is open: the server refuses, and says why.
    const res = await request.get(`/api/productos/?id_minimarket=${idMinimarket}&limit=50`, conToken(token));
    const producto = ((await res.json()) as ProductoApi[]).find((p) => p.stock >= 1 && p.precio_venta_actual > 0)!;
    expect((await exigir(true)).ok()).toBeTruthy();
    await page.getByLabel('Buscar producto por nombre, marca o código').fill(producto.codigo_barra);
    await page.getByRole('button', { name: `Agregar ${producto.nombre_producto} al carrito` }).click();
    await page.getByRole('button', { name: 'Proceder al Pago' }).click();
    await page.locator('label').filter({ hasText: 'Tarjeta de Débito' }).click();
    await page.getByRole('button', { name: /Finalizar venta/ }).click();
    const mensaje = 'Abre la caja antes de vender: este minimarket exige un turno de caja abierto.';
    await expect(page.getByRole('status').filter({ hasText: mensaje }).first()).toBeVisible();

    // On arrival the notice is there from the start, and its link goes to CAJA.
    await page.reload();
    const aviso = page.getByRole('status').filter({ hasText: 'Este minimarket exige un turno de caja abierto para vender' });
    await expect(aviso).toBeVisible();
    await aviso.getByRole('link', { name: 'Ir a CAJA' }).click();
    await expect(page).toHaveURL(/\/pos\/caja$/);
    await expect(page.getByRole('heading', { name: 'Abrir caja' })).toBeVisible();
  } finally {
    await exigir(false);
  }
});
