// Issue 32, the counter as a new user found it, by keyboard and screen reader and on a phone:
// - the no-shift warning on the payment screen only when the payment has a cash part;
// - after a sale at 1366 × 768 its message is on screen (not under the top bar) and announced;
// - a product added with the search's «Agregar» is announced in the scanner's live region;
// - from the search's «Agregar», «Ir al pago» is a few Tab stops away (it was 29 round the page);
// - the help panel takes the focus when it opens and Escape closes it, back to «Ayuda»;
// - the phone menu is a modal: the focus goes in and stays, Escape closes it, back to the toggle;
// - at 390 px the till's row «+» and the other row actions are at least 44 × 44 px.
// Screenshots at both sizes in e2e-artifacts/.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { captura, comoPesos, crearProducto, iniciarSesion, PYME, sufijoUnico, tiendaDe, tiendaSinTurno } from './helpers';

/** The element that has the focus, as «tag nombre accesible» (what a person hears). */
const enfocado = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return e ? `${e.tagName.toLowerCase()} ${e.getAttribute('aria-label') ?? e.textContent?.trim() ?? ''}` : '';
  });

/** Tab until `objetivo` has the focus; how many stops it took (fails past `maximo`). */
async function tabHasta(page: Page, objetivo: Locator, maximo: number): Promise<number> {
  for (let i = 1; i <= maximo; i++) {
    await page.keyboard.press('Tab');
    if (await objetivo.evaluate((el) => el === document.activeElement)) return i;
  }
  throw new Error(`${maximo} paradas de Tab sin llegar; el foco quedó en ${await enfocado(page)}`);
}

test('payment: the no-shift warning only with a cash part; the sale’s message on screen at 1366 and announced', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);
  const productos = await Promise.all(
    [1, 2, 3, 4].map((i) =>
      crearProducto(request, token, idMinimarket, { nombre: `Galleta Pago ${i} ${sufijoUnico()}`, stock: 20, costo: 900 }),
    ),
  );
  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  // The live region that will say the sale is on the page before it (a region added with its text is often not read).
  const anuncio = page.getByTestId('anuncio-venta');
  await expect(anuncio).toHaveText('');
  // No shift open: the cart's view says cash would land in no till.
  await expect(page.getByTestId('aviso-sin-caja')).toBeVisible();
  for (const p of productos) {
    await page.getByLabel('Buscar producto por nombre, marca o código').fill(p.nombre_producto);
    await page.getByRole('button', { name: `Agregar ${p.nombre_producto} al carrito` }).click();
  }
  await expect(page.getByTestId('item-carrito')).toHaveCount(4);
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeFocused();

  const sinCajaEfectivo = page.getByText('Sin caja abierta: este efectivo no quedará en ningún turno.');
  // Card or fiado: no cash, no warning about cash.
  await page.getByRole('radio', { name: 'Tarjeta de Débito' }).check({ force: true });
  await expect(page.getByTestId('aviso-sin-caja')).toHaveCount(0);
  await expect(sinCajaEfectivo).toHaveCount(0);
  await page.getByRole('radio', { name: 'Fiado' }).check({ force: true });
  await expect(page.getByTestId('aviso-sin-caja')).toHaveCount(0);
  await expect(sinCajaEfectivo).toHaveCount(0);
  // Cash: the payment itself says it, once.
  await page.getByRole('radio', { name: 'Efectivo' }).check({ force: true });
  await expect(sinCajaEfectivo).toBeVisible();
  await expect(page.getByTestId('aviso-sin-caja')).toHaveCount(0);
  await captura(page, 'pago-efectivo-sin-caja-1366', { fullPage: false });

  // «Finalizar venta» is below the fold at 1366 × 768: the page is scrolled to press it.
  const total = productos.reduce((s, p) => s + p.precio_venta_actual, 0);
  await page.getByLabel('Monto recibido').fill('$20.000');
  const finalizar = page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` });
  await finalizar.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await finalizar.click();
  const mensaje = page.getByTestId('venta-registrada');
  await expect(mensaje).toContainText(`registrada por ${comoPesos(total)}. Vuelto: ${comoPesos(20_000 - total)}.`);
  // On screen, whole, and not under the sticky top bar: what is drawn at its centre is the message itself.
  await expect(mensaje).toBeInViewport({ ratio: 1 });
  const barra = (await page.getByRole('banner').boundingBox())!;
  const caja = (await mensaje.boundingBox())!;
  expect(caja.y).toBeGreaterThanOrEqual(barra.y + barra.height);
  expect(
    await mensaje.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const encima = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return Boolean(encima && el.contains(encima));
    }),
  ).toBe(true);
  await expect(page.getByRole('link', { name: 'Imprimir comprobante' })).toBeFocused();
  // Announced: the live region that was there before now says it.
  await expect(anuncio).toHaveText(await mensaje.innerText());
  await captura(page, 'venta-registrada-1366', { fullPage: false });
});

test('keyboard: «Agregar» is announced as a scan is, «Ir al pago» is near, the help panel opens and closes by keyboard', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Té Teclado ${sufijoUnico()}`, stock: 20, costo: 900 });
  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByLabel('Buscar producto por nombre, marca o código').fill(producto.nombre_producto);
  const agregar = page.getByRole('button', { name: `Agregar ${producto.nombre_producto} al carrito` });
  await agregar.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('item-carrito')).toHaveCount(1);
  // The scanner's live region (the line under the scan field) says it, as it says a scanned one.
  await expect(page.locator('p[role="status"]')).toHaveText(`Agregado al carrito: ${producto.nombre_producto}`);

  // From «Agregar» the next stops lead to «Ir al pago», not round the whole page (29 stops before).
  const irAlPago = page.getByRole('button', { name: 'Ir al pago' });
  const paradas = await tabHasta(page, irAlPago, 12);
  expect(paradas).toBeLessThanOrEqual(12);
  await expect(irAlPago).toBeVisible();
  await captura(page, 'ir-al-pago-1366', { fullPage: false });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Proceder al Pago' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeFocused();
  await page
    .getByRole('button', { name: /Regresar|Volver/ })
    .first()
    .click();

  // The help panel: opening it takes the focus into it (a screen reader says where the person is).
  const ayuda = page.getByRole('button', { name: 'Ayuda' });
  await ayuda.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: /Chat de ayuda/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Mensaje para Badito' })).toBeFocused();
  await captura(page, 'panel-ayuda-1366', { fullPage: false });
  // Escape closes it from inside, and the focus is back on «Ayuda».
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(ayuda).toBeFocused();
});

test('on a phone: the menu is a modal, and row actions are 44 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Jugo Dedo ${sufijoUnico()}`, stock: 20, costo: 900 });
  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });

  // The menu: the focus goes in, Tab and Shift+Tab go round inside it, the page behind is inert.
  const interruptor = page.getByRole('button', { name: 'Expandir menú lateral' });
  await interruptor.click();
  const menu = page.getByRole('dialog', { name: 'Menú principal' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Cerrar menú' })).toBeFocused();
  const controles = await menu.locator('a[href], button').count();
  for (let i = 0; i < controles + 2; i++) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((m) => m.contains(document.activeElement)), `Tab ${i + 1}: ${await enfocado(page)}`).toBe(true);
  }
  await menu.getByRole('button', { name: 'Cerrar menú' }).focus();
  await page.keyboard.press('Shift+Tab');
  expect(await menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
  const inerte = () => page.locator('#contenido').evaluate((el) => el.closest('[inert]') !== null);
  expect(await inerte()).toBe(true);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await captura(page, 'menu-modal-390', { fullPage: false });
  // Escape closes it, and the focus goes back to the toggle that opened it.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(interruptor).toBeFocused();
  expect(await inerte()).toBe(false);
  // «Cerrar menú» does the same.
  await interruptor.click();
  await page.getByRole('dialog', { name: 'Menú principal' }).getByRole('button', { name: 'Cerrar menú' }).click();
  await expect(interruptor).toBeFocused();

  // The till's rows: «+» is 44 × 44 for a finger.
  await page.getByLabel('Buscar producto por nombre, marca o código').fill(producto.nombre_producto);
  const mas = page.getByRole('button', { name: `Agregar ${producto.nombre_producto} al carrito` });
  await expect(mas).toBeVisible();
  const medida = (await mas.boundingBox())!;
  expect(medida.height).toBeGreaterThanOrEqual(44);
  expect(medida.width).toBeGreaterThanOrEqual(44);
  await captura(page, 'fila-agregar-390', { fullPage: false });
  // And the row actions of Transacciones' and Inventario's cards.
  for (const [ruta, nombre] of [
    ['/pos/transacciones', /^Ver detalle de la venta/],
    ['/pos/buscar-producto', /^Agregar stock a /],
  ] as const) {
    await page.goto(ruta);
    const accion = page.getByRole('button', { name: nombre }).first();
    await expect(accion).toBeVisible();
    const b = (await accion.boundingBox())!;
    expect(b.height, `${ruta}: ${nombre}`).toBeGreaterThanOrEqual(44);
  }
});
