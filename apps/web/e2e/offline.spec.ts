import { makeEan13 } from '@minimarket/contracts/codigo-barra';
// La caja sin conexión (issue 22, docs/offline.md): with the browser context offline the counter
// keeps selling (scanner, cash with change, card), the sales wait in the outbox in IndexedDB, the
// page reloads with no connection (the service worker serves the app) and the outbox survives;
// back online they reach the server exactly once, stock right. Two tabs sending the same outbox,
// and an answer lost after the server stored the sale, still give one sale each.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  abrirTurnoApi,
  captura,
  comoPesos,
  conToken,
  crearProducto,
  iniciarSesion,
  PYME,
  rafagaDeEscaner,
  sinTurnoAbierto,
  sufijoUnico,
  tiendaDe,
  crearProductoKg,
  ESPERA_CATALOGO_MS,
  almacenIndexedDb,
} from './helpers';

const PRECIO = 1990;

/** How many sales the shop has on the server (the list's total). */
async function ventasDeLaTienda(request: APIRequestContext, token: string, idMinimarket: number): Promise<number> {
  const res = await request.get(`/api/ventas/?id_minimarket=${idMinimarket}&limit=1`, conToken(token));
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { total: number }).total;
}

async function stockDe(request: APIRequestContext, token: string, idProducto: number): Promise<number> {
  const res = await request.get(`/api/productos/${idProducto}`, conToken(token));
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { stock: number }).stock;
}

/** Whether the device's catalogue (IndexedDB) already holds this barcode: read as the browser has it. */
async function catalogoTiene(page: Page, codigo: string): Promise<boolean> {
  return (await almacenIndexedDb(page, 'catalogo_productos')).filas.some((p) => p.codigo_barra === codigo);
}

/** The outbox entry of a provisional reference as the browser has it: its state, and the server's sale id once sent. */
async function enCola(page: Page, referencia: string): Promise<{ estado: string; id_venta: number | null } | null> {
  const v = (await almacenIndexedDb(page, 'ventas_pendientes')).filas.find((x) => x.referencia_local === referencia);
  const fila = v as { estado: string; venta?: { id_venta: number } } | undefined;
  return fila ? { estado: fila.estado, id_venta: fila.venta?.id_venta ?? null } : null;
}

/** The counter opened online once: the service worker holds the app and the catalogue holds the product. */
async function cajaLista(page: Page, codigo: string) {
  await page.goto('/pos/nueva-venta');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => catalogoTiene(page, codigo), { timeout: ESPERA_CATALOGO_MS }).toBe(true);
}

async function pagar(page: Page, total: number, opciones: { metodo?: string; recibido?: number } = {}) {
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  if (opciones.metodo) await page.getByRole('radio', { name: opciones.metodo }).check({ force: true });
  if (opciones.recibido !== undefined) await page.getByLabel('Monto recibido').fill(String(opciones.recibido));
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(total)}` }).click();
}

/** The provisional reference the banner shows for a sale kept on the device. */
async function referenciaPendiente(page: Page): Promise<string> {
  const banner = page.getByTestId('venta-registrada');
  await expect(banner).toContainText('pendiente de envío');
  const texto = (await banner.textContent()) ?? '';
  const ref = /\((C[A-Z0-9]{4}-\d{4,})\)/.exec(texto)?.[1];
  expect(ref, texto).toBeTruthy();
  return ref!;
}

test('three sales with no connection survive a reload and reach the server exactly once, stock right', async ({
  page,
  context,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, {
    nombre: `Galletas Sin Red ${sufijoUnico()}`,
    stock: 10,
    costo: 900,
  });
  // A fiambre by the kilo, $8.990/kg, 2,500 kg on the shelf (the API counts kg products in grams).
  const jamon = await crearProductoKg(request, token, idMinimarket, {
    nombre: `Jamón Sin Red ${sufijoUnico()}`,
    precio: 8990,
    gramos: 2500,
  });
  // A cheese sold by scale label: PLU in the shop, the scale prints prefix 20, a 5-digit PLU and the price.
  const plu = String(10000 + Math.floor(Math.random() * 89999));
  const queso = await crearProductoKg(request, token, idMinimarket, {
    nombre: `Queso Sin Red ${sufijoUnico()}`,
    precio: 8990,
    gramos: 2000,
    plu: plu,
  });
  expect(queso.codigo_plu).toBe(plu);
  const formato = await request.patch(`/api/minimarkets/${idMinimarket}/configuracion`, {
    ...conToken(token),
    data: { formato_etiqueta: { prefijo: '20', digitos_plu: 5, contenido: 'precio' } },
  });
  expect(formato.ok()).toBeTruthy();
  // The till opened with $10.000 before the connection drops: the offline sales join it.
  await sinTurnoAbierto(request, token, idMinimarket);
  const abierto = await abrirTurnoApi(request, token, idMinimarket, 10_000);
  const antes = await ventasDeLaTienda(request, token, idMinimarket);

  await iniciarSesion(page, PYME);
  await cajaLista(page, producto.codigo_barra);
  await expect.poll(() => catalogoTiene(page, queso.codigo_barra), { timeout: ESPERA_CATALOGO_MS }).toBe(true);
  await context.setOffline(true);
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión');

  // 1. By the scanner: the device's catalogue answers.
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, producto.codigo_barra);
  await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');
  await pagar(page, PRECIO);
  const ref1 = await referenciaPendiente(page);
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión · 1 venta por enviar');

  // 2. Cash with change, the product found by the manual search (the device's catalogue too).
  await page.getByLabel('Buscar producto por nombre, marca o código').fill(producto.nombre_producto);
  await page.getByRole('button', { name: `Agregar ${producto.nombre_producto} al carrito` }).click();
  await pagar(page, PRECIO, { recibido: 5000 });
  const ref2 = await referenciaPendiente(page);
  await expect(page.getByTestId('venta-registrada')).toContainText(`Vuelto: ${comoPesos(5000 - PRECIO)}.`);

  // 3. By weight, paid by debit card: 0,500 kg × $8.990/kg = $4.495, and a scale label read on the
  // device with the shop's layout: $2.697 at $8.990/kg is 300 g of cheese. $7.192 in all.
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, jamon.codigo_barra);
  const peso = page.getByRole('dialog', { name: 'Peso' });
  await peso.getByLabel('Peso', { exact: true }).fill('0,500');
  await peso.getByLabel('Peso', { exact: true }).press('Enter');
  await expect(peso).toBeHidden();
  await expect(page.getByTestId('total-carrito')).toHaveText(comoPesos(4495));
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, makeEan13(`20${plu.padStart(5, '0')}02697`));
  await expect(page.locator('p[role="status"]')).toHaveText(`Agregado al carrito: ${queso.nombre_producto} · 0,300 kg`);
  await expect(page.getByTestId('total-carrito')).toHaveText(comoPesos(4495 + 2697));
  await pagar(page, 4495 + 2697, { metodo: 'Tarjeta de Débito' });
  const ref3 = await referenciaPendiente(page);
  expect(new Set([ref1, ref2, ref3]).size).toBe(3);
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión · 3 ventas por enviar');
  // The screenshots show the top bar, not the toast over it.
  await expect(page.getByText('Venta registrada, pendiente de envío.', { exact: true })).toHaveCount(0);
  await captura(page, 'offline-caja-1366');
  await page.setViewportSize({ width: 390, height: 844 });
  await captura(page, 'offline-caja-390');
  await page.setViewportSize({ width: 1366, height: 768 });

  // The receipt of a sale still on the device: provisional reference, no number.
  await page.getByRole('link', { name: 'Imprimir comprobante' }).click();
  await expect(page.getByTestId('comprobante-pendiente')).toHaveText(`Pendiente de envío · ${ref3}`);

  // Reloaded with no connection: the service worker serves the app, the outbox is still there.
  await page.goto('/pos/nueva-venta');
  await page.reload();
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión · 3 ventas por enviar');
  expect(await ventasDeLaTienda(request, token, idMinimarket)).toBe(antes);

  // Back online: the page sends them, in order, once, each with the time it was made on the device.
  const vueltaEnLinea = Date.now();
  await context.setOffline(false);
  await expect(page.getByTestId('estado-conexion')).toHaveText('', { timeout: 30_000 });
  expect(await ventasDeLaTienda(request, token, idMinimarket)).toBe(antes + 3);
  expect(await stockDe(request, token, producto.id_producto)).toBe(10 - 2); // the third sale was the jamón, by weight
  const numeros: number[] = [];
  for (const ref of [ref1, ref2, ref3]) {
    const res = await request.get(`/api/ventas/?id_minimarket=${idMinimarket}&search=${encodeURIComponent(ref)}`, conToken(token));
    const { sales } = (await res.json()) as {
      sales: Array<{ origen: string; referencia_local: string; fecha_venta: string; numero_venta: number }>;
    };
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ origen: 'offline', referencia_local: ref });
    expect(Date.parse(sales[0]!.fecha_venta)).toBeLessThan(vueltaEnLinea);
    numeros.push(sales[0]!.numero_venta);
  }
  // Sent in the order they were made.
  expect([...numeros].sort((a, b) => a - b)).toEqual(numeros);
  // The kilos left the shelf, and the three joined the shift open when they were made: two cash
  // sales of $1.990 in the till (the change came out of the $5.000), the debit one apart.
  expect(await stockDe(request, token, jamon.id_producto)).toBe(2500 - 500);
  expect(await stockDe(request, token, queso.id_producto)).toBe(2000 - 300);
  const turno = await (await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(turno).toMatchObject({ id_turno: abierto.id_turno, ventas: 3, esperado_efectivo: 10_000 + 2 * PRECIO });
  expect(turno.por_metodo_pago).toContainEqual({ metodo_pago: 'Tarjeta de Débito', ventas: 1, total: 4495 + 2697 });

  // Once sent it is a normal sale: its receipt has the shop's number.
  await page.goto(`/pos/comprobante/${ref1}`);
  await expect(page.getByTestId('comprobante')).toContainText('Venta N°');
  await expect(page.getByTestId('comprobante-pendiente')).toHaveCount(0);
  await expect(page.getByTestId('comprobante-referencia')).toHaveText(`Ref. sin conexión ${ref1}`);
});

test('two tabs sending the same outbox, and an answer lost after the server stored a sale: one sale each', async ({
  page,
  context,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, {
    nombre: `Jugo Dos Pestañas ${sufijoUnico()}`,
    stock: 10,
    costo: 900,
  });
  const antes = await ventasDeLaTienda(request, token, idMinimarket);

  // 'Recordar sesión': the session is in localStorage, so the second tab has it too.
  await iniciarSesion(page, PYME, { recordar: true });
  await cajaLista(page, producto.codigo_barra);
  await context.setOffline(true);
  for (let i = 0; i < 3; i++) {
    await page.getByLabel('Código de barras').focus();
    await rafagaDeEscaner(page, producto.codigo_barra);
    await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');
    await pagar(page, PRECIO);
    await referenciaPendiente(page);
  }
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión · 3 ventas por enviar');

  // A second tab of the same browser, opened with no connection: the same outbox.
  const otra = await context.newPage();
  await otra.goto('/pos/nueva-venta');
  await expect(otra.getByTestId('estado-conexion')).toHaveText('Sin conexión · 3 ventas por enviar');

  // The first sale's answer is lost on its way back (the server stored it): it must be sent again
  // with its key and answered with the same sale, not recorded twice.
  let perdidas = 0;
  const perderRespuesta = async (route: import('@playwright/test').Route) => {
    if (route.request().method() === 'POST' && perdidas === 0) {
      perdidas++;
      await route.fetch();
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  };
  await context.route('**/api/ventas/', perderRespuesta);

  // Both tabs see 'online' at once and both try to send.
  await context.setOffline(false);
  await expect(page.getByTestId('estado-conexion')).toHaveText('', { timeout: 45_000 });
  await expect(otra.getByTestId('estado-conexion')).toHaveText('', { timeout: 45_000 });
  expect(perdidas).toBe(1);
  expect(await ventasDeLaTienda(request, token, idMinimarket)).toBe(antes + 3);
  expect(await stockDe(request, token, producto.id_producto)).toBe(10 - 3);
});

test('a tab closed while sending, after the server stored the sale: opened again, it sends once more and the sale is one', async ({
  page,
  context,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, {
    nombre: `Té Pestaña Cerrada ${sufijoUnico()}`,
    stock: 10,
    costo: 900,
  });
  const antes = await ventasDeLaTienda(request, token, idMinimarket);

  await iniciarSesion(page, PYME, { recordar: true });
  await cajaLista(page, producto.codigo_barra);
  await context.setOffline(true);
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, producto.codigo_barra);
  await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');
  await pagar(page, PRECIO);
  const ref = await referenciaPendiente(page);

  // Back online, the send reaches the server, which stores the sale; the tab is closed before the
  // answer comes back.
  let guardada!: () => void;
  const llego = new Promise<void>((r) => (guardada = r));
  await context.route('**/api/ventas/', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await route.fetch();
    guardada();
    // Never answered: the tab goes away first.
  });
  await context.setOffline(false);
  await llego;
  await page.close();
  expect(await ventasDeLaTienda(request, token, idMinimarket)).toBe(antes + 1);
  await context.unroute('**/api/ventas/');

  // Opened again: the sale is still in the outbox, is sent with its key, and is answered with the same sale.
  const otra = await context.newPage();
  await otra.goto('/pos/nueva-venta');
  await expect.poll(async () => (await enCola(otra, ref))?.estado, { timeout: 45_000 }).toBe('enviada');
  expect(await ventasDeLaTienda(request, token, idMinimarket)).toBe(antes + 1);
  const res = await request.get(`/api/ventas/?id_minimarket=${idMinimarket}&search=${encodeURIComponent(ref)}`, conToken(token));
  const { sales } = (await res.json()) as { sales: Array<{ id_venta: number }> };
  expect(sales).toHaveLength(1);
  // The answer to the second send is the sale the first one stored.
  expect((await enCola(otra, ref))?.id_venta).toBe(sales[0]!.id_venta);
  expect(await stockDe(request, token, producto.id_producto)).toBe(10 - 1);
});

test('fiado with no connection: the picker shows what the customer owes as last known, plus this device’s unsent fiado', async ({
  page,
  context,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, {
    nombre: `Arroz Fiado Sin Red ${sufijoUnico()}`,
    stock: 10,
    costo: 900,
  });
  const nombre = `Vecina Sin Red ${sufijoUnico()}`;
  const cliente = await (
    await request.post('/api/clientes', { ...conToken(token), data: { id_minimarket: idMinimarket, nombre, limite_credito: 5000 } })
  ).json();
  await sinTurnoAbierto(request, token, idMinimarket);
  expect(
    (await request.post('/api/caja/turnos', { ...conToken(token), data: { id_minimarket: idMinimarket, monto_inicial: 0 } })).status(),
  ).toBe(201);
  // She already owes one bag, taken online.
  const primera = await request.post('/api/ventas/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      total: PRECIO,
      metodo_pago: 'Fiado',
      id_cliente: cliente.id_cliente,
      detalles: [{ id_producto: producto.id_producto, num_unidades: 1, precio_unitario: PRECIO, subtotal: PRECIO }],
    },
  });
  expect(primera.status()).toBe(201);

  await iniciarSesion(page, PYME);
  await cajaLista(page, producto.codigo_barra);
  // The refresh after that sale brings her balance (it comes whole in every answer of the catalogue).
  await expect
    .poll(
      async () => {
        const { claves, filas } = await almacenIndexedDb(page, 'meta');
        const saldos = filas[claves.indexOf(`saldos_clientes:${idMinimarket}`)] as Record<number, number> | undefined;
        return saldos?.[cliente.id_cliente] ?? null;
      },
      { timeout: ESPERA_CATALOGO_MS },
    )
    .toBe(PRECIO);
  await context.setOffline(true);
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión');

  const fiarUna = async (debe: number) => {
    await page.getByLabel('Código de barras').focus();
    await rafagaDeEscaner(page, producto.codigo_barra);
    await page.getByRole('button', { name: 'Proceder al Pago' }).click();
    await page.locator('label').filter({ hasText: 'Fiado' }).click();
    await page.getByLabel('Buscar cliente').fill(nombre);
    const fila = page.getByRole('list', { name: 'Clientes' }).getByRole('button', { name: new RegExp(nombre) });
    await expect(fila).toContainText(`Debe ${comoPesos(debe)} · Límite $5.000`);
    await fila.click();
    await expect(page.getByTestId('cliente-fiado')).toContainText(`Debe ${comoPesos(debe)} · Límite $5.000`);
    await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(PRECIO)}` }).click();
    return referenciaPendiente(page);
  };
  await fiarUna(PRECIO);
  // The second time, the sale still on the device counts: she owes two bags.
  await fiarUna(2 * PRECIO);
  // A third would pass her limit: the picker warns before paying (the server has the last word).
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, producto.codigo_barra);
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await page.locator('label').filter({ hasText: 'Fiado' }).click();
  await page.getByLabel('Buscar cliente').fill(nombre);
  await page
    .getByRole('list', { name: 'Clientes' })
    .getByRole('button', { name: new RegExp(nombre) })
    .click();
  await expect(page.getByText(`Con esta venta debería ${comoPesos(4 * PRECIO)}, más que su límite de $5.000.`)).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId('estado-conexion')).toHaveText('', { timeout: 30_000 });
  const cuenta = await (await request.get(`/api/clientes/${cliente.id_cliente}`, conToken(token))).json();
  expect(cuenta.saldo).toBe(3 * PRECIO);
});

// Issue 32: on a first visit the service worker installs with the app shell and the till (the rest
// of the app comes into its own cache right after), takes the open page over, and a reload with no
// connection finds the till instead of the browser's error page. Waits on the page being controlled,
// not on a time.
test('a first visit: the till is cached, the page taken over, and a reload with no connection finds the till', async ({
  page,
  context,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, {
    nombre: `Fideos Primera Visita ${sufijoUnico()}`,
    stock: 10,
    costo: 900,
  });
  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await expect(page.getByLabel('Código de barras')).toBeVisible();
  // The worker of this first visit takes this very page over once active (clientsClaim): no reload needed.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect.poll(() => catalogoTiene(page, producto.codigo_barra), { timeout: ESPERA_CATALOGO_MS }).toBe(true);
  // The rest of the app (not in the worker's install) reaches its own cache once it is active.
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('minimarket-resto')).keys()).some((r) => /exceljs/.test(r.url))), {
      timeout: 30_000,
    })
    .toBe(true);

  await context.setOffline(true);
  const recarga = await page.reload();
  expect(recarga?.fromServiceWorker()).toBe(true);
  await expect(page.getByLabel('Código de barras')).toBeVisible();
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión');
  // The till works from the device's catalogue.
  await page.getByLabel('Buscar producto por nombre, marca o código').fill(producto.nombre_producto);
  await expect(page.getByRole('button', { name: `Agregar ${producto.nombre_producto} al carrito` })).toBeVisible();
  await captura(page, 'primera-visita-sin-conexion-1366');

  // A screen outside the till, from the rest's cache: it opens offline too and says it needs internet.
  await page.goto('/visualizar/recomendaciones');
  await expect(page.getByTestId('aviso-sin-conexion')).toBeVisible();
});

// Issue 32: a sale made offline takes its units off the stock the till shows (the device's catalogue);
// back online the outbox sends it, says «1 venta enviada», and the stock shown is the server's.
test('a sale with no connection lowers the stock the till shows; sent, «1 venta enviada»', async ({ page, context, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Mermelada Stock ${sufijoUnico()}`, stock: 10, costo: 900 });
  await iniciarSesion(page, PYME);
  await cajaLista(page, producto.codigo_barra);
  const buscar = page.getByLabel('Buscar producto por nombre, marca o código');
  await buscar.fill(producto.nombre_producto);
  const fila = page.getByRole('row').filter({ hasText: producto.nombre_producto });
  await expect(fila).toContainText('En stock · 10');

  await context.setOffline(true);
  await expect(page.getByTestId('estado-conexion')).toHaveText('Sin conexión');
  await page.getByRole('button', { name: `Agregar ${producto.nombre_producto} al carrito` }).click();
  await pagar(page, PRECIO);
  await referenciaPendiente(page);
  // The search again (the list starts afresh after the payment screen): it reads the device's catalogue
  // again, not what it showed before the sale. One less on the shelf.
  await buscar.fill(producto.nombre_producto);
  await expect(fila).toContainText('En stock · 9');
  await expect(fila).not.toContainText('En stock · 10');

  await context.setOffline(false);
  await expect(page.getByText('1 venta enviada', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('estado-conexion')).toHaveText('');
  expect(await stockDe(request, token, producto.id_producto)).toBe(9);
  await expect(fila).toContainText('En stock · 9');
});
