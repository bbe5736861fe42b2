// The electronic boleta (issue #23, docs/boleta.md) at the counter: the owner turns boletas on with
// the local stand-in through Configuración, sells, and the receipt says «Boleta en proceso» until the
// worker brings the folio, then prints «BOLETA ELECTRÓNICA N° …» with the issuer and the timbre
// (screenshots at 58 and 80 mm in e2e-artifacts/). With the stand-in down the counter keeps selling
// and POS → BOLETAS shows the sale's boleta pending. The shop is left without boletas at the end, so
// the other specs keep printing «no válido como boleta». Also: «Exento de IVA» in the product forms.
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
  productoPorCodigo,
  PYME,
  rafagaDeEscaner,
  rutValido,
  sufijoUnico,
  tiendaDe,
  type ProductoApi,
} from './helpers';

const MM_A_PX = 96 / 25.4;
/** The stand-in's control port (the API starts it; playwright.config.ts picks the port). */
const SIMULADOR = `http://127.0.0.1:${process.env.DTE_SIMULADOR_PORT ?? 8031}`;
/** The key the stand-in accepts unless told otherwise (apps/api/src/modules/dte/simulador.ts). */
const API_KEY_SIMULADOR = 'simulador-boletas-local';
/** How long the outbox's worker may take to bring a folio on a busy machine (it is polled, never slept). */
const ESPERA_FOLIO_MS = 90_000;

const EMISOR = {
  rut: rutValido(76_543_210),
  razon_social: 'Comercial Don Pepe SpA',
  giro: 'Venta al por menor en almacenes de barrio',
  direccion: 'Av. Los Aromos 1234',
  comuna: 'Ñuñoa',
  resolucion_numero: 80,
  resolucion_anio: 2014,
};

/** '76543210-3' → '76.543.210-3', written out here, not with the app's own formatter. */
const rutConPuntos = (rut: string) => {
  const [cuerpo, dv] = rut.split('-');
  return `${cuerpo!.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${dv}`;
};

async function modoSimulador(request: APIRequestContext, modo: { tipo: 'normal' } | { tipo: 'caido' }) {
  const res = await request.post(`${SIMULADOR}/__simulador/modo`, { data: modo });
  expect(res.ok(), `el simulador de boletas debe escuchar en ${SIMULADOR}`).toBeTruthy();
}

/** One unit of the product at Nueva venta, in cash with a $5.000 bill; the API's answer. */
async function venderUno(page: Page, producto: ProductoApi) {
  await page.goto('/pos/nueva-venta');
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, producto.codigo_barra);
  await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  await page.getByLabel('Monto recibido').fill('$5.000');
  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: /Finalizar venta/ }).click();
  const res = await respuesta;
  // The sale never waits for the provider: it is stored (201) whatever the stand-in does.
  expect(res.status()).toBe(201);
  const venta = (await res.json()) as { id_venta: number; numero_venta: number; total: number };
  await expect(page.getByText('Venta registrada exitosamente.')).toBeVisible();
  return venta;
}

let limpiar: { token: string; idMinimarket: number } | null = null;

test.beforeAll(() => fs.mkdirSync(ARTEFACTOS, { recursive: true }));

// Whatever happened, the stand-in answers again and the shop stops issuing boletas.
test.afterEach(async ({ request }) => {
  if (!limpiar) return;
  const { token, idMinimarket } = limpiar;
  limpiar = null;
  await request.post(`${SIMULADOR}/__simulador/modo`, { data: { tipo: 'normal' } }).catch(() => undefined);
  const emisor = await (await request.get(`/api/boletas/emisor?id_minimarket=${idMinimarket}`, conToken(token))).json();
  if (!emisor.configurado || !emisor.emitir) return;
  const res = await request.put('/api/boletas/emisor', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      rut: emisor.rut,
      razon_social: emisor.razon_social,
      giro: emisor.giro,
      direccion: emisor.direccion,
      comuna: emisor.comuna,
      codigo_sucursal: emisor.codigo_sucursal ?? '',
      resolucion_numero: emisor.resolucion_numero,
      resolucion_anio: emisor.resolucion_anio,
      proveedor: emisor.proveedor,
      emitir: false,
    },
  });
  expect(res.ok()).toBeTruthy();
});

test('boletas with the stand-in: enable in Configuración, «Boleta en proceso» then the folio and the timbre, an outage leaves sales working and the boleta pending', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await productoBarato(request, token, idMinimarket);
  await modoSimulador(request, { tipo: 'normal' });
  limpiar = { token, idMinimarket };

  // Configuración → «Boleta electrónica», as the owner fills it.
  await iniciarSesion(page, PYME, { en: '/configuracion' });
  const form = page.getByRole('form', { name: 'Boleta electrónica' });
  await expect(form).toBeVisible();
  // The browser refuses a RUT with a wrong check digit in the contract's words.
  await form.getByLabel('RUT del emisor').fill('12.345.678-9');
  await form.getByLabel('Razón social').fill(EMISOR.razon_social);
  await form.getByRole('button', { name: 'Actualizar boleta electrónica' }).click();
  await expect(form.getByText('El RUT del emisor no es válido (revisa el dígito verificador).')).toBeVisible();

  await form.getByLabel('RUT del emisor').fill(rutConPuntos(EMISOR.rut));
  await form.getByRole('textbox', { name: 'Giro', exact: true }).fill(EMISOR.giro);
  await form.getByLabel('Código de actividad económica (Acteco)').fill('472101');
  await form.getByRole('textbox', { name: 'Dirección', exact: true }).fill(EMISOR.direccion);
  await form.getByRole('textbox', { name: 'Comuna', exact: true }).fill(EMISOR.comuna);
  await form.getByLabel('Código de sucursal SII').fill('');
  await form.getByRole('textbox', { name: 'Número', exact: true }).fill(String(EMISOR.resolucion_numero));
  await form.getByRole('textbox', { name: 'Año', exact: true }).fill(String(EMISOR.resolucion_anio));
  await form.getByRole('combobox', { name: 'Proveedor', exact: true }).selectOption('simulador');
  await expect(form.getByText('Simulador local: las boletas no son válidas ante el SII.')).toBeVisible();
  const apiKey = form.getByLabel('API key del proveedor');
  await expect(apiKey).toHaveAttribute('type', 'password');
  await apiKey.fill(API_KEY_SIMULADOR);
  await form.getByLabel('Emitir boletas electrónicas').check();
  const guardado = page.waitForResponse((r) => r.url().includes('/api/boletas/emisor') && r.request().method() === 'PUT');
  await form.getByRole('button', { name: 'Actualizar boleta electrónica' }).click();
  expect((await guardado).status()).toBe(200);
  await expect(page.getByText('Configuración guardada.')).toBeVisible();
  // The key is write-only: the form says it is stored and shows nothing of it.
  await expect(form.getByText('Guardada', { exact: true })).toBeVisible();
  await expect(apiKey).toHaveValue('');
  const emisor = await (await request.get(`/api/boletas/emisor?id_minimarket=${idMinimarket}`, conToken(token))).json();
  expect(emisor).toMatchObject({ ...EMISOR, proveedor: 'simulador', emitir: true, tiene_api_key: true, configurado: true });
  expect(JSON.stringify(emisor)).not.toContain(API_KEY_SIMULADOR);

  // A sale; its receipt from «Imprimir comprobante».
  const venta = await venderUno(page, producto);
  await page.getByRole('link', { name: 'Imprimir comprobante' }).click();
  await expect(page).toHaveURL(new RegExp(`/pos/comprobante/${venta.id_venta}$`));
  const recibo = page.getByTestId('comprobante');
  const enProceso = recibo.getByTestId('boleta-en-proceso');
  const encabezado = recibo.getByTestId('boleta-encabezado');
  await expect(enProceso.or(encabezado)).toBeVisible();
  // Read in one go: the folio may arrive at any moment and change the sheet between two separate reads.
  const antesDelFolio = await recibo.evaluate((hoja) => {
    const aviso = hoja.querySelector('[data-testid="boleta-en-proceso"]');
    return aviso && { aviso: aviso.textContent, texto: hoja.textContent ?? '' };
  });
  if (antesDelFolio) {
    // Before its folio the paper is still the sale's receipt, with its legend.
    expect(antesDelFolio.aviso).toBe('Boleta en proceso');
    expect(antesDelFolio.texto).toContain('Comprobante de venta — no válido como boleta');
    await recibo.screenshot({ path: path.join(ARTEFACTOS, 'boleta-en-proceso.png') });
  }
  // The page asks again by itself: no reload here.
  await expect(encabezado).toHaveText(/^BOLETA ELECTRÓNICA N° \d+$/, { timeout: ESPERA_FOLIO_MS });
  await expect(enProceso).toHaveCount(0);

  const boleta = await (await request.get(`/api/ventas/${venta.id_venta}/boleta`, conToken(token))).json();
  const be = boleta.boleta_electronica;
  expect(be.folio).toBeGreaterThan(0);
  expect(be.tipo).toBe(39);
  expect(boleta.leyenda).toBeNull();
  await expect(encabezado).toHaveText(`BOLETA ELECTRÓNICA N° ${be.folio}`);
  for (const texto of [
    // As written (the sheet shows it in capitals through CSS only).
    EMISOR.razon_social,
    `RUT ${rutConPuntos(EMISOR.rut)}`,
    EMISOR.giro,
    EMISOR.direccion,
    EMISOR.comuna,
    producto.nombre_producto,
    `1 x ${comoPesos(producto.precio_venta_actual)}`,
    'Timbre Electrónico SII',
    `Res. ${EMISOR.resolucion_numero} de ${EMISOR.resolucion_anio}`,
    'Verifique documento: www.sii.cl',
  ]) {
    await expect(recibo).toContainText(texto);
  }
  await expect(recibo).not.toContainText('no válido como boleta');
  // The stand-in's folio is not SII's: the paper says so, framed (under the header, over the timbre) and stamped across.
  expect(boleta.de_prueba).toBe(true);
  expect(be.de_prueba).toBe(true);
  await expect(recibo.getByTestId('leyenda-prueba')).toHaveText([
    'DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII',
    'DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII',
  ]);
  await expect(recibo.getByTestId('sello-prueba')).toBeVisible();
  await expect(recibo.getByTestId('comprobante-neto')).toHaveText(comoPesos(be.neto));
  await expect(recibo.getByTestId('comprobante-iva-19-')).toHaveText(comoPesos(be.iva));
  await expect(recibo.getByTestId('comprobante-total')).toHaveText(comoPesos(venta.total));
  expect(be.neto + be.iva + be.exento).toBe(venta.total);
  // The timbre: the PDF417 drawn from the TED (an <img> of an SVG once its encoder has loaded).
  const timbre = recibo.getByTestId('timbre-pdf417');
  await expect(timbre).toBeAttached();
  if ((await timbre.evaluate((el) => el.tagName)) === 'IMG') {
    await expect.poll(() => timbre.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }

  // Reprinting works, once the timbre is drawn.
  const botonImprimir = page.getByRole('button', { name: 'Imprimir comprobante' });
  await expect(botonImprimir).toBeEnabled();
  await contarImpresiones(page);
  await botonImprimir.click();
  expect(await impresiones(page)).toBe(1);

  // Both paper widths, as printed: the sheet is that many millimetres wide and the timbre fits in it.
  for (const ancho of [58, 80] as const) {
    await page.getByText(`${ancho} mm`, { exact: true }).click();
    await expect(recibo).toHaveAttribute('data-ancho', String(ancho));
    await page.emulateMedia({ media: 'print' });
    await expect(botonImprimir).toBeHidden();
    const caja = (await recibo.boundingBox())!;
    expect(Math.abs(caja.width - ancho * MM_A_PX)).toBeLessThan(1.5);
    const cajaTimbre = await timbre.boundingBox();
    if (cajaTimbre) expect(cajaTimbre.x + cajaTimbre.width).toBeLessThanOrEqual(caja.x + caja.width + 0.5);
    await recibo.screenshot({ path: path.join(ARTEFACTOS, `boleta-${ancho}mm.png`) });
    await page.emulateMedia({ media: 'screen' });
  }

  // The stand-in goes down: the counter keeps selling, the boleta waits in the outbox.
  await modoSimulador(request, { tipo: 'caido' });
  const otra = await venderUno(page, producto);
  await page.getByRole('link', { name: 'BOLETAS', exact: true }).click();
  await expect(page).toHaveURL(/\/pos\/boletas$/);
  await expect(page.getByRole('heading', { name: 'Boletas electrónicas' })).toBeVisible();
  const lista = await (
    await request.get(`/api/boletas/documentos?id_minimarket=${idMinimarket}&estado=pendiente&limit=100`, conToken(token))
  ).json();
  const pendiente = (lista.documentos as Array<{ id_documento: number; id_venta: number }>).find((d) => d.id_venta === otra.id_venta);
  expect(pendiente, 'la boleta de la venta hecha con el proveedor caído queda pendiente').toBeTruthy();
  const fila = page.getByTestId(`documento-${pendiente!.id_documento}`);
  await expect(fila).toHaveAttribute('data-estado', 'pendiente');
  await expect(fila).toContainText('Pendiente');
  await expect(fila).toContainText(comoPesos(otra.total));
  await expect(page.getByTestId('conteo-pendiente')).not.toHaveText(/^Pendiente0$/);
  // What the stand-in issued carries its badge, and the screen says once what that means.
  await expect(page.getByTestId(/^insignia-prueba-/).first()).toHaveText(/^De prueba/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Los documentos marcados «De prueba» los emitió el simulador local' }),
  ).toContainText('DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII.');
  // Filtered by state, it is still there; the issued one is not.
  await page.getByLabel('Estado', { exact: true }).selectOption('pendiente');
  await expect(fila).toBeVisible();
  await expect(page.getByTestId(/^documento-/).filter({ has: page.getByText(`Boleta electrónica N° ${be.folio}`) })).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTEFACTOS, 'boletas-1366.png'), fullPage: true });
  // On a phone: cards, each with its state in view.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Documentos tributarios electrónicos' })).toBeVisible();
  await expect(fila).toContainText('Pendiente');
  await page.screenshot({ path: path.join(ARTEFACTOS, 'boletas-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });

  // The stand-in is back (the afterEach also makes sure, and turns boletas off for the other specs).
  await modoSimulador(request, { tipo: 'normal' });
});

test('«Exento de IVA» in Nuevo producto and in Inventario’s edit: what the boleta puts apart as the exempt amount', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const sufijo = sufijoUnico();
  const codigo = `991${sufijo}`;
  const nombre = `Servicio Exento ${sufijo}`;

  await iniciarSesion(page, PYME, { en: '/pos/nuevo-producto' });
  const form = page.getByRole('form', { name: 'Nuevo producto' });
  await form.getByLabel('Código de barras').fill(codigo);
  await form.getByLabel('Nombre del producto').fill(nombre);
  await form.getByLabel('Categoría').selectOption('Abarrotes');
  await form.getByLabel('Precio de venta (CLP)').fill('2.990');
  await expect(form.getByLabel('Exento de IVA')).not.toBeChecked();
  await form.getByLabel('Exento de IVA').check();
  await form.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByText('Producto guardado exitosamente')).toBeVisible();
  const creado = await productoPorCodigo(request, token, idMinimarket, codigo);
  const leer = async () => (await (await request.get(`/api/productos/${creado!.id_producto}`, conToken(token))).json()).exento as boolean;
  expect(await leer()).toBe(true);

  // Inventario → Editar: the box shows what is saved, and unticking it is a change that is sent.
  await page.getByRole('link', { name: 'Buscar producto' }).click();
  await page.getByLabel('Buscar en el inventario').fill(sufijo);
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await fila.getByRole('button', { name: `Editar ${nombre}` }).click();
  const edicion = page.getByRole('form', { name: 'Editar producto' });
  await expect(edicion.getByLabel('Exento de IVA')).toBeChecked();
  await edicion.getByLabel('Exento de IVA').uncheck();
  await edicion.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Producto actualizado exitosamente.')).toBeVisible();
  expect(await leer()).toBe(false);

  expect((await request.delete(`/api/productos/${creado!.id_producto}`, conToken(token))).ok()).toBeTruthy();
});
