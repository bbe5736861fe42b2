// Screenshots of every main page at a laptop and a phone size, kept in e2e-artifacts/
// (gitignored) for people to look at. Each page must also render without a page error.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, conToken, iniciarSesion, PYME, tokenApi } from './helpers';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e-artifacts');
const TAMANOS = [
  { nombre: '1366x768', width: 1366, height: 768 },
  { nombre: '390x844', width: 390, height: 844 },
];

const PAGINAS_PYME: Array<[string, string]> = [
  ['inicio', '/inicio/inicio'],
  ['nueva-venta', '/pos/nueva-venta'],
  ['nuevo-producto', '/pos/nuevo-producto'],
  ['inventario', '/pos/buscar-producto'],
  ['transacciones', '/pos/transacciones'],
  ['caja', '/pos/caja'],
  ['ajustes', '/pos/ajustes'],
  ['clientes', '/pos/clientes'],
  ['boletas', '/pos/boletas'],
  ['cargar', '/cargar/cargar-datos'],
  ['visualizar', '/visualizar/recomendaciones'],
  ['tarjetas', '/visualizar/tarjetas'],
  ['cubo', '/visualizar/cubo'],
  ['datos-brutos', '/visualizar/datos-brutos'],
  ['graficos', '/visualizar/datos-brutos/graficos'],
  ['tablas', '/visualizar/datos-brutos/tablas'],
  ['listas', '/visualizar/datos-brutos/listas'],
  ['mapas-calor', '/visualizar/datos-brutos/mapas-calor'],
  ['dashboards', '/visualizar/datos-brutos/dashboards'],
  ['informes', '/visualizar/datos-brutos/informes'],
  ['actualizaciones', '/inicio/actualizaciones'],
  ['recursos', '/inicio/recursos'],
  ['notificaciones', '/notificaciones'],
  ['perfil', '/perfil'],
  ['configuracion', '/configuracion'],
  ['ayuda', '/ayuda/chatbot-badito'],
  ['mis-conversaciones', '/ayuda/soporte'],
];
const PAGINAS_ADMIN: Array<[string, string]> = [
  ['gestion-usuarios', '/usuarios/gestion-usuarios'],
  ['estadistica-usuarios', '/usuarios/estadistica-usuarios'],
  ['gestion-minimarket', '/usuarios/gestion-minimarket'],
  ['gestion-chats', '/chats/gestion-chat'],
];

/**
 * A support conversation for the detail screens: opened by the pyme through the API (with an
 * answer from the administrador, so both sides show), its id for the pages below.
 */
async function conversacionDeMuestra(request: APIRequestContext): Promise<number> {
  const pyme = await tokenApi(request, PYME);
  const admin = await tokenApi(request, ADMIN);
  const res = await request.post('/api/soporte/conversaciones', {
    ...conToken(pyme),
    data: {
      asunto: 'No me aparece la venta de ayer',
      mensaje: 'Registré una venta de $4.500 ayer y no la veo en Transacciones.',
      prioridad: 'Alta',
    },
  });
  expect(res.status()).toBe(201);
  const { id_conversacion } = (await res.json()) as { id_conversacion: number };
  const respuesta = await request.post(`/api/soporte/conversaciones/${id_conversacion}/mensajes`, {
    ...conToken(admin),
    data: { texto: 'Hola José, ya la estoy revisando. ¿Recuerdas a qué hora fue?' },
  });
  expect(respuesta.status()).toBe(201);
  return id_conversacion;
}

/** The pyme's latest sale, for the receipt pages. */
async function ultimaVenta(request: APIRequestContext): Promise<number> {
  const token = await tokenApi(request, PYME);
  const me = await (await request.get('/api/users/me', conToken(token))).json();
  const res = await request.get(`/api/ventas/?id_minimarket=${me.minimarkets[0].id_minimarket}&limit=1`, conToken(token));
  const { sales } = (await res.json()) as { sales: Array<{ id_venta: number }> };
  expect(sales.length).toBeGreaterThan(0);
  return sales[0].id_venta;
}

async function capturar(page: Page, nombre: string, ruta: string, tamano: (typeof TAMANOS)[number]) {
  await page.setViewportSize({ width: tamano.width, height: tamano.height });
  await page.goto(ruta);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Cargando...' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(DIR, `${nombre}-${tamano.nombre}.png`), fullPage: true });
}

test.beforeAll(() => fs.mkdirSync(DIR, { recursive: true }));

test('screenshots: login', async ({ page }) => {
  for (const t of TAMANOS) await capturar(page, 'inicio-sesion', '/inicio-sesion', t);
});

test('screenshots: the pyme pages', async ({ page, request }) => {
  // About thirty pages at two sizes: more than the default minute on a two-core machine.
  test.setTimeout(150_000);
  const errores: string[] = [];
  page.on('pageerror', (e) => errores.push(e.message));
  const id = await conversacionDeMuestra(request);
  const idVenta = await ultimaVenta(request);
  await iniciarSesion(page, PYME);
  const paginas: Array<[string, string]> = [
    ...PAGINAS_PYME,
    ['conversacion-soporte', `/ayuda/soporte/${id}`],
    ['comprobante-58', `/pos/comprobante/${idVenta}?ancho=58`],
    ['comprobante-80', `/pos/comprobante/${idVenta}?ancho=80`],
  ];
  for (const t of TAMANOS) for (const [nombre, ruta] of paginas) await capturar(page, nombre, ruta, t);
  expect(errores).toEqual([]);
});

test('screenshots: the administrador pages', async ({ page, request }) => {
  const errores: string[] = [];
  page.on('pageerror', (e) => errores.push(e.message));
  const id = await conversacionDeMuestra(request);
  await iniciarSesion(page, ADMIN);
  const paginas: Array<[string, string]> = [...PAGINAS_ADMIN, ['chat-detalle', `/chats/chat/${id}`]];
  for (const t of TAMANOS) for (const [nombre, ruta] of paginas) await capturar(page, nombre, ruta, t);
  expect(errores).toEqual([]);
});
