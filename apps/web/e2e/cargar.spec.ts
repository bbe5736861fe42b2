import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { iniciarSesion, productoBarato, productoPorCodigo, PYME, PYME2, sufijoUnico, tiendaDe } from './helpers';

test('Cargar información: format check, Cancelar, a products CSV processed and listed in the history', async ({ page }) => {
  const sufijo = sufijoUnico();
  await iniciarSesion(page, PYME, { en: '/cargar/cargar-datos' });
  const continuar = page.getByRole('button', { name: 'Continuar' });
  await expect(continuar).toBeDisabled();

  // An unsupported file is refused.
  const selector = page.getByLabel('Seleccionar archivo');
  await selector.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await expect(page.getByText('Formato de archivo no soportado. Use: .csv, .xlsx, .xml').first()).toBeVisible();

  // A file and a type enable Continuar; Cancelar clears both.
  const csv = [
    'nombre_producto;categoria;precio_venta;stock;codigo_barra;precio_compra;descripcion;marca',
    `Té Verde Prueba ${sufijo};Abarrotes;1990;12;981${sufijo};1200;;Marca E2E`,
    `Café Prueba ${sufijo};Abarrotes;4590;6;982${sufijo};3100;Grano molido;Marca E2E`,
    `Fila mala ${sufijo};Categoría inventada;abc;1;983${sufijo};;;`,
  ].join('\n');
  const archivo = { name: `productos-${sufijo}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };
  await selector.setInputFiles(archivo);
  await expect(page.getByTestId('archivo-elegido')).toHaveText(archivo.name);
  await page.getByRole('radio', { name: 'Productos' }).check();
  await expect(continuar).toBeEnabled();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('archivo-elegido')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Productos' })).not.toBeChecked();
  await expect(continuar).toBeDisabled();

  // Upload for real.
  await selector.setInputFiles(archivo);
  await page.getByRole('radio', { name: 'Productos' }).check();
  await continuar.click();
  const resultado = page.getByTestId('ultima-carga');
  await expect(resultado.getByText('Con errores', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(resultado).toContainText('Productos cargados');
  // The rejected rows come back as a file to fix: the bad row with its reason, not the good ones.
  const [descarga] = await Promise.all([page.waitForEvent('download'), resultado.getByRole('button', { name: 'Descargar CSV' }).click()]);
  const rechazados = fs.readFileSync(await descarga.path(), 'utf8');
  expect(rechazados).toContain('motivo');
  expect(rechazados).toContain(`Fila mala ${sufijo}`);
  expect(rechazados).not.toContain(`Té Verde Prueba ${sufijo}`);

  // The history lists it with its row count; the detail dialog shows the rejected row.
  const fila = page.getByRole('table', { name: 'Historial de cargas recientes' }).getByRole('row').filter({ hasText: archivo.name });
  await expect(fila).toContainText('Productos');
  await expect(fila).toContainText('3');
  await fila.getByRole('button', { name: /Ver detalles/ }).click();
  const dialogo = page.getByRole('dialog', { name: 'Detalle de la carga' });
  await expect(dialogo).toContainText('Filas con errores');
  await dialogo.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialogo).toBeHidden();
});

test('Cargar información: the example dialogs and a template download', async ({ page }) => {
  await iniciarSesion(page, PYME, { en: '/cargar/cargar-datos' });
  await page.getByRole('radio', { name: 'Ventas' }).check();
  await page.getByRole('button', { name: 'Ejemplo CSV' }).click();
  const csv = page.getByRole('dialog', { name: /Ejemplo CSV/ });
  await expect(csv).toContainText('id_venta_csv,fecha_venta,metodo_pago,codigo_barra,num_unidades');
  // Every example has its template, the CSV one too.
  const descargaCsv = page.waitForEvent('download');
  await csv.getByRole('button', { name: 'Descargar plantilla' }).click();
  expect((await descargaCsv).suggestedFilename()).toBe('plantilla_ventas.csv');
  await csv.getByRole('button', { name: 'Entendido' }).click();

  await page.getByRole('button', { name: 'Ejemplo XML' }).click();
  const xml = page.getByRole('dialog', { name: /Ejemplo XML/ });
  await expect(xml).toContainText('<ventas>');
  await expect(xml.getByRole('button', { name: 'Copiar' })).toBeVisible();
  await xml.getByRole('button', { name: 'Entendido' }).click();

  await page.getByRole('button', { name: 'Ejemplo Excel' }).click();
  const excel = page.getByRole('dialog', { name: /Ejemplo Excel/ });
  const descarga = page.waitForEvent('download');
  await excel.getByRole('button', { name: 'Descargar plantilla' }).click();
  expect((await descarga).suggestedFilename()).toBe('plantilla_ventas.xlsx');
});

test('Cargar información: an upload that never reaches the server says so and keeps the file chosen', async ({ page }) => {
  await iniciarSesion(page, PYME, { en: '/cargar/cargar-datos' });
  await page.route(/\/api\/upload\/files\//, (route) => route.abort('connectionrefused'));
  const archivo = {
    name: 'sin-conexion.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('nombre_producto;categoria;precio_venta;codigo_barra\nPan;Panadería;990;7800000000017\n', 'utf8'),
  };
  await page.getByLabel('Seleccionar archivo').setInputFiles(archivo);
  await page.getByRole('radio', { name: 'Productos' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Error de conexión o configuración.')).toBeVisible();
  // Nothing was sent: the owner can try again with the same file.
  await expect(page.getByTestId('archivo-elegido')).toHaveText(archivo.name);
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
});

test('Cargar información: a big file shows the bytes sent, then the rows read moving in the history until it ends', async ({ page }) => {
  // 250.000 rows on a machine that may be running another suite beside this one: the test waits
  // on the import's states, for as long as a loaded machine needs, never on a fixed time.
  test.setTimeout(360_000);
  // The other shop, so its 250.000 new products stay out of the rest of the suite's way.
  await iniciarSesion(page, PYME2, { en: '/cargar/cargar-datos' });
  const filas = ['nombre_producto;categoria;precio_venta;stock;codigo_barra'];
  for (let i = 0; i < 250_000; i++) filas.push(`Producto en lote ${i};Abarrotes;1990;5;LT${String(i).padStart(9, '0')}`);
  const nombre = `lote-grande-${sufijoUnico()}.csv`;
  await page
    .getByLabel('Seleccionar archivo')
    .setInputFiles({ name: nombre, mimeType: 'text/csv', buffer: Buffer.from(filas.join('\n'), 'utf8') });
  await page.getByRole('radio', { name: 'Productos' }).check();

  // A shop's mobile connection: 2 MB/s up, so the ~14 MB take a few seconds to leave.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await page.getByRole('button', { name: 'Continuar' }).click();
  const subida = page.getByRole('progressbar', { name: /^Subiendo el archivo: .+ de 1\d,\d MB$/ });
  await expect(subida).toBeVisible();
  await expect.poll(async () => Number(await subida.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  // In the history the import shows how far it has got while it runs, then its result.
  const fila = page.getByRole('row').filter({ hasText: nombre });
  const avance = fila.getByRole('progressbar');
  await expect(avance).toHaveAccessibleName(/^Leídas [\d.]+ de ~[\d.]+ filas$|^Guardando 250\.000 filas\.\.\.$/, { timeout: 60_000 });
  await expect(fila).toContainText('Completado', { timeout: 300_000 });
  await expect(avance).toHaveCount(0);
  await expect(fila).toContainText('250.000');
});

test("Cargar información: a sales history says before and after that it does not move today's stock, and it does not", async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  const sufijo = sufijoUnico();
  const csv = [
    'id_venta_csv;fecha_venta;metodo_pago;codigo_barra;num_unidades',
    `H-${sufijo};2026-03-02 10:15:00;Efectivo;${producto.codigo_barra};2`,
  ].join('\n');

  await iniciarSesion(page, PYME, { en: '/cargar/cargar-datos' });
  await page
    .getByLabel('Seleccionar archivo')
    .setInputFiles({ name: `historial-${sufijo}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('radio', { name: 'Ventas' }).check();
  await expect(page.getByTestId('aviso-historial-stock')).toHaveText(
    'Las ventas que importas son historial: se suman a tus análisis, pero no descuentan el stock de hoy.',
  );
  await page.getByRole('button', { name: 'Continuar' }).click();
  const resultado = page.getByTestId('ultima-carga');
  await expect(resultado.getByText('Completado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(resultado).toContainText('Estas ventas son historial: no movieron el stock de hoy.');
  expect((await productoPorCodigo(request, token, idMinimarket, producto.codigo_barra))?.stock).toBe(producto.stock);
});
