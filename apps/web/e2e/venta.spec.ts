import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  comoPesos,
  conToken,
  escanear,
  iniciarSesion,
  productoPorCodigo,
  PYME,
  rafagaDeEscaner,
  tiendaDe,
  type ProductoApi,
  alPagoConTeclado,
} from './helpers';

/** A product of the pyme's shop with a few units, picked through the API. */
async function elegirProducto(request: APIRequestContext, token: string, idMinimarket: number): Promise<ProductoApi> {
  const res = await request.get(`/api/productos/?id_minimarket=${idMinimarket}&search=Arroz&limit=20`, conToken(token));
  const productos = (await res.json()) as ProductoApi[];
  const producto = productos.find((p) => p.stock >= 3 && p.stock <= 500);
  expect(producto, 'el seed debe tener un arroz con stock').toBeTruthy();
  return producto!;
}

test('a whole sale by scanner: cart rules, cash with change, stock goes down, the sale is in Transacciones', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await elegirProducto(request, token, idMinimarket);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await expect(page.getByRole('heading', { name: 'Escanear producto' })).toBeVisible();

  // A burst of keystrokes ending in Enter is a scan: the product lands in the cart.
  await escanear(page, producto.codigo_barra);
  const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
  await expect(carrito.getByText(producto.nombre_producto)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Agregado al carrito: ${producto.nombre_producto}` })).toBeVisible();

  // An unknown code is refused with the spec's message.
  await escanear(page, '0000000000001');
  await expect(page.getByText('Producto no encontrado en el inventario.').first()).toBeVisible();

  // More than the stock is refused and clamped to it.
  const cantidad = carrito.getByLabel(`Cantidad de ${producto.nombre_producto}`);
  await cantidad.fill(String(producto.stock + 5));
  await cantidad.press('Enter');
  // Said where it stays (with the way to correct the count), not only in a passing toast.
  await expect(page.getByTestId('aviso-falta-stock')).toContainText(
    `No hay suficiente stock para "${producto.nombre_producto}". Disponible: ${producto.stock}`,
  );
  await expect(cantidad).toHaveValue(String(producto.stock));

  // Only digits count; settle on 2 units.
  await cantidad.fill('2');
  await cantidad.press('Enter');
  const total = producto.precio_venta_actual * 2;
  await expect(page.getByTestId('total-carrito')).toHaveText(comoPesos(total));

  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeVisible();
  for (const metodo of ['Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito', 'Fiado']) {
    await expect(page.getByRole('radio', { name: metodo })).toBeAttached();
  }
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeChecked();

  // Too little cash is refused; enough gives the change.
  const recibido = page.getByLabel('Monto recibido');
  await recibido.fill(String(total - 10));
  await page.getByRole('button', { name: /Finalizar venta/ }).click();
  await expect(page.getByText('La cantidad recibida es menor que el total a pagar.')).toBeVisible();
  const pago = total + 1000 - (total % 1000);
  await recibido.fill(String(pago));
  await expect(page.getByTestId('vuelto')).toHaveText(comoPesos(pago - total));

  const respuesta = page.waitForResponse((r) => r.url().includes('/api/ventas/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Finalizar venta/ }).click();
  const venta = await (await respuesta).json();
  expect((await respuesta).request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText('Venta registrada exitosamente.')).toBeVisible();

  // The cart is empty again and the stock went down by 2.
  await expect(page.getByText('El carrito está vacío.', { exact: false })).toBeVisible();
  const despues = await productoPorCodigo(request, token, idMinimarket, producto.codigo_barra);
  expect(despues?.stock).toBe(producto.stock - 2);
  const busqueda = page.getByLabel('Buscar producto por nombre, marca o código');
  await busqueda.fill(producto.codigo_barra);
  const fila = page.getByRole('row').filter({ hasText: producto.nombre_producto });
  await expect(fila.getByText(new RegExp(`· ${producto.stock - 2}$`)).filter({ visible: true })).toBeVisible();

  // The sale is in Transacciones, with its detail.
  await page.getByRole('link', { name: 'Transacciones' }).click();
  // The start of the range cannot be after its end.
  await page.getByLabel('Desde').fill('10-05-2026');
  await page.getByLabel('Hasta').fill('01-05-2026');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('La fecha de inicio no puede ser posterior a la fecha de término.')).toBeVisible();
  // A day that does not exist is refused with how to write one.
  await page.getByLabel('Desde').fill('31-02-2026');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Escribe la fecha como dd-mm-aaaa, por ejemplo 23-11-2026.')).toBeVisible();
  await page.getByLabel('Desde').fill('');
  await page.getByLabel('Hasta').fill('');
  // Found by the shop's own number, as the owner reads it on the receipt.
  await page.getByLabel('N° de venta').fill(String(venta.numero_venta));
  await page.getByRole('button', { name: 'Buscar' }).click();
  const filaVenta = page.getByTestId(`venta-${venta.id_venta}`);
  await expect(filaVenta).toContainText(comoPesos(total));
  await expect(filaVenta).toContainText('Efectivo');
  await expect(filaVenta).toContainText('Completada');
  await filaVenta.getByRole('button', { name: `Ver detalle de la venta N° ${venta.numero_venta}` }).click();
  const detalle = page.getByRole('table', { name: `Detalle de la venta N° ${venta.numero_venta}` });
  await expect(detalle).toContainText(producto.nombre_producto);
  await expect(detalle.getByRole('row').nth(1)).toContainText('2');
});

test('a sale can be done with the keyboard alone', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await elegirProducto(request, token, idMinimarket);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  const campo = page.getByLabel('Código de barras');
  // The code typed by hand, as a person types (keys 150 ms apart: never a scanner's burst).
  await campo.pressSequentially(producto.codigo_barra, { delay: 150 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Productos en el carrito' }).getByText(producto.nombre_producto)).toBeVisible();

  // Tab to Proceder al Pago and press it; then Tarjeta de Débito with the arrow keys, Tab to Finalizar venta.
  await alPagoConTeclado(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Tarjeta de Débito' })).toBeChecked();
  const finalizar = page.getByRole('button', { name: /Finalizar venta/ });
  for (let i = 0; i < 10 && !(await finalizar.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(finalizar).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Venta registrada exitosamente.')).toBeVisible();
});

test('a checkout whose answer is lost goes to the outbox and is sent again with the same Idempotency-Key: one sale, not two', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await elegirProducto(request, token, idMinimarket);
  const contarVentas = async () =>
    ((await (await request.get(`/api/ventas/?id_minimarket=${idMinimarket}&limit=1`, conToken(token))).json()) as { total: number }).total;
  const antes = await contarVentas();

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await expect(page.getByRole('heading', { name: 'Escanear producto' })).toBeVisible();
  await escanear(page, producto.codigo_barra);
  await expect(page.getByRole('list', { name: 'Productos en el carrito' }).getByText(producto.nombre_producto)).toBeVisible();
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await page.locator('label').filter({ hasText: 'Tarjeta de Débito' }).click();
  await expect(page.getByRole('radio', { name: 'Tarjeta de Débito' })).toBeChecked();

  // The first attempt reaches the server (the sale is recorded) but its answer never comes back.
  const claves: string[] = [];
  let perderRespuesta = true;
  await page.route('**/api/ventas/', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    claves.push(route.request().headers()['idempotency-key'] ?? '');
    if (!perderRespuesta) return route.continue();
    perderRespuesta = false;
    await route.fetch();
    return route.abort('connectionreset');
  });
  // No answer: the sale is kept on the device (docs/offline.md) and the outbox sends it again with
  // the same key; the server answers with the sale it already has.
  await page.getByRole('button', { name: /Finalizar venta/ }).click();
  await expect(page.getByTestId('venta-registrada')).toContainText('pendiente de envío');
  await expect.poll(() => claves.length, { timeout: 30_000 }).toBe(2);
  await expect(page.getByTestId('estado-conexion')).toHaveText('', { timeout: 30_000 });

  expect(claves).toHaveLength(2);
  expect(claves[1]).toBe(claves[0]);
  expect(await contarVentas()).toBe(antes + 1);
});

test('a scan while the manual search box has the focus goes to the cart, and the box keeps what was typed', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await elegirProducto(request, token, idMinimarket);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await expect(page.getByRole('heading', { name: 'Escanear producto' })).toBeVisible();
  const caja = page.getByLabel('Buscar producto por nombre, marca o código');
  // A person types slowly (keys 150 ms apart), and then the scanner fires its burst into the box.
  await caja.pressSequentially('lech', { delay: 150 });
  await expect(caja).toHaveValue('lech');
  await rafagaDeEscaner(page, producto.codigo_barra);

  await expect(page.getByRole('list', { name: 'Productos en el carrito' }).getByText(producto.nombre_producto)).toBeVisible();
  await expect(caja).toHaveValue('lech');
  await expect(caja).toBeFocused();
});

test("Inicio's 'Ventas de hoy' shows today's pesos and number of sales, and a new sale adds to both", async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await elegirProducto(request, token, idMinimarket);
  // Today as Santiago's calendar has it (the server reads these as local times).
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  const deHoy = async () =>
    (await (
      await request.get(
        `/api/ventas/?id_minimarket=${idMinimarket}&start_date=${hoy}T00:00:00&end_date=${hoy}T23:59:59&limit=1`,
        conToken(token),
      )
    ).json()) as { total: number; ventas_completadas: number; monto_total: number };
  const antes = await deHoy();
  const venta = await request.post('/api/ventas/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      fecha_venta: new Date().toISOString(),
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
    },
  });
  expect(venta.status()).toBe(201);

  await iniciarSesion(page, PYME, { en: '/inicio' });
  await expect(page.getByTestId('monto-hoy')).toHaveText(comoPesos(antes.monto_total + producto.precio_venta_actual));
  // The sales that count (a voided one of today, if an earlier test left one, does not).
  const n = antes.ventas_completadas + 1;
  await expect(page.getByTestId('ventas-hoy')).toHaveText(`${n.toLocaleString('es-CL')} ${n === 1 ? 'venta' : 'ventas'}`);
});

test('on a phone a product is added from the manual search without scrolling sideways', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await elegirProducto(request, token, idMinimarket);
  await page.setViewportSize({ width: 390, height: 844 });
  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByLabel('Buscar producto por nombre, marca o código').fill(producto.codigo_barra);
  const tabla = page.getByRole('table', { name: 'Productos disponibles para la venta' });
  const agregar = tabla.getByRole('button', { name: `Agregar ${producto.nombre_producto} al carrito` });
  await expect(agregar).toBeVisible();
  await expect(tabla).toContainText(comoPesos(producto.precio_venta_actual));

  // The row fits: the button is inside the screen and nothing scrolls sideways, the page or the table.
  const caja = (await agregar.boundingBox())!;
  expect(caja.x + caja.width).toBeLessThanOrEqual(390);
  const desborde = await tabla.evaluate((t) => ({
    tabla: t.parentElement!.scrollWidth - t.parentElement!.clientWidth,
    pagina: document.documentElement.scrollWidth - window.innerWidth,
  }));
  expect(desborde).toEqual({ tabla: 0, pagina: 0 });

  await agregar.click();
  await expect(page.getByRole('list', { name: 'Productos en el carrito' }).getByText(producto.nombre_producto)).toBeVisible();
});

test.describe('in a browser set to English', () => {
  test.use({ locale: 'en-US' });

  test('dates are typed and shown dd-mm-aaaa, and the calendar speaks Spanish', async ({ page }) => {
    await iniciarSesion(page, PYME, { en: '/pos/transacciones' });
    const desde = page.getByLabel('Desde');
    await expect(desde).toHaveAttribute('placeholder', 'dd-mm-aaaa');
    await desde.fill('1/3/2026');
    await page.getByRole('button', { name: 'Elegir en el calendario' }).first().click();
    const calendario = page.getByRole('dialog', { name: 'Calendario' });
    // The first of March as typed, in Spanish, weeks from Monday.
    await expect(calendario).toContainText('marzo 2026');
    // Sunday 1 March sits alone in the first week: weeks start on Monday.
    await expect(calendario.getByRole('row').first().getByRole('gridcell')).toHaveCount(1);
    await expect(calendario.getByRole('row').first()).toHaveAccessibleName(/domingo, 1 de marzo de 2026/);
    await calendario.getByRole('button', { name: /15 de marzo de 2026/ }).click();
    await expect(calendario).toBeHidden();
    await expect(desde).toHaveValue('15-03-2026');
  });
});
