import { referenciaVenta } from '@minimarket/contracts/ventas';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, conToken, iniciarSesion, PYME, tiendaDe, tokenApi } from './helpers';

/** Serious and critical WCAG A/AA findings; minor ones are reported by axe but do not fail the build. */
async function revisar(page: Page, nombre: string) {
  const resultado = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const graves = resultado.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const resumen = graves.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(resumen, `axe en ${nombre}`).toEqual([]);
}

test('login has no serious or critical axe violations', async ({ page }) => {
  await page.goto('/inicio-sesion');
  await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
  await revisar(page, 'inicio de sesión');
  // With an error shown, too.
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('El correo es obligatorio.')).toBeVisible();
  await revisar(page, 'inicio de sesión con errores');
});

test('nueva venta, inventario and cargar have no serious or critical axe violations', async ({ page }) => {
  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await expect(page.getByRole('table', { name: 'Productos disponibles para la venta' })).toBeVisible();
  await revisar(page, 'nueva venta');

  await page.goto('/pos/buscar-producto');
  await expect(page.getByRole('table', { name: 'Productos del inventario' })).toBeVisible();
  await revisar(page, 'inventario');

  await page.goto('/cargar/cargar-datos');
  await expect(page.getByRole('heading', { name: 'Sube tu archivo' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await revisar(page, 'cargar información');
});

test('gestión de usuarios has no serious or critical axe violations', async ({ page }) => {
  await iniciarSesion(page, ADMIN, { en: '/usuarios/gestion-usuarios' });
  await expect(page.getByRole('table', { name: 'Usuarios' })).toBeVisible();
  await revisar(page, 'gestión de usuarios');
});

test('Visualizar and Inicio have no serious or critical axe violations', async ({ page }) => {
  await iniciarSesion(page, PYME);
  await expect(page.getByRole('heading', { name: 'Recomendaciones destacadas' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await revisar(page, 'inicio');
  const paginas: Array<[string, string, RegExp]> = [
    ['recomendaciones', '/visualizar/recomendaciones', /^Reponer pronto$/],
    ['tarjetas', '/visualizar/tarjetas', /^Ventas: mostrar/],
    ['cubo', '/visualizar/cubo', /^Pesos \(ingresos\) por/],
    ['gráficos', '/visualizar/datos-brutos/graficos', /^Ventas en el tiempo$/],
    ['tablas', '/visualizar/datos-brutos/tablas', /^Líneas de venta/],
    ['listas', '/visualizar/datos-brutos/listas', /^Ranking de productos$/],
    ['mapas de calor', '/visualizar/datos-brutos/mapas-calor', /^Ventas por día y hora$/],
    ['dashboards', '/visualizar/datos-brutos/dashboards', /^Comparación con el período anterior$/],
    ['informes', '/visualizar/datos-brutos/informes', /^Informe de ventas de/],
  ];
  for (const [nombre, ruta, senal] of paginas) {
    await page.goto(ruta);
    await expect(
      page
        .getByRole('heading', { name: senal })
        .or(page.getByRole('button', { name: senal }))
        .first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await revisar(page, nombre);
  }
});

test('support and Badito have no serious or critical axe violations', async ({ page, browser, request }) => {
  const pyme = await tokenApi(request, PYME);
  const res = await request.post('/api/soporte/conversaciones', {
    ...conToken(pyme),
    data: { asunto: 'Revisión de accesibilidad', mensaje: 'Un mensaje para revisar la pantalla.' },
  });
  expect(res.status()).toBe(201);
  const { id_conversacion: id } = (await res.json()) as { id_conversacion: number };

  await iniciarSesion(page, PYME, { en: '/ayuda/chatbot-badito' });
  await expect(page.getByRole('button', { name: '¿Cuánto vendí hoy?' })).toBeVisible();
  await revisar(page, 'chatbot badito');
  await page.getByRole('button', { name: '¿Cuánto vendí hoy?' }).click();
  await expect(page.getByRole('log', { name: 'Conversación con Badito' }).getByRole('listitem')).toHaveCount(4);
  await revisar(page, 'chatbot badito con una respuesta');
  await page.goto('/ayuda/soporte');
  await page.getByRole('button', { name: 'Escribir a soporte' }).click();
  await expect(page.getByRole('textbox', { name: 'Asunto', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await revisar(page, 'mis conversaciones');
  await page.goto(`/ayuda/soporte/${id}`);
  await expect(page.getByRole('log', { name: 'Mensajes con soporte' })).toBeVisible();
  await revisar(page, 'conversación de la pyme');
  await page.getByRole('button', { name: 'Ayuda' }).click();
  await expect(page.getByRole('region', { name: /Chat de ayuda/ })).toBeVisible();
  await revisar(page, 'panel de ayuda');

  const contexto = await browser.newContext();
  const admin = await contexto.newPage();
  await iniciarSesion(admin, ADMIN, { en: '/chats/gestion-chat' });
  await expect(admin.getByRole('table', { name: 'Chats de soporte' })).toBeVisible();
  await admin.waitForLoadState('networkidle');
  await revisar(admin, 'gestión de chats');
  await admin.goto(`/chats/chat/${id}`);
  await expect(admin.getByRole('heading', { name: 'Consultas anteriores' })).toBeVisible();
  await admin.waitForLoadState('networkidle');
  await revisar(admin, 'detalle de chat');
  await contexto.close();
});

test('caja, the void and return dialogs and the receipt have no serious or critical axe violations', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const { sales } = (await (await request.get(`/api/ventas/?id_minimarket=${idMinimarket}&limit=1`, conToken(token))).json()) as {
    sales: Array<{ id_venta: number; numero_venta: number | null; id_venta_csv: string | null; estado_venta: string }>;
  };
  const venta = sales[0];

  await iniciarSesion(page, PYME, { en: '/pos/caja' });
  await expect(page.getByRole('heading', { name: /^(Abrir caja|Turno abierto)$/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await revisar(page, 'caja');
  // With a shift open: the X report and the count under review.
  const actual = await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token));
  const abierto = actual.ok()
    ? await actual.json()
    : await (
        await request.post('/api/caja/turnos', { ...conToken(token), data: { id_minimarket: idMinimarket, monto_inicial: 10000 } })
      ).json();
  await page.reload();
  await page.getByRole('button', { name: 'Ver informe X' }).click();
  await page.getByLabel('Efectivo contado').fill('$10.000');
  await page.getByRole('button', { name: 'Ver diferencia' }).click();
  await expect(page.getByTestId('conteo-esperado')).toBeVisible();
  await revisar(page, 'caja con un turno abierto');
  if (!actual.ok()) {
    const cierre = await request.post(`/api/caja/turnos/${abierto.id_turno}/cierre`, {
      ...conToken(token),
      data: { monto_contado: 10000 },
    });
    expect(cierre.ok()).toBeTruthy();
  }

  await page.goto('/pos/transacciones');
  await page.getByLabel('N° de venta').fill(venta.numero_venta !== null ? String(venta.numero_venta) : venta.id_venta_csv!);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('button', { name: `Ver detalle de la venta ${referenciaVenta(venta)}` }).click();
  await expect(page.getByRole('link', { name: 'Imprimir comprobante' })).toBeVisible();
  await revisar(page, 'transacciones con el detalle abierto');
  if (venta.estado_venta === 'Completada') {
    await page.getByRole('button', { name: 'Anular venta' }).click();
    await expect(page.getByRole('dialog', { name: /^Anular venta/ })).toBeVisible();
    await revisar(page, 'anular venta');
    await page.keyboard.press('Escape');
    const devolver = page.getByRole('button', { name: 'Devolver productos' });
    if (await devolver.isVisible()) {
      await devolver.click();
      await expect(page.getByRole('dialog', { name: /^Devolver productos/ })).toBeVisible();
      await revisar(page, 'devolver productos');
      await page.keyboard.press('Escape');
    }
  }

  await page.goto(`/pos/comprobante/${venta.id_venta}?ancho=58`);
  await expect(page.getByTestId('comprobante')).toBeVisible();
  await revisar(page, 'comprobante');
});
