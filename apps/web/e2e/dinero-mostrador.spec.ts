// Money at the counter (issue 32, docs/pagos.md): a cash sale by weight rounded to the ten (Ley 20.956)
// with its change, receipt and shift; a price label charged its printed amount; a discount on the whole
// cart with its reason and a loose sale («Venta libre»); the quick keys set in Configuración and used at
// the till. Every amount is worked out here by hand, never with the app's own functions, so a bug there
// cannot agree with itself. Screenshots at 1366 × 768 and 390 × 844 go to e2e-artifacts/.
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  abrirTurnoApi,
  ARTEFACTOS,
  captura,
  comoPesos,
  conToken,
  escanearAlCarro,
  iniciarSesion,
  productoBarato,
  PYME,
  rafagaDeEscaner,
  sufijoUnico,
  tiendaDe,
  tiendaSinTurno,
  tokenApi,
  crearProductoKg,
} from './helpers';

test.beforeAll(() => fs.mkdirSync(ARTEFACTOS, { recursive: true }));

/** A PLU no other product of the shop has (the demo has a few), 5 digits at most. */
const pluUnico = () => String(10000 + Math.floor(Math.random() * 89999));

/**
 * A kg product at $8.990/kg with 5 kg and its PLU. It carries a barcode too: a product with only its PLU
 * breaks Recomendaciones and Ajustes for the whole shop (their response schemas still require a barcode,
 * a 500), so the sales here use one with both, and the PLU-only product has its own test, which deletes it.
 */
async function jamonGranel(request: APIRequestContext, token: string, idMinimarket: number) {
  const plu = pluUnico();
  const jamon = await crearProductoKg(request, token, idMinimarket, {
    nombre: `Jamón Acaramelado ${sufijoUnico()}`,
    codigo: `994${sufijoUnico()}${Math.floor(Math.random() * 100)}`,
    categoria: 'Fiambrería',
    precio: 8990,
    costo: 6000,
    gramos: 5000,
    plu,
  });
  return { ...jamon, plu };
}

const postVenta = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST');

test('a cash sale by weight of $3.147 paid with $5.000: rounded to $3.150, change $1.850, on the receipt and in the shift', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);
  await abrirTurnoApi(request, token, idMinimarket, 10_000);
  const jamon = await jamonGranel(request, token, idMinimarket);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByLabel('Buscar producto por nombre, marca o código').fill(jamon.nombre_producto);
  await page.getByRole('button', { name: `Agregar ${jamon.nombre_producto} al carrito` }).click();
  const peso = page.getByRole('dialog', { name: 'Peso' });
  await peso.getByLabel('Peso', { exact: true }).fill('0,350');
  await peso.getByLabel('Peso', { exact: true }).press('Enter');
  // 8.990 × 0,350 = 3.146,5 → $3.147: the total stays exact.
  await expect(page.getByTestId('total-carrito')).toHaveText(comoPesos(3147));

  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await expect(page.getByTestId('total-pagar')).toHaveText(comoPesos(3147));
  // Paid in cash: 3.147 ends in 7, so it is paid with $3.150 (+$3).
  await expect(page.getByTestId('redondeo')).toHaveText('+$3');
  await expect(page.getByTestId('a-pagar-efectivo')).toHaveText(comoPesos(3150));
  await page.getByLabel('Monto recibido').fill('5.000');
  await expect(page.getByTestId('vuelto')).toHaveText(comoPesos(1850));
  await captura(page, 'redondeo-pago-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('redondeo')).toBeVisible();
  await captura(page, 'redondeo-pago-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  const respuesta = postVenta(page);
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(3147)}` }).click();
  expect((await respuesta).status()).toBe(201);
  const venta = await (await respuesta).json();
  expect(venta).toMatchObject({ total: 3147, redondeo: 3, monto_recibido: 5000 });
  await expect(page.getByTestId('venta-registrada')).toContainText(`registrada por ${comoPesos(3147)}. Vuelto: ${comoPesos(1850)}.`);

  // The shift expects the rounded cash: 10.000 + 3.147 + 3.
  const turno = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(turno.redondeo).toBe(3);
  expect(turno.esperado_efectivo).toBe(13_150);

  // The receipt: the exact total, the rounding, what the cash paid, received and change.
  await page.getByRole('link', { name: 'Imprimir comprobante' }).click();
  const recibo = page.getByTestId('comprobante');
  await expect(recibo.getByTestId('comprobante-total')).toHaveText(comoPesos(3147));
  await expect(recibo).toContainText('Redondeo (Ley 20.956)');
  await expect(recibo.getByTestId('comprobante-redondeo-ley-20-956-')).toHaveText('+$3');
  await expect(recibo.getByTestId('comprobante-efectivo-pagado')).toHaveText(comoPesos(3150));
  await expect(recibo.getByTestId('comprobante-recibido')).toHaveText(comoPesos(5000));
  await expect(recibo.getByTestId('comprobante-vuelto')).toHaveText(comoPesos(1850));
  await recibo.screenshot({ path: path.join(ARTEFACTOS, 'redondeo-comprobante-1366.png') });

  // CAJA: the X report has the rounding in the cash count and the expected cash with it.
  await page.goto('/pos/caja');
  await page.getByRole('button', { name: 'Ver informe X' }).click();
  const efectivo = page.getByRole('table', { name: 'Efectivo' });
  await expect(efectivo.getByRole('row', { name: /Redondeo \(Ley 20\.956\)/ })).toContainText(comoPesos(3));
  await expect(efectivo.getByTestId('esperado-efectivo')).toHaveText(comoPesos(13_150));
  await captura(page, 'redondeo-caja-1366');

  const cierre = await request.post(`/api/caja/turnos/${turno.id_turno}/cierre`, { ...conToken(token), data: { monto_contado: 13_150 } });
  expect(cierre.ok()).toBeTruthy();
  expect((await cierre.json()).diferencia).toBe(0);
});

test('a price label is charged its printed amount: $3.000 of jamón at $8.990/kg, 334 g, with its code', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const jamon = await jamonGranel(request, token, idMinimarket);
  const antes = (await (await request.get(`/api/minimarkets/${idMinimarket}`, conToken(token))).json()).formato_etiqueta;
  const precio = await request.patch(`/api/minimarkets/${idMinimarket}/configuracion`, {
    ...conToken(token),
    data: { formato_etiqueta: { prefijo: '20', digitos_plu: 5, contenido: 'precio' } },
  });
  expect(precio.ok()).toBeTruthy();
  try {
    await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
    // 3.000.000 / 8.990 = 333,7 → 334 g; the line charges the $3.000 the customer read, not 8.990 × 0,334 = $3.003.
    const etiqueta = makeEan13(`20${jamon.plu.padStart(5, '0')}03000`);
    await page.getByLabel('Código de barras').focus();
    await rafagaDeEscaner(page, etiqueta);
    const linea = page
      .getByRole('list', { name: 'Productos en el carrito' })
      .getByTestId('item-carrito')
      .filter({ hasText: jamon.nombre_producto });
    await expect(linea.getByTestId('subtotal-linea')).toHaveText(comoPesos(3000));
    await expect(linea.getByTestId('detalle-linea')).toContainText('0,334 kg × $8.990/kg · etiqueta');
    await expect(page.getByTestId('total-carrito')).toHaveText(comoPesos(3000));

    await page.getByRole('button', { name: 'Proceder al Pago' }).click();
    await page.locator('label').filter({ hasText: 'Tarjeta de Débito' }).click();
    // No cash part: nothing is rounded.
    await expect(page.getByTestId('redondeo')).toHaveCount(0);
    const respuesta = postVenta(page);
    await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(3000)}` }).click();
    expect((await respuesta).request().postDataJSON().detalles).toEqual([
      expect.objectContaining({
        id_producto: jamon.id_producto,
        num_unidades: 334,
        precio_unitario: 8990,
        subtotal: 3000,
        codigo_etiqueta: etiqueta,
      }),
    ]);
    expect((await respuesta).status()).toBe(201);
    const venta = await (await respuesta).json();
    expect(venta.total).toBe(3000);
    expect(venta.detalles).toEqual([expect.objectContaining({ num_unidades: 334, subtotal: 3000, codigo_etiqueta: etiqueta })]);
  } finally {
    await request.patch(`/api/minimarkets/${idMinimarket}/configuracion`, { ...conToken(token), data: { formato_etiqueta: antes } });
  }
});

test('a discount on the whole cart with its reason, a line discount and a loose sale: per line, on the receipt', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  const p = producto.precio_venta_actual;

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByLabel('Código de barras').focus();
  await escanearAlCarro(page, producto, 2);

  // «Venta libre»: no name is «Varios», $1.500, no category.
  await page.getByRole('button', { name: 'Venta libre' }).click();
  const libre = page.getByRole('dialog', { name: 'Venta libre' });
  await expect(libre.getByLabel('Nombre')).toHaveAttribute('placeholder', 'Varios');
  await libre.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(libre).toContainText('El monto de una venta libre debe ser mayor a $0.');
  await libre.getByLabel('Monto').fill('1.500');
  await libre.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(libre).toBeHidden();
  const carrito = page.getByRole('list', { name: 'Productos en el carrito' });
  await expect(carrito.getByTestId('item-carrito').filter({ hasText: 'Varios' }).getByTestId('subtotal-linea')).toHaveText(comoPesos(1500));

  // $100 off the product's line, in pesos; its reason.
  await page.getByRole('button', { name: `Descuento de ${producto.nombre_producto}` }).click();
  const dLinea = page.getByRole('dialog', { name: `Descuento de ${producto.nombre_producto}` });
  await dLinea.getByLabel('Descuento ($)').fill('100');
  await dLinea.getByRole('button', { name: 'Aplicar descuento' }).click();
  // The reason is required.
  await expect(dLinea).toContainText('Escribe el motivo del descuento.');
  await dLinea.getByLabel('Motivo del descuento').fill('Cliente frecuente');
  await dLinea.getByRole('button', { name: 'Aplicar descuento' }).click();
  await expect(dLinea).toBeHidden();

  // 10 % off the whole cart, over what it costs after the line's own: (2p − 100 + 1.500) × 10 %, half a peso up.
  const neto = 2 * p - 100 + 1500;
  const alTotal = Math.floor((neto + 5) / 10);
  await page.getByRole('button', { name: 'Descuento al total' }).click();
  const dTotal = page.getByRole('dialog', { name: 'Descuento al total' });
  await dTotal.getByText('Porcentaje (%)').click();
  await dTotal.getByLabel('Descuento (%)').fill('10');
  await expect(dTotal.getByLabel('Motivo del descuento')).toHaveValue('Cliente frecuente');
  await expect(dTotal.getByTestId('vista-descuento')).toContainText(`= ${comoPesos(neto - alTotal)}`);
  await dTotal.getByRole('button', { name: 'Aplicar descuento' }).click();
  await expect(dTotal).toBeHidden();

  const bruto = 2 * p + 1500;
  const descuento = 100 + alTotal;
  const total = bruto - descuento;
  await expect(page.getByTestId('bruto-carrito')).toHaveText(comoPesos(bruto));
  await expect(page.getByTestId('total-descuentos')).toHaveText(comoPesos(-descuento));
  await expect(page.getByTestId('total-carrito')).toHaveText(comoPesos(total));
  await expect(page.getByTestId('motivo-descuento')).toHaveText('Motivo: Cliente frecuente');
  await captura(page, 'descuento-carrito-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('total-carrito').scrollIntoViewIfNeeded();
  await captura(page, 'descuento-carrito-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Paid by card: the discount per line, adding up to it; the loose sale with no product.
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await page.locator('label').filter({ hasText: 'Tarjeta de Débito' }).click();
  await expect(page.getByTestId('descuento-pagar')).toHaveText(comoPesos(-descuento));
  const respuesta = postVenta(page);
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` }).click();
  const cuerpo = (await respuesta).request().postDataJSON();
  expect(cuerpo.motivo_descuento).toBe('Cliente frecuente');
  expect(cuerpo.total).toBe(total);
  const lineas = cuerpo.detalles as Array<{
    id_producto: number | null;
    subtotal: number;
    descuento?: number;
    precio_unitario: number;
    num_unidades: number;
  }>;
  expect(lineas.reduce((s, l) => s + (l.descuento ?? 0), 0)).toBe(descuento);
  expect(lineas.reduce((s, l) => s + l.subtotal, 0)).toBe(total);
  expect(lineas[0]).toMatchObject({ id_producto: producto.id_producto, num_unidades: 2, precio_unitario: p });
  expect(lineas[0]!.subtotal + lineas[0]!.descuento!).toBe(2 * p);
  expect(lineas[1]).toMatchObject({ id_producto: null, num_unidades: 1, precio_unitario: 1500 });
  expect(lineas[1]!.subtotal + (lineas[1]!.descuento ?? 0)).toBe(1500);
  expect((await respuesta).status()).toBe(201);
  const venta = await (await respuesta).json();
  expect(venta).toMatchObject({ total, motivo_descuento: 'Cliente frecuente' });
  expect(venta.detalles[1]).toMatchObject({ id_producto: null, nombre_producto: 'Varios' });

  // The receipt: each line's discount under it and the reason.
  await page.getByRole('link', { name: 'Imprimir comprobante' }).click();
  const recibo = page.getByTestId('comprobante');
  await expect(recibo.getByTestId('comprobante-total')).toHaveText(comoPesos(total));
  await expect(recibo.getByTestId('descuento-linea-comprobante')).toHaveCount(2);
  await expect(recibo).toContainText('Varios');
  await expect(recibo.getByTestId('comprobante-motivo-descuento')).toHaveText('Motivo del descuento: Cliente frecuente');
  await recibo.screenshot({ path: path.join(ARTEFACTOS, 'descuento-comprobante-1366.png') });

  // Dashboards counts it among the period's discounts.
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  const cifras = await (
    await request.get(`/api/analitica/descuentos?id_minimarket=${idMinimarket}&desde=${hoy}&hasta=${hoy}`, conToken(token))
  ).json();
  expect(cifras.descuento).toBeGreaterThanOrEqual(descuento);
  await page.goto(`/visualizar/datos-brutos/dashboards?desde=${hoy}&hasta=${hoy}`);
  const tarjeta = page.getByTestId('descuentos');
  await expect(tarjeta.locator('[data-indicador="descuentos"]')).toHaveText(comoPesos(cifras.descuento));
  await expect(tarjeta).toContainText('Redondeo (Ley 20.956)');
  await expect(tarjeta.getByRole('table', { name: 'Descuentos por producto' })).toContainText(producto.nombre_producto);
  await captura(page, 'descuentos-dashboards-1366');
});

test('quick keys: the owner picks and orders them in Configuración, one tap adds a unit at the till; back to the most sold', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  const jamon = await jamonGranel(request, token, idMinimarket);
  const ruta = `/api/minimarkets/${idMinimarket}/teclas-rapidas`;
  // Start from the most sold, as a shop that never set them.
  expect((await request.put(ruta, { ...conToken(token), data: { productos: [] } })).ok()).toBeTruthy();

  try {
    await iniciarSesion(page, PYME, { en: '/configuracion' });
    await expect(page.getByTestId('estado-teclas')).toContainText('tus productos más vendidos');
    // Clear what the most sold put there, then pick two by search.
    const elegidas = page.getByRole('list', { name: 'Teclas rápidas elegidas' });
    for (let n = await elegidas.getByRole('listitem').count(); n > 0; n--) {
      await elegidas
        .getByRole('button', { name: /^Quitar .* de las teclas$/ })
        .first()
        .click();
    }
    const buscar = page.getByLabel('Buscar un producto para las teclas rápidas');
    for (const nombre of [producto.nombre_producto, jamon.nombre_producto]) {
      await buscar.fill(nombre);
      await page.getByRole('button', { name: `Agregar ${nombre} a las teclas` }).click();
    }
    // The jamón first.
    await page.getByRole('button', { name: `Subir ${jamon.nombre_producto}` }).click();
    await expect(elegidas.getByRole('listitem').first()).toContainText(jamon.nombre_producto);
    await page.getByRole('button', { name: 'Usar estas teclas' }).click();
    await expect(page.getByText('Teclas rápidas guardadas.')).toBeVisible();
    const guardadas = await (await request.get(ruta, conToken(token))).json();
    expect(guardadas.configuradas).toBe(true);
    expect(guardadas.teclas.map((t: { producto: { id_producto: number } }) => t.producto.id_producto)).toEqual([
      jamon.id_producto,
      producto.id_producto,
    ]);

    // «Descuento máximo de un cajero (%)» is set beside them.
    await page.getByLabel('Descuento máximo de un cajero (%)').fill('15');
    await page.getByRole('button', { name: 'Cambiar tope' }).click();
    await expect
      .poll(async () => (await (await request.get(`/api/minimarkets/${idMinimarket}`, conToken(token))).json()).descuento_maximo_pct)
      .toBe(15);
    await captura(page, 'teclas-configuracion-1366');

    // At the till: big keys, one tap one unit; the kg product asks for its weight.
    await page.goto('/pos/nueva-venta');
    const teclas = page.getByRole('list', { name: 'Teclas rápidas' });
    await expect(teclas.getByRole('button')).toHaveCount(2);
    const tecla = teclas.getByRole('button', { name: new RegExp(`^Tecla rápida: ${producto.nombre_producto}`) });
    expect((await tecla.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await tecla.click();
    await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');
    await tecla.click();
    await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('2');
    await teclas.getByRole('button', { name: new RegExp(`^Tecla rápida: ${jamon.nombre_producto}`) }).click();
    await expect(page.getByRole('dialog', { name: 'Peso' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Peso' }).getByRole('button', { name: 'Cancelar' }).click();
    await captura(page, 'teclas-venta-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    const alto = (await tecla.boundingBox())!;
    expect(alto.height).toBeGreaterThanOrEqual(44);
    expect(alto.width).toBeGreaterThanOrEqual(44);
    await captura(page, 'teclas-venta-390');
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('button', { name: 'Vaciar carrito' }).click();

    // «Volver a los más vendidos».
    await page.goto('/configuracion');
    await page.getByRole('button', { name: 'Volver a los más vendidos' }).click();
    await expect(page.getByTestId('estado-teclas')).toContainText('tus productos más vendidos');
    expect((await (await request.get(ruta, conToken(token))).json()).configuradas).toBe(false);
  } finally {
    await request.put(ruta, { ...conToken(token), data: { productos: [] } });
    await request.patch(`/api/minimarkets/${idMinimarket}/configuracion`, { ...conToken(token), data: { descuento_maximo_pct: 10 } });
  }
});

test("a cashier's discount past the shop's cap asks for the owner's PIN, and the same sale goes through with it", async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  const pinDueno = '4321';
  expect((await request.put('/api/auth/pin', { ...conToken(token), data: { pin: pinDueno, contrasena: PYME.password } })).status()).toBe(
    204,
  );
  const pinCajero = String(100000 + Math.floor(Math.random() * 899999));
  const cajero = await request.post(`/api/minimarkets/${idMinimarket}/cajeros`, {
    ...conToken(token),
    data: { nombre: `Cajera Descuento ${sufijoUnico()}`, pin: pinCajero },
  });
  expect(cajero.status()).toBe(201);

  await iniciarSesion(page, PYME);
  await page.getByRole('button', { name: 'Cambiar cajero' }).click();
  await expect(page.getByRole('dialog', { name: 'Cambiar cajero' }).getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.type(pinCajero);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Cambiar cajero' })).toBeHidden();
  await expect(page.getByRole('button', { name: /Menú de usuario/ })).toContainText('Cajero');
  await page.goto('/pos/nueva-venta');
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, producto.codigo_barra);
  await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');

  // 20 % of one unit: past the shop's 10 %. The cart says it before charging.
  await page.getByRole('button', { name: `Descuento de ${producto.nombre_producto}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Descuento de ${producto.nombre_producto}` });
  await dialogo.getByText('Porcentaje (%)').click();
  await dialogo.getByLabel('Descuento (%)').fill('20');
  await dialogo.getByLabel('Motivo del descuento').fill('Envase abollado');
  await dialogo.getByRole('button', { name: 'Aplicar descuento' }).click();
  await expect(page.getByTestId('aviso-tope')).toContainText('pasan el 10 %');
  const descuento = Math.floor((producto.precio_venta_actual * 20 + 50) / 100);
  const total = producto.precio_venta_actual - descuento;
  await expect(page.getByTestId('total-carrito')).toHaveText(comoPesos(total));

  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await page.locator('label').filter({ hasText: 'Tarjeta de Débito' }).click();
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` }).click();
  const autorizacion = page.getByRole('dialog', { name: 'Autorización del dueño' });
  await expect(autorizacion.getByTestId('detalle-autorizacion')).toHaveText(
    'Un descuento por sobre el tope de la tienda requiere la autorización del dueño: pídele que ingrese su PIN.',
  );
  const respuesta = page.waitForResponse(
    (r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST' && r.request().postDataJSON().autorizacion !== undefined,
  );
  await autorizacion.getByLabel('PIN del dueño').fill(pinDueno);
  await autorizacion.getByLabel('PIN del dueño').press('Enter');
  expect((await respuesta).status()).toBe(201);
  const venta = await (await respuesta).json();
  expect(venta).toMatchObject({ total, motivo_descuento: 'Envase abollado' });
  expect(venta.detalles[0]).toMatchObject({ descuento, subtotal: total });
  await expect(page.getByTestId('venta-registrada')).toContainText(`registrada por ${comoPesos(total)}`);
});

test('a kg product with its PLU and no barcode: the form takes it, any other product still needs its barcode', async ({
  page,
  request,
}) => {
  const token = await tokenApi(request, PYME);
  const nombre = `Pernil Solo PLU ${sufijoUnico()}`;
  const plu = pluUnico();
  let id: number | null = null;
  try {
    await iniciarSesion(page, PYME, { en: '/pos/nuevo-producto' });
    const form = page.getByRole('form', { name: 'Nuevo producto' });
    await form.getByLabel('Nombre del producto').fill(nombre);
    await form.getByLabel('Categoría').selectOption('Fiambrería');
    await form.getByLabel('Precio de venta (CLP)').fill('7.990');
    // Sold by the unit, a barcode is a must.
    await form.getByRole('button', { name: 'Guardar producto' }).click();
    await expect(form.getByText('Indica el código de barras, o el PLU si el producto se vende a granel (kg).')).toBeVisible();
    // By the kilo with its PLU: the barcode may stay empty.
    await form.getByLabel('Se vende').selectOption({ label: 'A granel (kg)' });
    await expect(form.getByText('Opcional si el producto tiene su PLU de balanza.')).toBeVisible();
    await form.getByLabel('PLU (balanza)').fill(plu);
    // Nothing weighed yet (0 kg) and no cost: it stays out of Recomendaciones, whose answer still requires a
    // barcode of every product it lists (a 500: a contract problem, see the report of issue 32).
    await form.getByLabel('Stock inicial (kg)').fill('');
    const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/productos/') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Guardar producto' }).click();
    expect((await respuesta).status()).toBe(201);
    const creado = await (await respuesta).json();
    id = creado.id_producto;
    expect(creado).toMatchObject({ codigo_barra: null, codigo_plu: plu, unidad: 'kg', stock: 0 });
    expect((await respuesta).request().postDataJSON()).not.toHaveProperty('codigo_barra');

    // At the till it is found by name, shown with its PLU.
    await page.goto('/pos/nueva-venta');
    await page.getByLabel('Buscar producto por nombre, marca o código').fill(nombre);
    await expect(page.getByRole('row').filter({ hasText: nombre })).toContainText(`PLU ${plu}`);
  } finally {
    // Deleting it clears its PLU, which a product without a barcode may not lose (the API answers 500): it gets
    // a barcode first.
    if (id !== null) {
      expect(
        (await request.put(`/api/productos/${id}`, { ...conToken(token), data: { codigo_barra: `995${sufijoUnico()}` } })).ok(),
      ).toBeTruthy();
      expect((await request.delete(`/api/productos/${id}`, conToken(token))).ok()).toBeTruthy();
    }
  }
});
