// La libreta de fiado (issue #21) at the counter: open the till, sell on Fiado creating the
// customer at the payment screen, find them in CLIENTES owing the sale, record a cash abono (an
// over-payment refused first), read the statement's running balance, check the WhatsApp link's
// text, print, and close the shift with the abono (and not the fiado sale) in its expected cash.
// Screenshots of CLIENTES and the customer's page on a laptop and a phone go to e2e-artifacts/.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  captura,
  comoPesos,
  contarImpresiones,
  conToken,
  escanearAlCarro,
  impresiones,
  iniciarSesion,
  productoBarato,
  PYME,
  rafagaDeEscaner,
  sufijoUnico,
  tiendaDe,
  tiendaSinTurno,
  venderPorApi,
} from './helpers';

test('fiado: create the customer at payment, sell, see the balance, take a cash abono, read the statement, share, close the till', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  const nombre = `Juana Libreta ${sufijoUnico()}`;
  const abono = 1000;

  await iniciarSesion(page, PYME, { en: '/pos/caja' });
  await expect(page.getByRole('heading', { name: 'Abrir caja' })).toBeVisible();
  await page.getByLabel('Efectivo inicial').fill('$10.000');
  await page.getByRole('button', { name: 'Abrir turno' }).click();
  await expect(page.getByRole('heading', { name: 'Turno abierto' })).toBeVisible();
  const turno = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();

  // Two units in the cart, then pay with Fiado: no customer yet, so create one right there.
  await page.getByRole('link', { name: 'NUEVA VENTA', exact: true }).click();
  await page.getByLabel('Código de barras').focus();
  await escanearAlCarro(page, producto, 2);
  const total = producto.precio_venta_actual * 2;
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeFocused();
  await page.locator('label').filter({ hasText: 'Fiado' }).click();
  await expect(page.getByRole('radio', { name: 'Fiado' })).toBeChecked();

  // Without a customer the sale is not sent.
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` }).click();
  await expect(page.getByText('Para vender fiado, elige el cliente.')).toBeVisible();

  await page.getByLabel('Buscar cliente').fill(nombre);
  await expect(page.getByText(`Ningún cliente se llama «${nombre}».`)).toBeVisible();
  await page.getByRole('button', { name: 'Crear cliente' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo cliente' });
  // The name typed in the search comes along.
  await expect(dialogo.getByLabel('Nombre')).toHaveValue(nombre);
  await dialogo.getByLabel('Teléfono').fill('9 8765 4321');
  await dialogo.getByLabel('Límite de crédito').fill('50.000');
  await dialogo.getByRole('button', { name: 'Crear cliente' }).click();
  await expect(dialogo).toBeHidden();
  const elegido = page.getByTestId('cliente-fiado');
  await expect(elegido).toContainText(nombre);
  await expect(elegido).toContainText('No debe · Límite $50.000');

  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` }).click();
  const venta = await (await respuesta).json();
  expect(venta).toMatchObject({ metodo_pago: 'Fiado', total, monto_recibido: null });
  expect(venta.id_cliente).toEqual(expect.any(Number));
  await expect(page.getByTestId('venta-registrada')).toContainText(`registrada por ${comoPesos(total)}. Fiado a ${nombre}.`);

  // The receipt says how it was paid.
  await page.getByRole('link', { name: 'Imprimir comprobante' }).click();
  await expect(page.getByTestId('comprobante').getByTestId('comprobante-pago')).toHaveText('Fiado');
  await page.goBack();

  // CLIENTES: the customer owes the sale, since today; por cobrar counts it.
  await page.getByRole('link', { name: 'CLIENTES', exact: true }).click();
  await expect(page).toHaveURL(/\/pos\/clientes$/);
  await expect(page.getByLabel('Ordenar por')).toHaveValue('deuda');
  const lista = await (await request.get(`/api/clientes?id_minimarket=${idMinimarket}`, conToken(token))).json();
  await expect(page.getByTestId('por-cobrar')).toHaveText(comoPesos(lista.por_cobrar));
  expect(lista.por_cobrar).toBeGreaterThanOrEqual(total);
  await page.getByLabel('Buscar cliente').fill(nombre);
  const fila = page.locator(`[data-testid="fila-cliente"][data-cliente="${nombre}"]`);
  await expect(page.getByTestId('fila-cliente')).toHaveCount(1);
  await expect(fila.getByTestId('saldo-cliente')).toHaveText(comoPesos(total));
  await expect(fila).toContainText('9 8765 4321');
  const hoy = new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(),
  );
  await expect(fila).toContainText(hoy);
  await page.getByLabel('Buscar cliente').fill('');
  await expect(page.getByTestId('fila-cliente').first()).toBeVisible();
  await captura(page, 'clientes-1366');

  // The customer's page: the balance, then an abono larger than it is refused with the server's words.
  await page.getByLabel('Buscar cliente').fill(nombre);
  await fila.getByRole('link', { name: `Ver cuenta de ${nombre}` }).click();
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
  await expect(page.getByTestId('saldo-cuenta')).toHaveText(comoPesos(total));

  await page.getByRole('button', { name: 'Registrar abono' }).click();
  const abonar = page.getByRole('dialog', { name: 'Registrar abono' });
  await abonar.getByLabel('Monto').fill(String(total + 500));
  await abonar.getByRole('button', { name: 'Registrar abono' }).click();
  await expect(abonar.getByRole('alert')).toHaveText(
    `El abono es mayor que lo que debe el cliente (${comoPesos(total)}). Registra a lo más ese monto.`,
  );
  await abonar.getByLabel('Monto').fill('$1.000');
  await expect(abonar.getByLabel('Método de pago')).toHaveValue('Efectivo');
  await abonar.getByRole('button', { name: 'Registrar abono' }).click();
  await expect(abonar).toBeHidden();
  await expect(page.getByTestId('saldo-cuenta')).toHaveText(comoPesos(total - abono));

  // The statement: the purchase, then the abono, each with the balance after it.
  const movimientos = page.getByTestId('movimiento');
  await expect(movimientos).toHaveCount(2);
  const compra = movimientos.nth(0);
  await expect(compra).toHaveAttribute('data-tipo', 'compra');
  await expect(compra).toContainText(`Compra N° ${venta.numero_venta}`);
  await expect(compra.locator('td').nth(2)).toHaveText(comoPesos(total));
  await expect(compra.locator('td').nth(4)).toHaveText(comoPesos(total));
  const pago = movimientos.nth(1);
  await expect(pago).toHaveAttribute('data-tipo', 'abono');
  await expect(pago.locator('td').nth(3)).toHaveText(comoPesos(abono));
  await expect(pago.locator('td').nth(4)).toHaveText(comoPesos(total - abono));

  // WhatsApp: a wa.me link to the customer's phone with what is owed (no outside call is made).
  const whatsapp = page.getByRole('link', { name: 'Enviar por WhatsApp' });
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  const href = (await whatsapp.getAttribute('href'))!;
  const url = new URL(href);
  expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/56987654321');
  expect(url.searchParams.get('text')).toBe(
    `Hola ${nombre}, te saluda ${PYME.tienda}. Tu saldo en la libreta es de ${comoPesos(total - abono)}. ¡Gracias!`,
  );
  expect(decodeURIComponent(href.split('?text=')[1])).toContain(comoPesos(total - abono));

  // Imprimir opens the browser's print (the statement alone on paper).
  await contarImpresiones(page);
  await page.getByRole('button', { name: 'Imprimir A4' }).click();
  await expect.poll(() => impresiones(page)).toBe(1);
  await captura(page, 'cliente-1366');
  // As printed on A4: the app's chrome and the buttons stay off the paper.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Registrar abono' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Secciones de Punto de Venta' })).toBeHidden();
  await captura(page, 'cliente-a4');
  await page.emulateMedia({ media: 'screen' });

  // The same statement on the counter's thermal roll, both widths: the movements and what is owed.
  await page.getByRole('link', { name: 'Imprimir en 58/80 mm' }).click();
  const termico = page.getByTestId('estado-cuenta-termico');
  await expect(termico).toContainText(nombre);
  await expect(termico).toContainText(`Compra N° ${venta.numero_venta}`);
  await expect(termico).toContainText(`Saldo ${comoPesos(total - abono)}`);
  await expect(termico.getByTestId('termico-saldo')).toHaveText(comoPesos(total - abono));
  for (const ancho of [58, 80] as const) {
    await page.getByText(`${ancho} mm`, { exact: true }).click();
    await expect(termico).toHaveAttribute('data-ancho', String(ancho));
    const anchoPx = await termico.evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(anchoPx - (ancho * 96) / 25.4)).toBeLessThan(1);
  }
  await captura(page, 'estado-cuenta-80mm');
  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page.getByTestId('saldo-cuenta')).toHaveText(comoPesos(total - abono));

  // On a phone: CLIENTES as cards, and the customer's page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Estado de cuenta' })).toBeVisible();
  await captura(page, 'cliente-390');
  await page.getByRole('link', { name: 'Clientes' }).first().click();
  await expect(page.getByRole('list', { name: 'Clientes' })).toBeVisible();
  await captura(page, 'clientes-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // Close the shift: the cash abono is in the expected cash, the fiado sale is not.
  const esperado = 10000 + abono;
  const actual = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(actual).toMatchObject({ id_turno: turno.id_turno, abonos_efectivo: abono, ventas_efectivo: 0, esperado_efectivo: esperado });
  await page.goto('/pos/caja');
  await expect(page.getByRole('heading', { name: 'Cerrar caja' })).toBeVisible();
  await page.getByLabel('Efectivo contado').fill(comoPesos(esperado));
  await page.getByRole('button', { name: 'Ver diferencia' }).click();
  await expect(page.getByTestId('conteo-esperado')).toHaveText(comoPesos(esperado));
  await page.getByRole('button', { name: `Cerrar turno con ${comoPesos(esperado)}` }).click();
  await expect(page.getByText('Caja cerrada.')).toBeVisible();
  const informe = page.getByRole('article', { name: `Informe de cierre del turno N° ${turno.numero_turno}` }).first();
  await expect(informe.getByTestId('esperado-efectivo')).toHaveText(comoPesos(esperado));
  await expect(informe.getByRole('row', { name: 'Abonos de clientes en efectivo' })).toContainText(comoPesos(abono));
  await expect(informe.getByTestId('diferencia')).toContainText('Sin diferencia');
});

/** Serious and critical WCAG A/AA findings (as accesibilidad.spec.ts counts them). */
async function revisarAxe(page: Page, nombre: string) {
  const resultado = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const graves = resultado.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const resumen = graves.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(resumen, `axe en ${nombre}`).toEqual([]);
}

test("CLIENTES, a customer page, its dialogs and the Fiado payment pass axe; a sale past the limit is refused in the server's words", async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  // A customer who owes one sale, set up through the API.
  const creado = await request.post('/api/clientes', {
    ...conToken(token),
    data: { id_minimarket: idMinimarket, nombre: `Pedro Axe ${sufijoUnico()}`, telefono: '912345678' },
  });
  expect(creado.status()).toBe(201);
  const cliente = await creado.json();
  await venderPorApi(request, token, idMinimarket, producto, { metodo: 'Fiado', idCliente: cliente.id_cliente });

  await iniciarSesion(page, PYME, { en: '/pos/clientes' });
  await expect(page.getByTestId('fila-cliente').first()).toBeVisible();
  await revisarAxe(page, 'clientes');
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  await page.getByRole('dialog', { name: 'Nuevo cliente' }).getByRole('button', { name: 'Crear cliente' }).click();
  await expect(page.getByText('Escribe el nombre del cliente.')).toBeVisible();
  await revisarAxe(page, 'nuevo cliente con un error');
  await page.keyboard.press('Escape');

  await page.goto(`/pos/clientes/${cliente.id_cliente}`);
  await expect(page.getByTestId('saldo-cuenta')).toHaveText(comoPesos(producto.precio_venta_actual));
  await revisarAxe(page, 'cuenta del cliente');
  await page.getByRole('button', { name: 'Registrar abono' }).click();
  await expect(page.getByRole('dialog', { name: 'Registrar abono' })).toBeVisible();
  await revisarAxe(page, 'registrar abono');
  await page.keyboard.press('Escape');

  // The payment with Fiado chosen, its customer search open.
  await page.goto('/pos/nueva-venta');
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, producto.codigo_barra);
  await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await page.locator('label').filter({ hasText: 'Fiado' }).click();
  await page.getByLabel('Buscar cliente').fill(cliente.nombre);
  await expect(page.getByRole('list', { name: 'Clientes' }).getByRole('button', { name: new RegExp(cliente.nombre) })).toBeVisible();
  await revisarAxe(page, 'pago fiado');
  await page
    .getByRole('list', { name: 'Clientes' })
    .getByRole('button', { name: new RegExp(cliente.nombre) })
    .click();
  await expect(page.getByTestId('cliente-fiado')).toContainText(`Debe ${comoPesos(producto.precio_venta_actual)} · Sin límite`);
  await captura(page, 'pago-fiado-1366');

  // A customer whose limit this sale passes: warned before paying, refused by the server in its words.
  const limitado = await (
    await request.post('/api/clientes', {
      ...conToken(token),
      data: { id_minimarket: idMinimarket, nombre: `Rosa Tope ${sufijoUnico()}`, limite_credito: 0 },
    })
  ).json();
  await page.getByRole('button', { name: 'Cambiar cliente' }).click();
  await page.getByLabel('Buscar cliente').fill(limitado.nombre);
  // Enter in the search takes the one customer found (it does not finish the sale).
  await expect(page.getByRole('list', { name: 'Clientes' }).getByRole('button', { name: new RegExp(limitado.nombre) })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Clientes' }).getByRole('button')).toHaveCount(1);
  await page.getByLabel('Buscar cliente').press('Enter');
  await expect(page.getByTestId('cliente-fiado')).toContainText('No debe · Límite $0');
  await expect(page.getByText(`Con esta venta debería ${comoPesos(producto.precio_venta_actual)}, más que su límite de $0.`)).toBeVisible();
  const rechazo = page.waitForResponse((r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Finalizar venta/ }).click();
  expect((await rechazo).status()).toBe(409);
  await expect(page.getByRole('alert').filter({ hasText: 'sobre su límite' })).toHaveText(
    `Esta venta de ${comoPesos(producto.precio_venta_actual)} deja a ${limitado.nombre} sobre su límite de crédito: debe $0 y su límite es $0.`,
  );
  // Still on the payment screen, the cart kept.
  await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeVisible();
});
