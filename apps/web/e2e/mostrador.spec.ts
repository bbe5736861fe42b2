// The counter as a new user found it (issue #19): with no shift open Nueva venta says so and
// offers to open it or to go on knowingly; cash is paid with "Monto exacto", a bill, or nothing
// typed (exact); an unknown barcode offers "Crear producto" and comes back with it in the cart; a
// product the count calls sold out is corrected from the sale itself.
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  ARTEFACTOS,
  comoPesos,
  conToken,
  crearProducto,
  iniciarSesion,
  productoBarato,
  productoPorCodigo,
  PYME,
  sinTurnoAbierto,
  sufijoUnico,
  tiendaDe,
  tiendaSinTurno,
} from './helpers';

test.beforeEach(async ({ page }) => {
  // Each page load starts from a tab that has not said "Seguir sin caja" yet (the session stays).
  await page.addInitScript(() => {
    for (const clave of Object.keys(window.sessionStorage)) if (clave.startsWith('sin-caja:')) window.sessionStorage.removeItem(clave);
  });
});

test('with no shift open Nueva venta says cash would land in no till, and the shift opens right there', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  const aviso = page.getByTestId('aviso-sin-caja');
  await expect(aviso).toHaveText(
    'No hay un turno de caja abierto: lo que cobres en efectivo no quedará en ninguna caja ni en su cuadratura.',
  );
  // On a phone the message keeps a readable width (its buttons go below it, not beside it).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await aviso.boundingBox())?.width ?? 0).toBeGreaterThan(250);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Abrir caja' });
  await dialogo.getByLabel('Efectivo inicial').fill('$15.000');
  await dialogo.getByRole('button', { name: 'Abrir turno' }).click();
  await expect(dialogo).toBeHidden();
  await expect(aviso).toBeHidden();
  const turno = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(turno.monto_inicial).toBe(15000);
  await sinTurnoAbierto(request, token, idMinimarket);
});

test('going on without a shift is a choice, and the cash payment still says it; exact, bills and blank pay', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByRole('button', { name: 'Seguir sin caja' }).click();
  await expect(page.getByTestId('aviso-sin-caja')).toBeHidden();

  const busqueda = page.getByLabel('Buscar producto por nombre, marca o código');
  await busqueda.fill(producto.codigo_barra);
  await page
    .getByRole('row')
    .filter({ hasText: producto.nombre_producto })
    .getByRole('button', { name: /Agregar/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await expect(page.getByText('Sin caja abierta: este efectivo no quedará en ningún turno.')).toBeVisible();

  const total = producto.precio_venta_actual;
  const recibido = page.getByLabel('Monto recibido');
  const montos = page.getByRole('group', { name: 'Montos rápidos' });
  // Only the bills that cover the total are offered.
  for (const billete of [1000, 2000, 5000, 10000, 20000]) {
    const boton = montos.getByRole('button', { name: comoPesos(billete), exact: true });
    if (billete >= total) await expect(boton).toBeVisible();
    else await expect(boton).toHaveCount(0);
  }
  await montos.getByRole('button', { name: '$20.000', exact: true }).click();
  await expect(recibido).toHaveValue('20.000');
  await expect(page.getByTestId('vuelto')).toHaveText(comoPesos(20000 - total));
  await montos.getByRole('button', { name: 'Monto exacto' }).click();
  await expect(page.getByTestId('vuelto')).toHaveText('$0');
  // The payment as a phone at the counter shows it (kept for people to look at).
  fs.mkdirSync(ARTEFACTOS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(montos.getByRole('button', { name: 'Monto exacto' })).toBeInViewport({ ratio: 0 });
  await page.screenshot({ path: path.join(ARTEFACTOS, 'pago-sin-caja-390x844.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // Left blank, the received amount is the exact total.
  await recibido.fill('');
  await expect(page.getByText('Vacío es el monto exacto.')).toBeVisible();
  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Finalizar venta/ }).click();
  const venta = await (await respuesta).json();
  expect(venta.monto_recibido).toBe(total);
  expect(venta.id_turno).toBeNull();
  await expect(page.getByTestId('venta-registrada')).toContainText(
    `Venta N° ${venta.numero_venta} registrada por ${comoPesos(total)}. Vuelto: $0.`,
  );
});

test('an unknown barcode offers Crear producto with the code filled in, and the new product comes back in the cart', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const codigo = `780${sufijoUnico().replace(/\D/g, '').slice(-10).padStart(10, '7')}`;
  expect(await productoPorCodigo(request, token, idMinimarket, codigo)).toBeNull();

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  const campo = page.getByLabel('Código de barras');
  await campo.fill(codigo);
  await campo.press('Enter');
  await expect(page.getByText('Producto no encontrado en el inventario.').first()).toBeVisible();
  await page.getByRole('link', { name: 'Crear producto' }).click();

  await expect(page).toHaveURL(/\/pos\/nuevo-producto/);
  const formulario = page.getByRole('form', { name: 'Nuevo producto' });
  await expect(formulario.getByLabel('Código de barras')).toHaveValue(codigo);
  const nombre = `Producto nuevo ${sufijoUnico()}`;
  await formulario.getByLabel('Nombre del producto').fill(nombre);
  await formulario.getByLabel('Categoría').selectOption('Abarrotes');
  await formulario.getByLabel('Precio de venta').fill('1.290');
  await formulario.getByLabel('Stock inicial').fill('6');
  await formulario.getByRole('button', { name: /Guardar producto/ }).click();

  await expect(page).toHaveURL(/\/pos\/nueva-venta$/);
  const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
  await expect(carrito.getByText(nombre)).toBeVisible();
  await expect(page.getByLabel(`Cantidad de ${nombre}`)).toHaveValue('1');
});

test('a product the system says is sold out but the customer holds: the owner corrects its stock from the sale and sells it', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const nombre = `Galletas del estante ${sufijoUnico()}`;
  const producto = await crearProducto(request, token, idMinimarket, { nombre, stock: 0, costo: 600 });

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  const campo = page.getByLabel('Código de barras');
  await campo.fill(producto.codigo_barra);
  await campo.press('Enter');
  await expect(page.getByTestId('aviso-falta-stock')).toContainText(`El producto "${nombre}" está agotado.`);
  await page.getByRole('button', { name: 'Corregir stock' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Ajustar stock' });
  await expect(dialogo.getByRole('radio', { name: /^Conteo/ })).toBeChecked();
  await dialogo.getByLabel('Cantidad contada en el estante').fill('4');
  await dialogo.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(dialogo).toBeHidden();

  // Back in the sale with one unit in the cart; the count went through the ledger.
  await expect(page.getByLabel(`Cantidad de ${nombre}`)).toHaveValue('1');
  await expect(page.getByTestId('aviso-falta-stock')).toBeHidden();
  const ajustes = await (
    await request.get(`/api/ajustes-stock?id_minimarket=${idMinimarket}&id_producto=${producto.id_producto}`, conToken(token))
  ).json();
  expect(ajustes).toMatchObject([{ tipo: 'conteo', cantidad: 4 }]);
});
