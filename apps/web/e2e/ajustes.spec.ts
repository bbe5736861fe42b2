// Stock adjustments and the cost rule at the desk (issue #19): an owner who looks for "mermas"
// finds the page, records one, and sees it in the list and in the month's report; Agregar stock
// says the resulting unit cost before saving; a count from Inventario that a sale overtook.
// Expected figures are worked out here from the API's answers, not with the app's formatters.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  ARTEFACTOS,
  comoPesos,
  conToken,
  crearProducto,
  iniciarSesion,
  PYME,
  sufijoUnico,
  tiendaDe,
  type ProductoApi,
  venderPorApi,
} from './helpers';

async function productoPorId(request: APIRequestContext, token: string, id: number): Promise<ProductoApi> {
  const res = await request.get(`/api/productos/${id}`, conToken(token));
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** What the report says for one reason this month (zeros when nothing yet). */
async function mermasDelMes(request: APIRequestContext, token: string, idMinimarket: number) {
  const res = await request.get(`/api/ajustes-stock/informe?id_minimarket=${idMinimarket}`, conToken(token));
  expect(res.ok()).toBeTruthy();
  const informe = await res.json();
  const mes = informe.meses.find((m: { mes: string }) => m.mes === informe.hasta);
  const merma = mes?.por_tipo.find((t: { tipo: string }) => t.tipo === 'merma');
  return { unidades: (merma?.unidades ?? 0) as number, valor: (merma?.valor_costo ?? 0) as number };
}

/** -3 → '-3 unidades', as the report writes a count (thousands with a dot). */
const comoUnidades = (n: number) =>
  `${n < 0 ? '-' : n > 0 ? '+' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ${Math.abs(n) === 1 ? 'unidad' : 'unidades'}`;
/** A signed amount as the report writes it: '-$2.100', '+$600'. */
const comoPesosConSigno = (n: number) => (n > 0 ? `+${comoPesos(n)}` : comoPesos(n));
/** This month as the report names it: 'noviembre de 2026'. */
const esteMes = () => new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', month: 'long', year: 'numeric' }).format(new Date());

test('an owner looking for "mermas" records one and sees it in the list and in the month report', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const nombre = `Galletas Merma ${sufijoUnico()}`;
  const producto = await crearProducto(request, token, idMinimarket, { nombre, stock: 20, costo: 700 });
  const antes = await mermasDelMes(request, token, idMinimarket);

  await iniciarSesion(page, PYME);
  await page.getByRole('link', { name: 'POS', exact: true }).click();
  // The word a new owner looked for is on the tab.
  await page.getByRole('link', { name: /mermas/i }).click();
  await expect(page).toHaveURL(/\/pos\/ajustes$/);
  await expect(page.getByRole('heading', { name: 'Ajustes de stock y mermas' })).toBeVisible();

  await page.getByLabel('Buscar producto para ajustar').fill(nombre);
  await page.getByRole('button', { name: `Ajustar ${nombre}` }).click();
  const form = page.getByRole('form', { name: `Ajustar stock de ${nombre}` });
  await form.getByRole('radio', { name: /^Merma/ }).check();
  await form.getByLabel('Unidades que salen').fill('25');
  await form.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(form.getByText(`No se pueden descontar 25 unidades de "${nombre}": el stock actual es 20.`)).toBeVisible();
  await form.getByLabel('Unidades que salen').fill('3');
  await expect(form.getByTestId('vista-ajuste')).toHaveText('Stock en el sistema: 20 → queda en 17 (-3)');
  await form.getByLabel('Nota (opcional)').fill('Bolsas rotas al descargar');

  const resultado = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const graves = (await resultado).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(graves.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await form.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(page.getByText(`Ajuste guardado: ${nombre} quedó con 17 unidades.`)).toBeVisible();
  expect((await productoPorId(request, token, producto.id_producto)).stock).toBe(17);

  // The list: the newest first, with reason, units, the stock it left, its value at cost, the note and who.
  const lista = page.getByRole('table', { name: 'Ajustes de stock registrados' });
  const fila = lista.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toHaveCount(1);
  for (const texto of ['Merma', '-3', '20 → 17', comoPesos(-2100), `${comoPesos(700)} c/u`, 'Bolsas rotas al descargar', PYME.nombre]) {
    await expect(fila).toContainText(texto);
  }
  await page.getByLabel('Motivo', { exact: true }).selectOption('robo');
  await expect(page.getByRole('table', { name: 'Ajustes de stock registrados' }).getByRole('row').filter({ hasText: nombre })).toHaveCount(
    0,
  );
  await page.getByLabel('Motivo', { exact: true }).selectOption('merma');
  await expect(fila).toHaveCount(1);

  // The report: this month's Merma column grew by exactly this merma.
  const informe = page.getByRole('table', { name: 'Ajustes por mes y motivo' });
  const mes = informe.getByRole('row').filter({ hasText: esteMes() });
  const columnaMerma = mes.getByRole('cell').nth(2);
  await expect(columnaMerma).toContainText(comoUnidades(antes.unidades - 3));
  await expect(columnaMerma).toContainText(comoPesosConSigno(antes.valor - 2100));
  expect(await mermasDelMes(request, token, idMinimarket)).toEqual({ unidades: antes.unidades - 3, valor: antes.valor - 2100 });

  fs.mkdirSync(ARTEFACTOS, { recursive: true });
  await page.screenshot({ path: path.join(ARTEFACTOS, 'ajustes-1366x768.png'), fullPage: true });

  // On a phone the list is cards: each value with its label, nothing cut off at the right.
  await page.setViewportSize({ width: 390, height: 844 });
  const tarjeta = page.getByRole('list', { name: 'Ajustes de stock registrados' }).getByRole('listitem').filter({ hasText: nombre });
  await expect(tarjeta).toHaveCount(1);
  for (const texto of ['Valor a costo', comoPesos(-2100), 'Registró', PYME.nombre]) await expect(tarjeta).toContainText(texto);
  await page.screenshot({ path: path.join(ARTEFACTOS, 'ajustes-390.png'), fullPage: true });
});

test('Agregar stock shows the resulting unit cost (weighted average) before saving, then stores it', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const nombre = `Fideos Promedio ${sufijoUnico()}`;
  const producto = await crearProducto(request, token, idMinimarket, { nombre, stock: 12, costo: 1100 });

  await iniciarSesion(page, PYME, { en: '/pos/buscar-producto' });
  await page.getByLabel('Buscar en el inventario').fill(nombre);
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('button', { name: `Agregar stock a ${nombre}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Agregar stock' });
  await dialogo.getByLabel('Cantidad de unidades').fill('24');
  await dialogo.getByLabel('Costo total (con IVA)').fill('13.000');
  // 12 on hand at $1.100 and 24 for $13.000: (13.200 + 13.000) / 36 = 727,8 → $728, not the batch's $542.
  const vista = dialogo.getByTestId('vista-costo');
  await expect(vista).toContainText(`Costo unitario de esta compra: ${comoPesos(542)}`);
  await expect(vista).toContainText(`Costo unitario resultante: ${comoPesos(728)} (actual: ${comoPesos(1100)})`);
  await expect(vista).toContainText(
    `Promedio ponderado: (12 × ${comoPesos(1100)} + ${comoPesos(13000)}) / 36 unidades, redondeado al peso.`,
  );
  // Nothing is saved yet.
  expect((await productoPorId(request, token, producto.id_producto)).precio_compra_actual).toBe(1100);
  fs.mkdirSync(ARTEFACTOS, { recursive: true });
  await dialogo.screenshot({ path: path.join(ARTEFACTOS, 'agregar-stock-costo-promedio.png') });

  await dialogo.getByRole('button', { name: 'Agregar stock' }).click();
  await expect(dialogo).toBeHidden();
  await expect(fila).toContainText('En stock · 36');
  await expect(fila).toContainText(comoPesos(728));
  expect(await productoPorId(request, token, producto.id_producto)).toMatchObject({ stock: 36, precio_compra_actual: 728 });
});

test('a count from Inventario that a sale overtook is refused, shows the new stock, and is saved on the second try', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const nombre = `Té Conteo ${sufijoUnico()}`;
  const producto = await crearProducto(request, token, idMinimarket, { nombre, stock: 10, costo: 500 });

  await iniciarSesion(page, PYME, { en: '/pos/buscar-producto' });
  await page.getByLabel('Buscar en el inventario').fill(nombre);
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toContainText('En stock · 10');
  await fila.getByRole('button', { name: `Ajustar stock de ${nombre}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Ajustar stock' });
  await expect(dialogo.getByRole('radio', { name: /^Conteo/ })).toBeChecked();
  await dialogo.getByLabel('Cantidad contada en el estante').fill('8');

  // Meanwhile the counter sells one.
  await venderPorApi(request, token, idMinimarket, producto);

  await dialogo.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(
    dialogo.getByText(
      `El stock de "${nombre}" cambió mientras contabas: el sistema tenía 10 y ahora tiene 9. Revisa el conteo y guárdalo de nuevo.`,
    ),
  ).toBeVisible();
  await expect(dialogo.getByTestId('vista-ajuste')).toHaveText('Stock en el sistema: 9 → queda en 8 (-1)');
  fs.mkdirSync(ARTEFACTOS, { recursive: true });
  await dialogo.screenshot({ path: path.join(ARTEFACTOS, 'ajustar-stock-dialogo.png') });
  expect((await productoPorId(request, token, producto.id_producto)).stock).toBe(9);

  await dialogo.getByRole('button', { name: 'Guardar ajuste' }).click();
  await expect(dialogo).toBeHidden();
  await expect(fila).toContainText('En stock · 8');
  const ajustes = await (
    await request.get(`/api/ajustes-stock?id_minimarket=${idMinimarket}&id_producto=${producto.id_producto}`, conToken(token))
  ).json();
  expect(ajustes).toEqual([expect.objectContaining({ tipo: 'conteo', cantidad: -1, stock_anterior: 9, stock_resultante: 8 })]);
});
