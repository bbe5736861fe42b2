// The counter and the phone, tried as a new user would (issue 19). On a phone (390 × 844): the
// section tabs show the active one and scroll sideways; every row action of Transacciones,
// Inventario, Recomendaciones and the upload history can be reached and is whole on screen (cards,
// nothing clipped, no sideways page scroll); the heat map opens at the shop's morning. On a laptop
// (1366 × 768): the cube's Total column and the signed-in name fit. Screenshots of every step are
// attached to the report (test-results/…/*.png), at both sizes, for people to look at.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, conToken, iniciarSesion, PYME, sufijoUnico, tokenApi } from './helpers';

const TELEFONO = { width: 390, height: 844 };
const ESCRITORIO = { width: 1366, height: 768 };

async function captura(page: Page, nombre: string) {
  const ruta = test.info().outputPath(`${nombre}.png`);
  await page.screenshot({ path: ruta });
  await test.info().attach(nombre, { path: ruta, contentType: 'image/png' });
}

async function abrir(page: Page, ruta: string) {
  await page.goto(ruta);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando...' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** The page itself never scrolls sideways on a phone: whatever is wide scrolls inside its own box. */
async function sinDesplazamientoLateral(page: Page, donde: string) {
  const ancho = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${donde}: ancho de la página`).toBeLessThanOrEqual(ancho);
}

/**
 * Where an element is cut: the first ancestor that clips (overflow other than visible) and does not
 * hold the whole element, or the element's centre taken by something drawn over it. Null when whole.
 */
function recorte(el: Element): string | null {
  const r = el.getBoundingClientRect();
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    if (r.left < q.left - 0.5 || r.right > q.right + 0.5 || r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5)
      return `recortado por ${p.tagName.toLowerCase()}.${p.className}`;
  }
  const encima = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  if (!encima || !(el.contains(encima) || encima.contains(el))) return `tapado por ${encima?.outerHTML.slice(0, 80)}`;
  return null;
}

/** Brought into view as a thumb would (scrolling), the control is whole on screen and answers a tap at its centre. */
async function alAlcance(control: Locator, donde: string) {
  await control.scrollIntoViewIfNeeded();
  await expect(control, donde).toBeVisible();
  await expect(control, donde).toBeInViewport({ ratio: 1 });
  expect(await control.evaluate(recorte), donde).toBeNull();
}

/** A products CSV with one bad row, uploaded through the API and processed: the history has a row with downloads. */
async function subirCsvConErrores(request: APIRequestContext): Promise<string> {
  const token = await tokenApi(request, PYME);
  const me = await (await request.get('/api/users/me', conToken(token))).json();
  const id = me.minimarkets[0].id_minimarket as number;
  const sufijo = sufijoUnico();
  const nombre = `inventario-de-la-bodega-del-fondo-${sufijo}.csv`;
  const csv = [
    'nombre_producto;categoria;precio_venta;stock;codigo_barra;precio_compra;descripcion;marca',
    `Galletas Teléfono ${sufijo};Abarrotes;990;5;984${sufijo};600;;Marca E2E`,
    `Fila mala ${sufijo};Categoría inventada;abc;1;985${sufijo};;;`,
  ].join('\n');
  const res = await request.post(`/api/upload/files/?id_minimarket=${id}&id_usuario=${me.id_usuario}&upload_type=productos`, {
    ...conToken(token),
    multipart: { file: { name: nombre, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') } },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  await expect
    .poll(
      async () => {
        const historial = (await (await request.get(`/api/upload/history/${id}`, conToken(token))).json()) as Array<{
          nombre_archivo: string;
          estado_procesamiento: string;
        }>;
        return historial.find((c) => c.nombre_archivo === nombre)?.estado_procesamiento;
      },
      { timeout: 30_000 },
    )
    .toBe('Con errores');
  return nombre;
}

/** The recommendation lists whose rows link to the product (the empty ones, if any, say so instead). */
const LISTAS_CON_ACCION = [
  'Productos para reponer',
  'Productos más vendidos',
  'Productos sin ventas',
  'Productos con margen bajo',
  'Clasificación ABC de productos',
];

test.describe('on a phone, 390 × 844', () => {
  test.use({ viewport: TELEFONO });

  test('the section tabs show the active one and scroll sideways', async ({ page }) => {
    await iniciarSesion(page, PYME);
    const casos: Array<[string, string, string]> = [
      ['/pos/transacciones', 'Secciones de Punto de Venta', 'TRANSACCIONES'],
      ['/pos/caja', 'Secciones de Punto de Venta', 'CAJA'],
      ['/pos/clientes', 'Secciones de Punto de Venta', 'CLIENTES'],
      // The last tab of the POS: scrolled into view on arrival.
      ['/pos/boletas', 'Secciones de Punto de Venta', 'BOLETAS'],
      ['/pos/nueva-venta', 'Secciones de Punto de Venta', 'NUEVA VENTA'],
      ['/visualizar/datos-brutos/mapas-calor', 'Secciones de Visualizar Información', 'DATOS EN BRUTO'],
      ['/inicio/recursos', 'Secciones de Inicio', 'RECURSOS'],
    ];
    for (const [ruta, barra, activa] of casos) {
      await abrir(page, ruta);
      const tabs = page.getByRole('navigation', { name: barra });
      const pestana = tabs.getByRole('link', { name: activa, exact: true });
      await expect(pestana).toHaveAttribute('aria-current', 'page');
      // Whole on screen as the page opens, before anyone scrolls anything.
      await expect(pestana, ruta).toBeInViewport({ ratio: 1 });
      expect(await pestana.evaluate(recorte), ruta).toBeNull();
      await sinDesplazamientoLateral(page, ruta);
    }
    // The POS row is wider than the phone: it scrolls inside itself, and the first tab is a swipe away.
    await abrir(page, '/pos/caja');
    const tabs = page.getByRole('navigation', { name: 'Secciones de Punto de Venta' });
    expect(await tabs.evaluate((n) => n.scrollWidth > n.clientWidth && n.scrollLeft > 0)).toBe(true);
    await captura(page, 'tabs-caja-390');
    await tabs.getByRole('link', { name: 'NUEVA VENTA' }).scrollIntoViewIfNeeded();
    await expect(tabs.getByRole('link', { name: 'NUEVA VENTA' })).toBeInViewport({ ratio: 1 });
  });

  test('Transacciones: every sale is a card, and its detail shows the receipt, return and void actions whole', async ({ page }) => {
    await iniciarSesion(page, PYME);
    await abrir(page, '/pos/transacciones');
    const ventas = page
      .getByRole('list', { name: 'Ventas registradas' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button') });
    await expect(ventas.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ventas registradas' })).toHaveCount(0);
    const n = await ventas.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await alAlcance(ventas.nth(i).getByRole('button', { name: /^Ver detalle de la venta/ }), `venta ${i}`);
    await sinDesplazamientoLateral(page, 'transacciones');
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'transacciones-390');

    const completada = page.locator('[data-estado="Completada"]').first();
    await completada.getByRole('button', { name: /^Ver detalle de la venta/ }).click();
    const acciones = completada.getByRole('group', { name: /^Acciones de la venta/ });
    for (const control of [
      acciones.getByRole('link', { name: 'Imprimir comprobante' }),
      acciones.getByRole('button', { name: 'Devolver productos' }),
      acciones.getByRole('button', { name: 'Anular venta' }),
    ])
      await alAlcance(control, 'acciones de la venta');
    await expect(completada.getByRole('table', { name: /^Detalle de la venta/ })).toBeVisible();
    await sinDesplazamientoLateral(page, 'transacciones con detalle');
    await captura(page, 'transacciones-detalle-390');
    // The void opens its dialog (and is cancelled: nothing changes).
    await acciones.getByRole('button', { name: 'Anular venta' }).click();
    const dialogo = page.getByRole('dialog', { name: /Anular/ });
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialogo).toBeHidden();
  });

  test('Inventario: every product is a card with Agregar stock, Ajustar stock, Editar and Eliminar in words', async ({ page }) => {
    await iniciarSesion(page, PYME);
    await abrir(page, '/pos/buscar-producto');
    const productos = page.getByRole('list', { name: 'Productos del inventario' }).getByRole('listitem');
    await expect(productos.first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Productos del inventario' })).toHaveCount(0);
    const n = await productos.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const tarjeta = productos.nth(i);
      for (const accion of [/^Agregar stock a /, /^Ajustar stock de /, /^Editar /, /^Eliminar /])
        await alAlcance(tarjeta.getByRole('button', { name: accion }), `producto ${i}: ${accion}`);
    }
    await sinDesplazamientoLateral(page, 'inventario');
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'inventario-390');

    const primera = productos.first();
    await primera.getByRole('button', { name: /^Agregar stock a / }).click();
    const dialogo = page.getByRole('dialog');
    await expect(dialogo).toBeVisible();
    await captura(page, 'inventario-agregar-stock-390');
    await page.keyboard.press('Escape');
    await expect(dialogo).toBeHidden();
    await primera.getByRole('button', { name: /^Editar / }).click();
    await expect(page.getByRole('heading', { name: 'Editar producto' })).toBeVisible();
    await alAlcance(page.getByRole('button', { name: 'Guardar cambios' }), 'guardar cambios');
  });

  test('Recomendaciones: every list is cards, and every product link (the reorder one too) is whole on screen', async ({ page }) => {
    await iniciarSesion(page, PYME);
    await abrir(page, '/visualizar/recomendaciones');
    await expect(page.getByRole('heading', { name: 'Reponer pronto' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    let revisados = 0;
    for (const lista of LISTAS_CON_ACCION) {
      const enlaces = page.getByRole('list', { name: lista, exact: true }).getByRole('listitem').getByRole('link');
      const n = await enlaces.count();
      for (let i = 0; i < n; i++) await alAlcance(enlaces.nth(i), `${lista}: enlace ${i}`);
      revisados += n;
    }
    expect(revisados).toBeGreaterThan(10);
    await sinDesplazamientoLateral(page, 'recomendaciones');
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'recomendaciones-390');

    const reponer = page.getByRole('list', { name: 'Productos para reponer' }).getByRole('listitem');
    await expect(reponer.first()).toBeVisible();
    const agregar = reponer.first().getByRole('link', { name: /^Agregar stock: / });
    await alAlcance(agregar, 'reponer');
    await captura(page, 'recomendaciones-reponer-390');
    await agregar.click();
    await expect(page).toHaveURL(/\/pos\/buscar-producto\?producto=\d+&accion=agregar-stock$/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('upload history: each upload is a card with Ver detalles, and the detail’s downloads are whole on screen', async ({
    page,
    request,
  }) => {
    const nombre = await subirCsvConErrores(request);

    await iniciarSesion(page, PYME);
    await abrir(page, '/cargar/cargar-datos');
    const cargas = page.getByRole('list', { name: 'Historial de cargas recientes' }).getByRole('listitem');
    await expect(cargas.first()).toBeVisible();
    const n = await cargas.count();
    for (let i = 0; i < n; i++) await alAlcance(cargas.nth(i).getByRole('button', { name: /^Ver detalles de / }), `carga ${i}`);
    const carga = cargas.filter({ hasText: nombre });
    await expect(carga).toContainText('Con errores');
    await sinDesplazamientoLateral(page, 'cargar');
    await carga.scrollIntoViewIfNeeded();
    await captura(page, 'historial-cargas-390');

    await carga.getByRole('button', { name: `Ver detalles de ${nombre}` }).click();
    const dialogo = page.getByRole('dialog', { name: 'Detalle de la carga' });
    await expect(dialogo).toContainText('Filas con errores');
    for (const boton of ['Descargar CSV', 'Descargar Excel']) await alAlcance(dialogo.getByRole('button', { name: boton }), boton);
    await captura(page, 'historial-detalle-390');
    const [descarga] = await Promise.all([page.waitForEvent('download'), dialogo.getByRole('button', { name: 'Descargar CSV' }).click()]);
    expect(descarga.suggestedFilename()).toMatch(/\.csv$/);
  });

  test('the heat map opens at the shop’s morning, the days beside it, midnight a swipe to the left', async ({ page }) => {
    await iniciarSesion(page, PYME);
    await abrir(page, '/visualizar/datos-brutos/mapas-calor');
    const mapa = page.getByRole('table', { name: /por día de la semana \(filas\) y hora \(columnas\)/ });
    await mapa.scrollIntoViewIfNeeded();
    await expect(mapa.getByRole('columnheader', { name: '08:00' })).toBeInViewport({ ratio: 1 });
    for (const hora of ['00:00', '02:00', '04:00']) await expect(mapa.getByRole('columnheader', { name: hora })).not.toBeInViewport();
    // The day names stay at the left edge while the hours scroll.
    await expect(mapa.getByRole('rowheader', { name: 'Lunes' })).toBeInViewport({ ratio: 1 });
    expect(await mapa.getByRole('rowheader', { name: 'Lunes' }).evaluate(recorte)).toBeNull();
    await sinDesplazamientoLateral(page, 'mapa de calor');
    await captura(page, 'mapa-calor-390');
  });
});

test('the other changed screens at 390: the cube, Badito, Nuevo producto and an unknown address', async ({ page }) => {
  await page.setViewportSize(TELEFONO);
  await iniciarSesion(page, PYME);
  for (const [nombre, ruta] of [
    ['cubo', '/visualizar/cubo'],
    ['badito', '/ayuda/chatbot-badito'],
    ['nuevo-producto', '/pos/nuevo-producto'],
    ['no-existe', '/no-existe'],
  ] as const) {
    await abrir(page, ruta);
    await sinDesplazamientoLateral(page, ruta);
    await captura(page, `${nombre}-390`);
  }
  // Badito's page on a phone: one Badito, nothing floating over its question field.
  await abrir(page, '/ayuda/chatbot-badito');
  await expect(page.getByRole('textbox', { name: 'Mensaje para Badito' })).toHaveCount(1);
  await alAlcance(page.getByRole('button', { name: 'Enviar mensaje' }), 'enviar a Badito');
});

test('the card lists have no serious or critical axe violations at 390', async ({ page }) => {
  await page.setViewportSize(TELEFONO);
  await iniciarSesion(page, PYME);
  for (const [ruta, lista] of [
    ['/pos/buscar-producto', 'Productos del inventario'],
    ['/pos/transacciones', 'Ventas registradas'],
    ['/visualizar/recomendaciones', 'Productos para reponer'],
    ['/visualizar/datos-brutos/mapas-calor', null],
  ] as const) {
    await abrir(page, ruta);
    if (lista) await expect(page.getByRole('list', { name: lista })).toBeVisible();
    const resultado = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const graves = resultado.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      graves.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe en ${ruta}`,
    ).toEqual([]);
  }
});

test.describe('on a laptop, 1366 × 768', () => {
  test.use({ viewport: ESCRITORIO });

  /** The signed-in name in the top bar is written whole, not cut with an ellipsis. */
  async function nombreEntero(page: Page, nombre: string) {
    const boton = page.getByRole('button', { name: /^Menú de usuario/ });
    const texto = boton.getByText(nombre, { exact: true });
    await expect(texto).toBeVisible();
    expect(await texto.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(texto).toBeInViewport({ ratio: 1 });
  }

  /** The cube's table by category and day fits its card: no sideways scroll, Total whole on screen. */
  async function cuboEntero(page: Page, donde: string) {
    const tabla = page.getByRole('table', { name: 'Pesos (ingresos) por Categoría × Día' });
    await expect(tabla).toBeVisible();
    expect(await tabla.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth), donde).toBe(true);
    const total = tabla.getByRole('columnheader', { name: 'Total' });
    await alAlcance(total, `${donde}: Total`);
    await alAlcance(tabla.getByRole('row').last().getByRole('cell').last(), `${donde}: total general`);
  }

  test('the cube’s Total column and the pyme’s name fit', async ({ page }) => {
    await iniciarSesion(page, PYME);
    await nombreEntero(page, PYME.nombre);
    await abrir(page, '/visualizar/cubo');
    await cuboEntero(page, 'pyme');
    await captura(page, 'cubo-pyme-tabla-1366');
    await page.evaluate(() => window.scrollTo(0, 0));
    await captura(page, 'cubo-pyme-1366');
    // A face by hour (24 columns) scrolls inside its box; the row names and the Total stay in view.
    await page.getByRole('button', { name: 'Día × Hora' }).click();
    const porHora = page.getByRole('table', { name: 'Pesos (ingresos) por Día × Hora' });
    await porHora.scrollIntoViewIfNeeded();
    await alAlcance(porHora.getByRole('columnheader', { name: 'Total' }), 'día × hora: Total');
    await alAlcance(porHora.getByRole('cell', { name: 'Lunes', exact: true }), 'día × hora: Lunes');
    await captura(page, 'cubo-dia-hora-1366');
  });

  test('the administrador’s name and the cube fit', async ({ page }) => {
    await iniciarSesion(page, ADMIN);
    const nombre = (await page.evaluate(async () => {
      const token = localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken');
      return (await (await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json()).nombre;
    })) as string;
    await nombreEntero(page, nombre);
    await captura(page, 'inicio-admin-1366');
    await abrir(page, '/visualizar/cubo');
    await cuboEntero(page, 'administrador');
    await captura(page, 'cubo-admin-1366');
  });

  test('the desk keeps its tables: screenshots of the lists at 1366', async ({ page, request }) => {
    await subirCsvConErrores(request);
    await iniciarSesion(page, PYME);
    for (const [nombre, ruta, tabla] of [
      ['transacciones', '/pos/transacciones', 'Ventas registradas'],
      ['inventario', '/pos/buscar-producto', 'Productos del inventario'],
      ['recomendaciones', '/visualizar/recomendaciones', 'Productos para reponer'],
      ['cargar', '/cargar/cargar-datos', 'Historial de cargas recientes'],
      ['mapa-calor', '/visualizar/datos-brutos/mapas-calor', /por día de la semana/],
    ] as const) {
      await abrir(page, ruta);
      const lista = page.getByRole('table', { name: tabla });
      await expect(lista).toBeVisible();
      await expect(page.getByRole('list', { name: tabla })).toHaveCount(0);
      await sinDesplazamientoLateral(page, ruta);
      await lista.scrollIntoViewIfNeeded();
      await captura(page, `${nombre}-1366`);
    }
    // The heat map fits a laptop: midnight and the evening are both on screen, nothing scrolled.
    const mapa = page.getByRole('table', { name: /por día de la semana \(filas\) y hora \(columnas\)/ });
    await mapa.scrollIntoViewIfNeeded();
    for (const hora of ['00:00', '23:00']) await expect(mapa.getByRole('columnheader', { name: hora })).toBeInViewport({ ratio: 1 });
  });
});
