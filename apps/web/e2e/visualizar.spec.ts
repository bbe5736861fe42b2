// Visualizar on the demo shop: every page shows the figures the analytics API gives for the same
// filters (asked here with the page's own account), the filters live in the URL, the cards turn by
// keyboard, the tables download and parse back, and the monthly report prints without the app around it.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import Papa from 'papaparse';
import { formatPeso } from '@minimarket/contracts/granel';
import { comoPesos, conToken, iniciarSesion, PYME, tokenApi } from './helpers';

/** 1234567 → '1.234.567', written out here rather than with the app's formatter. */
const miles = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** Today in Santiago as 'YYYY-MM-DD', and a day moved by whole days. */
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
const mover = (dia: string, dias: number) => {
  const f = new Date(`${dia}T00:00:00Z`);
  f.setUTCDate(f.getUTCDate() + dias);
  return f.toISOString().slice(0, 10);
};

async function api<T>(request: APIRequestContext, token: string, ruta: string): Promise<T> {
  const res = await request.get(`/api/analitica/${ruta}`, conToken(token));
  expect(res.ok(), `${ruta}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

interface Resumen {
  ventas: number;
  ingresos: number;
  unidades: number;
  gramos: number;
  anterior: { ventas: number };
}

let token: string;
test.beforeEach(async ({ page, request }) => {
  token = await tokenApi(request, PYME);
  await iniciarSesion(page, PYME);
});

async function listo(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Cargando...' })).toHaveCount(0);
}

test('Tarjetas shows the API’s figures for the URL’s filters, keeps them on reload and turns by keyboard', async ({ page, request }) => {
  const hasta = mover(hoy(), -1);
  const desde = mover(hasta, -13);
  await page.goto(`/visualizar/tarjetas?desde=${desde}&hasta=${hasta}`);
  const r = await api<Resumen>(request, token, `resumen?desde=${desde}&hasta=${hasta}`);
  expect(r.ventas).toBeGreaterThan(0);
  await expect(page.locator('[data-indicador="ventas"]')).toHaveText(miles(r.ventas));
  await expect(page.locator('[data-indicador="ingresos"]')).toHaveText(comoPesos(r.ingresos));

  // A category filter goes into the URL and the figures follow it.
  await page.getByLabel('Categoría').selectOption('Panadería');
  await expect(page).toHaveURL(/categoria=Panader/);
  const pan = await api<Resumen>(request, token, `resumen?desde=${desde}&hasta=${hasta}&categoria=Panader%C3%ADa`);
  await expect(page.locator('[data-indicador="ventas"]')).toHaveText(miles(pan.ventas));

  await page.reload();
  await expect(page.getByLabel('Categoría')).toHaveValue('Panadería');
  await expect(page.getByLabel('Desde')).toHaveValue(`${desde.slice(8)}-${desde.slice(5, 7)}-${desde.slice(0, 4)}`);
  await expect(page.locator('[data-indicador="ventas"]')).toHaveText(miles(pan.ventas));

  // A card is a button: Enter turns it to its meaning, Space turns it back.
  const tarjeta = page.getByRole('button', { name: /^Ventas: mostrar qué significa/ });
  await tarjeta.focus();
  await page.keyboard.press('Enter');
  const volteada = page.getByRole('button', { name: /^Ventas: mostrar la cifra/ });
  await expect(volteada).toHaveAttribute('aria-pressed', 'true');
  await expect(volteada).toContainText('Cuántas boletas');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: /^Ventas: mostrar qué significa/ })).toHaveAttribute('aria-pressed', 'false');
});

test('Recomendaciones lists the API’s products and links a reorder to Agregar stock', async ({ page, request }) => {
  const r = await api<{ reponer: Array<{ nombre_producto: string; sugerido: number }>; abc: unknown[] }>(request, token, 'recomendaciones');
  await page.goto('/visualizar/recomendaciones');
  await listo(page);
  for (const t of ['Reponer pronto', 'Más vendidos', 'Sin ventas', 'Margen bajo', 'Horas peak', 'Clasificación ABC']) {
    await expect(page.getByRole('heading', { name: t })).toBeVisible();
  }
  expect(r.reponer.length).toBeGreaterThan(0);
  const primero = r.reponer[0];
  const tabla = page.getByRole('table', { name: 'Productos para reponer' });
  await expect(tabla.getByRole('row').nth(1)).toContainText(primero.nombre_producto);
  await tabla.getByRole('link', { name: `Agregar stock: ${primero.nombre_producto}` }).click();
  await expect(page).toHaveURL(/\/pos\/buscar-producto\?producto=\d+&accion=agregar-stock$/);
  await expect(page.getByRole('dialog')).toContainText(primero.nombre_producto);
  // Closing it drops the request, so a reload does not open it again.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/pos\/buscar-producto\?producto=\d+$/);
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('Gráficos, Listas, Mapas de calor and Dashboards show the API’s figures', async ({ page, request }) => {
  const porCategoria = await api<Array<{ categoria: string; ingresos: number }>>(request, token, 'por-categoria');
  await page.goto('/visualizar/datos-brutos/graficos');
  await listo(page);
  await expect(page.getByRole('img', { name: /^Ingresos por categoría/ })).toBeVisible();
  await page.getByText('Ver como tabla y descargar').nth(1).click();
  const tablaCat = page.getByRole('table', { name: 'Ventas por categoría' });
  await expect(tablaCat.getByRole('row').nth(1)).toContainText(porCategoria[0].categoria);
  await expect(tablaCat.getByRole('row').nth(1)).toContainText(comoPesos(porCategoria[0].ingresos));

  const ranking = await api<Array<{ nombre_producto: string; ingresos: number }>>(request, token, 'ranking?por=ingresos&limite=10');
  await page.goto('/visualizar/datos-brutos/listas');
  const tablaRanking = page.getByRole('table', { name: /Más vendidos por ingresos/ });
  await expect(tablaRanking.getByRole('row').nth(1)).toContainText(ranking[0].nombre_producto);
  await expect(tablaRanking.getByRole('row').nth(1)).toContainText(comoPesos(ranking[0].ingresos));
  // A table drawn here downloads with the same numbers.
  const [descarga] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('group', { name: 'Descargar el ranking de productos' }).getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await descarga.path())!, 'utf8').replace(/^\ufeff/, '');
  const filas = Papa.parse<string[]>(csv.trim(), { delimiter: ';' }).data;
  // The quantity in the product's own measure (kilos with a decimal comma for a kg product) and its unit.
  expect(filas[0]).toEqual(['N°', 'Producto', 'Categoría', 'Cantidad', 'Unidad', 'Ingresos']);
  expect(filas.length - 1).toBe(ranking.length);
  expect(filas[1][1]).toBe(ranking[0].nombre_producto);
  expect(Number(filas[1][5])).toBe(ranking[0].ingresos);

  const celdas = await api<Array<{ dia_semana: number; hora: number; ventas: number }>>(request, token, 'mapa-calor');
  expect(celdas).toHaveLength(168);
  const pico = celdas.reduce((a, b) => (b.ventas > a.ventas ? b : a));
  await page.goto('/visualizar/datos-brutos/mapas-calor');
  const mapa = page.getByRole('table', { name: /por día de la semana \(filas\) y hora \(columnas\)/ });
  await expect(mapa.getByRole('row')).toHaveCount(8);
  await expect(mapa.getByRole('row').nth(pico.dia_semana).getByRole('cell').nth(pico.hora)).toHaveText(miles(pico.ventas));

  const r = await api<Resumen>(request, token, 'resumen');
  await page.goto('/visualizar/datos-brutos/dashboards');
  await expect(page.locator('[data-indicador="ingresos"]')).toHaveText(comoPesos(r.ingresos));
  await expect(page.getByRole('table', { name: 'Indicadores del período y del anterior' })).toContainText(miles(r.anterior.ventas));
});

test('the cube turns by keyboard and shows the face in front as a table summing to the period’s revenue', async ({ page, request }) => {
  const r = await api<Resumen>(request, token, 'resumen');
  await page.goto('/visualizar/cubo');
  await listo(page);
  await expect(page.getByRole('heading', { name: 'Pesos (ingresos) por categoría × día' })).toBeVisible();
  await expect(page.getByText(`Total: ${comoPesos(r.ingresos)}`)).toBeVisible();
  const cubo = page.getByRole('group', { name: /^Cubo de ventas/ });
  await cubo.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('heading', { name: 'Pesos (ingresos) por categoría × hora' })).toBeVisible();
  await page.getByLabel('Medida').selectOption('unidades');
  await page.getByRole('button', { name: 'Día × Hora' }).click();
  await expect(page.getByRole('heading', { name: 'Unidades (sin granel) por día × hora' })).toBeVisible();
  await expect(page.getByText(`Total: ${miles(r.unidades)}`)).toBeVisible();
  // What is sold by weight is its own measure, in kilos: the demo sells bread and cold cuts by the kilo.
  expect(r.gramos).toBeGreaterThan(0);
  await page.getByLabel('Medida').selectOption('gramos');
  await expect(page.getByRole('heading', { name: 'Kilos (a granel) por día × hora' })).toBeVisible();
  await expect(page.getByText(`Total: ${formatPeso(r.gramos)}`)).toBeVisible();
});

test('Tablas pages on the server, sorts, and downloads the whole filtered set as CSV and XLSX', async ({ page, request }) => {
  const hasta = mover(hoy(), -1);
  const desde = mover(hasta, -2);
  const filtro = `desde=${desde}&hasta=${hasta}&metodo_pago=Efectivo`;
  const res = await request.get(`/api/analitica/lineas?${filtro}&orden=subtotal&direccion=desc&limit=1`, conToken(token));
  const total = Number(res.headers()['x-total-count']);
  const [mayor] = (await res.json()) as Array<{ nombre_producto: string; subtotal: number }>;
  expect(total).toBeGreaterThan(0);

  await page.goto(`/visualizar/datos-brutos/tablas?${filtro}`);
  await expect(page.getByRole('heading', { name: /Líneas de venta/ })).toContainText(`${miles(total)} línea`);
  const tabla = page.getByRole('table', { name: 'Líneas de venta del rango' });
  await tabla.getByRole('button', { name: /^Subtotal/ }).click();
  await expect(tabla.getByRole('columnheader', { name: /Subtotal/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(tabla.getByRole('row').nth(1)).toContainText(comoPesos(mayor.subtotal));

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV' }).click()]);
  const texto = fs.readFileSync((await csv.path())!, 'utf8').replace(/^\ufeff/, '');
  const filas = Papa.parse<string[]>(texto.trim(), { delimiter: ';' }).data;
  expect(filas[0][0]).toBe('N° venta');
  expect(filas.length - 1).toBe(total);
  expect(filas.slice(1).every((f) => f[5] === 'Efectivo')).toBe(true);

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile((await xlsx.path())!);
  expect(libro.worksheets[0].actualRowCount - 1).toBe(total);
});

test('the monthly report shows the API’s month and prints without the app’s chrome', async ({ page, request }) => {
  const [a, m] = hoy().split('-').map(Number);
  const anterior = new Date(Date.UTC(a, m - 2, 1)).toISOString().slice(0, 7);
  const inf = await api<{ actual: { ventas: number; ingresos: number } }>(request, token, `informe?mes=${anterior}`);
  expect(inf.actual.ventas).toBeGreaterThan(0);
  await page.goto(`/visualizar/datos-brutos/informes?mes=${anterior}`);
  const informe = page.getByRole('article', { name: /Informe de ventas de/ });
  await expect(informe).toBeVisible();
  const resumen = informe.getByRole('table', { name: 'Resumen del mes y del mes anterior' });
  await expect(resumen.getByRole('row', { name: /^Ventas/ })).toContainText(miles(inf.actual.ventas));
  await expect(resumen.getByRole('row', { name: /^Ingresos/ })).toContainText(comoPesos(inf.actual.ingresos));

  const imprimir = page.getByRole('button', { name: 'Imprimir o guardar como PDF' });
  await expect(imprimir).toBeEnabled();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('complementary', { name: 'Menú principal' })).toBeHidden();
  await expect(page.getByRole('banner').first()).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Secciones de Visualizar Información' })).toBeHidden();
  await expect(imprimir).toBeHidden();
  await expect(informe).toBeVisible();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await page.emulateMedia({ media: 'screen' });
  await expect(imprimir).toBeVisible();
});

test('Inicio highlights the most urgent reorders and the dead stock, and leads to Recomendaciones', async ({ page, request }) => {
  const r = await api<{ reponer: Array<{ nombre_producto: string }>; sin_ventas: Array<{ nombre_producto: string }> }>(
    request,
    token,
    'recomendaciones',
  );
  await page.goto('/inicio/inicio');
  await listo(page);
  await expect(page.getByText(r.reponer[0].nombre_producto, { exact: true })).toBeVisible();
  if (r.sin_ventas.length > 0) await expect(page.getByText(r.sin_ventas[0].nombre_producto, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'IR A RECOMENDACIONES' }).click();
  await expect(page).toHaveURL(/\/visualizar\/recomendaciones$/);

  await page.goto('/inicio/recursos#leer-recomendaciones');
  await expect(page.getByRole('article', { name: 'Lee tus recomendaciones' })).toBeVisible();
  await page.goto('/inicio/actualizaciones');
  await expect(page.getByRole('heading', { name: 'Alertas de stock' })).toBeVisible();
});
