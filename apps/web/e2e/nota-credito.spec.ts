// Issue 32: a nota de crédito is printed as its own document, not as the voided boleta. La Esquina
// issues boletas with the local stand-in; a card sale gets its folio; the void dialog says, before
// confirming, that a nota de crédito will annul that boleta; Transacciones offers «Imprimir nota de
// crédito», which prints «NOTA DE CRÉDITO ELECTRÓNICA N° …» with the boleta it references, its lines,
// amounts, timbre and the test legend; POS → BOLETAS shows per day the boletas, the notas and the net
// (the voided sale nets to $0) and prints the nota too; a return's dialog says it corrects the boleta;
// the receipt's title is the shop's sale number. The shop stops issuing boletas at the end.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import {
  ARTEFACTOS,
  comoPesos,
  contarImpresiones,
  conToken,
  impresiones,
  iniciarSesion,
  productoBarato,
  PYME2,
  rutValido,
  tiendaDe,
  venderPorApi,
} from './helpers';

/** How long the outbox's worker may take to bring a folio on a busy machine (it is polled, never slept). */
const ESPERA_FOLIO_MS = 90_000;
const LEYENDA_PRUEBA = 'DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII';

const EMISOR = {
  rut: rutValido(77_123_456),
  razon_social: 'Almacén La Esquina Ltda.',
  giro: 'Venta al por menor en almacenes de barrio',
  acteco: '472101',
  direccion: 'Pasaje Las Lilas 45',
  comuna: 'Maipú',
  resolucion_numero: 80,
  resolucion_anio: 2014,
  proveedor: 'simulador',
};

let limpiar: { token: string; idMinimarket: number } | null = null;
test.beforeAll(() => fs.mkdirSync(ARTEFACTOS, { recursive: true }));
test.afterEach(async ({ request }) => {
  if (!limpiar) return;
  const { token, idMinimarket } = limpiar;
  limpiar = null;
  const res = await request.put('/api/boletas/emisor', {
    ...conToken(token),
    data: { id_minimarket: idMinimarket, ...EMISOR, emitir: false },
  });
  expect(res.ok()).toBeTruthy();
});

/** The sale's boleta once the worker gave it its folio. */
async function folioDeBoleta(request: APIRequestContext, token: string, idVenta: number): Promise<number> {
  let folio: number | null = null;
  await expect
    .poll(
      async () => {
        const b = await (await request.get(`/api/ventas/${idVenta}/boleta`, conToken(token))).json();
        folio = b.boleta_electronica?.folio ?? null;
        return folio;
      },
      { timeout: ESPERA_FOLIO_MS },
    )
    .not.toBeNull();
  return folio!;
}

/** The sale's notas de crédito once each has its folio and timbre. */
async function notasEmitidas(request: APIRequestContext, token: string, idMinimarket: number, idVenta: number, cuantas: number) {
  let notas: Array<{ id_documento: number; folio: number; total: number; ted: string | null }> = [];
  await expect
    .poll(
      async () => {
        notas = await (
          await request.get(`/api/boletas/notas-credito?id_minimarket=${idMinimarket}&id_venta=${idVenta}`, conToken(token))
        ).json();
        return notas.length === cuantas && notas.every((n) => n.folio !== null && n.ted !== null);
      },
      { timeout: ESPERA_FOLIO_MS },
    )
    .toBe(true);
  return notas;
}

/** Transacciones with the sale found by its number and its detail open. */
async function abrirVenta(page: Page, venta: { id_venta: number; numero_venta: number }) {
  await page.goto('/pos/transacciones');
  await page.getByLabel('N° de venta').fill(String(venta.numero_venta));
  await page.getByRole('button', { name: 'Buscar' }).click();
  const fila = page.getByTestId(`venta-${venta.id_venta}`);
  await expect(fila).toBeVisible();
  await page.getByRole('button', { name: `Ver detalle de la venta N° ${venta.numero_venta}` }).click();
  return page.getByRole('group', { name: `Acciones de la venta N° ${venta.numero_venta}` });
}

test('a voided sale’s nota de crédito: said before confirming, printed as its own document, netted per day', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { token, idMinimarket } = await tiendaDe(request, PYME2);
  const producto = await productoBarato(request, token, idMinimarket);
  const guardado = await request.put('/api/boletas/emisor', {
    ...conToken(token),
    data: { id_minimarket: idMinimarket, ...EMISOR, emitir: true },
  });
  expect(guardado.ok(), await guardado.text()).toBeTruthy();
  limpiar = { token, idMinimarket };

  const venta = await venderPorApi(request, token, idMinimarket, producto, { unidades: 2, metodo: 'Tarjeta de Débito' });
  const folioBoleta = await folioDeBoleta(request, token, venta.id_venta);

  // The receipt is titled with the shop's number for the sale, never its internal id.
  await iniciarSesion(page, PYME2, { en: `/pos/comprobante/${venta.id_venta}` });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Comprobante · Venta N° ${venta.numero_venta}`);
  await expect(page).toHaveTitle(new RegExp(`^Comprobante · Venta N° ${venta.numero_venta} `));

  // The void dialog says the nota de crédito before confirming.
  const acciones = await abrirVenta(page, venta);
  await acciones.getByRole('button', { name: 'Anular venta' }).click();
  const dialogo = page.getByRole('dialog', { name: `Anular venta N° ${venta.numero_venta}` });
  await dialogo.getByLabel('Motivo de la anulación').fill('El cliente se arrepintió');
  await dialogo.getByRole('button', { name: 'Continuar' }).click();
  await expect(dialogo.getByTestId('aviso-nota-credito')).toHaveText(
    `Se emitirá una nota de crédito por ${comoPesos(venta.total)} que anula la boleta electrónica N° ${folioBoleta}.`,
  );
  await dialogo.getByRole('button', { name: 'Sí, anular venta' }).click();
  await expect(dialogo).toBeHidden();
  const [nota] = await notasEmitidas(request, token, idMinimarket, venta.id_venta, 1);
  expect(nota!.total).toBe(venta.total);

  // Transacciones: «Imprimir nota de crédito N° …» beside the receipt's button, for the nota's own paper.
  const accionesAnulada = await abrirVenta(page, venta);
  const enlace = accionesAnulada.getByRole('link', { name: `Imprimir nota de crédito N° ${nota!.folio}` });
  await expect(enlace).toBeVisible();
  await enlace.click();
  await expect(page).toHaveURL(new RegExp(`/pos/comprobante/nota-credito-${nota!.id_documento}\\?tienda=${idMinimarket}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Nota de crédito N° ${nota!.folio} · Venta N° ${venta.numero_venta}`);
  const papel = page.getByTestId('nota-credito');
  await expect(papel.getByTestId('boleta-encabezado')).toHaveText(`NOTA DE CRÉDITO ELECTRÓNICA N° ${nota!.folio}`);
  await expect(papel.getByTestId('nota-referencia')).toHaveText(
    new RegExp(`^Referencia: Boleta electrónica N° ${folioBoleta} del \\d{2}-\\d{2}-\\d{4}$`),
  );
  for (const texto of [
    EMISOR.razon_social,
    'Motivo: Anula la boleta (venta anulada)',
    `Venta N° ${venta.numero_venta}`,
    producto.nombre_producto,
  ]) {
    await expect(papel).toContainText(texto);
  }
  await expect(papel.getByTestId('nota-total')).toHaveText(comoPesos(venta.total));
  await expect(papel.getByTestId('leyenda-prueba').first()).toHaveText(LEYENDA_PRUEBA);
  // The timbre (PDF417, the boleta's component) is drawn before printing; then the print button prints once.
  const timbre = papel.getByTestId('boleta-timbre').getByRole('img');
  await expect(timbre).toBeVisible();
  const imprimir = page.getByRole('button', { name: 'Imprimir nota de crédito' });
  await expect(imprimir).toBeEnabled();
  await expect(imprimir).toBeFocused();
  await contarImpresiones(page);
  await page.keyboard.press('Enter');
  expect(await impresiones(page)).toBe(1);
  // No serious or critical axe finding on the nota's page.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: path.join(ARTEFACTOS, 'nota-credito-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTEFACTOS, 'nota-credito-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // POS → BOLETAS, «Emitidos por día»: boletas and notas apart, the net as the API counts it.
  await page.goto('/pos/boletas');
  const lista = await (await request.get(`/api/boletas/documentos?id_minimarket=${idMinimarket}`, conToken(token))).json();
  const hoy = lista.por_dia[0] as {
    dia: string;
    boletas: number;
    notas_credito: number;
    monto_boletas: number;
    monto_notas_credito: number;
    neto: number;
  };
  expect(hoy.notas_credito).toBeGreaterThanOrEqual(1);
  expect(hoy.neto).toBe(hoy.monto_boletas - hoy.monto_notas_credito);
  const dia = page.getByTestId(`emitidos-${hoy.dia}`);
  await expect(dia.getByTestId('boletas-dia')).toHaveText(String(hoy.boletas));
  await expect(dia.getByTestId('notas-dia')).toHaveText(String(hoy.notas_credito));
  await expect(dia.getByTestId('neto-dia')).toHaveText(comoPesos(hoy.neto));
  // The list prints the nota as its own paper too.
  const filaNota = page.getByTestId(`documento-${nota!.id_documento}`);
  await filaNota.getByRole('link', { name: `Imprimir nota de crédito N° ${nota!.folio}, venta N° ${venta.numero_venta}` }).click();
  await expect(page.getByTestId('nota-credito').getByTestId('boleta-encabezado')).toHaveText(
    `NOTA DE CRÉDITO ELECTRÓNICA N° ${nota!.folio}`,
  );
  await page.goto('/pos/boletas');
  await expect(page.getByTestId(`emitidos-${hoy.dia}`)).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFACTOS, 'boletas-por-dia-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone the six columns scroll inside their box; the page never does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(ARTEFACTOS, 'boletas-por-dia-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // A return: its dialog says the nota corrects the boleta by what comes back.
  const otra = await venderPorApi(request, token, idMinimarket, producto, { unidades: 2, metodo: 'Tarjeta de Débito' });
  const folioOtra = await folioDeBoleta(request, token, otra.id_venta);
  const accionesOtra = await abrirVenta(page, otra);
  await accionesOtra.getByRole('button', { name: 'Devolver productos' }).click();
  const devolver = page.getByRole('dialog', { name: `Devolver productos de la venta N° ${otra.numero_venta}` });
  await devolver.getByLabel(producto.nombre_producto).fill('1');
  await devolver.getByLabel('Motivo de la devolución').fill('Venía abierto');
  await devolver.getByRole('button', { name: 'Continuar' }).click();
  await expect(devolver.getByTestId('aviso-nota-credito')).toHaveText(
    `Se emitirá una nota de crédito por ${comoPesos(producto.precio_venta_actual)} que corrige la boleta electrónica N° ${folioOtra}.`,
  );
  await devolver.getByRole('button', { name: 'Sí, devolver productos' }).click();
  await expect(devolver).toBeHidden();
  const [notaDev] = await notasEmitidas(request, token, idMinimarket, otra.id_venta, 1);
  expect(notaDev!.total).toBe(producto.precio_venta_actual);
});
