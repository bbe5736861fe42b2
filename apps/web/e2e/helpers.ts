import { expect, type APIRequestContext, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PYME = { correo: 'pyme@demo.cl', password: 'Pyme1234', nombre: 'José Pérez Soto', tienda: 'Minimarket Don Pepe' };
export const PYME2 = { correo: 'pyme2@demo.cl', password: 'Pyme1234', nombre: 'María Inés Contreras Muñoz', tienda: 'Almacén La Esquina' };
export const ADMIN = { correo: 'admin@demo.cl', password: 'Admin1234' };

/**
 * Signs in and waits for the page: `/inicio/inicio`, or `en`. A fresh tab is signed in as the app
 * itself would after the login form (the API's token kept where «Recordar sesión» says), and goes
 * straight to where the test starts: the form is the subject of auth.spec.ts, and going through it and
 * the home page before every test cost the suite about two minutes (issue 33). A tab that has been
 * used (a test that signs out and in again) goes through the form, as a person would.
 */
export async function iniciarSesion(
  page: Page,
  cuenta: { correo: string; password: string },
  opciones: { recordar?: boolean; en?: string } = {},
) {
  if (page.url() !== 'about:blank') {
    await iniciarSesionConFormulario(page, cuenta, opciones);
    if (opciones.en) await page.goto(opciones.en);
    return;
  }
  const token = await tokenApi(page.request, cuenta);
  // Any page of the app's origin, so its storage can be written before the app first runs.
  await page.goto('/favicon.svg');
  await page.evaluate(({ token, recordar }) => (recordar ? localStorage : sessionStorage).setItem('authToken', token), {
    token,
    recordar: Boolean(opciones.recordar),
  });
  // The app is up once it has read who is signed in (every page asks, the printed ones too).
  const perfil = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/me' && r.ok());
  await page.goto(opciones.en ?? '/inicio/inicio');
  await perfil;
}

/** Signs in through the login form and waits for the home page. */
export async function iniciarSesionConFormulario(
  page: Page,
  cuenta: { correo: string; password: string },
  opciones: { recordar?: boolean } = {},
) {
  await page.goto('/inicio-sesion');
  await page.getByLabel('Correo electrónico').fill(cuenta.correo);
  await page.getByLabel('Contraseña').fill(cuenta.password);
  if (opciones.recordar) await page.getByLabel('Recordar sesión').check();
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/inicio\/inicio$/);
}

/** A bearer token for setting up or checking data through the API directly. */
export async function tokenApi(request: APIRequestContext, cuenta: { correo: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/token', { form: { username: cuenta.correo, password: cuenta.password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).access_token as string;
}

export function conToken(token: string) {
  return { headers: { Authorization: `Bearer ${token}` } };
}

/** The account's API token and its (first) shop, for setting up or checking data through the API. */
export async function tiendaDe(request: APIRequestContext, cuenta: { correo: string; password: string }) {
  const token = await tokenApi(request, cuenta);
  return { token, idMinimarket: await miTienda(request, token) };
}

/** As tiendaDe, and no shift left open by an earlier, interrupted run: the till starts closed. */
export async function tiendaSinTurno(request: APIRequestContext, cuenta: { correo: string; password: string }) {
  const tienda = await tiendaDe(request, cuenta);
  await sinTurnoAbierto(request, tienda.token, tienda.idMinimarket);
  return tienda;
}

/** Where the specs leave their screenshots for people to look at (apps/web/e2e-artifacts/). */
export const ARTEFACTOS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'e2e-artifacts');

/** A screenshot to e2e-artifacts/<nombre>.png: the whole page, or only the window with `fullPage: false`. */
export async function captura(page: Page, nombre: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  fs.mkdirSync(ARTEFACTOS, { recursive: true });
  await page.screenshot({ path: path.join(ARTEFACTOS, `${nombre}.png`), fullPage });
}

/** Replaces window.print with a counter (a headless browser has no print dialog to wait for). */
export async function contarImpresiones(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __impresiones: number };
    w.__impresiones = 0;
    window.print = () => {
      w.__impresiones += 1;
    };
  });
}

/** How many times the page printed since contarImpresiones. */
export const impresiones = (page: Page) => page.evaluate(() => (window as unknown as { __impresiones: number }).__impresiones);

export interface ProductoApi {
  id_producto: number;
  nombre_producto: string;
  codigo_barra: string;
  stock: number;
  precio_venta_actual: number;
  precio_compra_actual: number | null;
  /** 'kg': stock in grams and prices per kilo (issue #20). */
  unidad: 'unidad' | 'kg';
}

export async function productoPorCodigo(
  request: APIRequestContext,
  token: string,
  idMinimarket: number,
  codigo: string,
): Promise<ProductoApi | null> {
  const res = await request.get(
    `/api/productos/?id_minimarket=${idMinimarket}&codigo_barra=${encodeURIComponent(codigo)}&limit=1`,
    conToken(token),
  );
  expect(res.ok()).toBeTruthy();
  const lista = (await res.json()) as ProductoApi[];
  return lista[0] ?? null;
}

/**
 * From the cart to the payment with the keyboard alone: Tab to «Proceder al Pago», Enter; the payment
 * takes the focus on its heading, and one Tab reaches the first method, Efectivo.
 */
export async function alPagoConTeclado(page: Page) {
  const pagar = page.getByRole('button', { name: 'Proceder al Pago' });
  for (let i = 0; i < 40 && !(await pagar.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(pagar).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeFocused();
}

/**
 * A sale of `unidades` of one product at its price, made through the API (setting up what a test then
 * looks at on screen); its answer, the sale as stored.
 */
export async function venderPorApi(
  request: APIRequestContext,
  token: string,
  idMinimarket: number,
  producto: { id_producto: number; precio_venta_actual: number },
  { unidades = 1, metodo = 'Efectivo', idCliente }: { unidades?: number; metodo?: string; idCliente?: number } = {},
): Promise<{ id_venta: number; numero_venta: number; total: number }> {
  const subtotal = producto.precio_venta_actual * unidades;
  const res = await request.post('/api/ventas/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      total: subtotal,
      metodo_pago: metodo,
      ...(idCliente === undefined ? {} : { id_cliente: idCliente }),
      detalles: [{ id_producto: producto.id_producto, num_unidades: unidades, precio_unitario: producto.precio_venta_actual, subtotal }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * How long a test waits for the device's catalogue (IndexedDB) to hold a product. A fresh tab that goes
 * straight to the till fetches the catalogue while the service worker of its first visit precaches the
 * whole app, so the wait is generous for a machine running other work beside the suite. (Two full runs
 * that timed out here were the test's own IndexedDB read blocking the app: almacenIndexedDb.)
 */
export const ESPERA_CATALOGO_MS = 45_000;

/**
 * A store of what the app keeps on the device (IndexedDB 'minimarket-caja'), its keys and rows, read the
 * way that never gets in the app's way: a database the app has not created yet is not created here (the
 * app's first upgrade would wait for this connection, and the till would never get its catalogue), and
 * the connection closes once read, or as soon as the app wants to upgrade.
 */
export function almacenIndexedDb(page: Page, almacen: string): Promise<{ claves: string[]; filas: Array<Record<string, unknown>> }> {
  return page.evaluate(
    (almacen) =>
      new Promise<{ claves: string[]; filas: Array<Record<string, unknown>> }>((resolve) => {
        const vacio = { claves: [], filas: [] };
        const abrir = indexedDB.open('minimarket-caja');
        abrir.onupgradeneeded = () => abrir.transaction?.abort();
        abrir.onerror = () => resolve(vacio);
        abrir.onsuccess = () => {
          const base = abrir.result;
          base.onversionchange = () => base.close();
          if (!base.objectStoreNames.contains(almacen)) {
            base.close();
            return resolve(vacio);
          }
          const tx = base.transaction(almacen);
          const claves = tx.objectStore(almacen).getAllKeys();
          const filas = tx.objectStore(almacen).getAll();
          tx.oncomplete = () => {
            base.close();
            resolve({ claves: claves.result.map(String), filas: filas.result });
          };
          tx.onerror = () => {
            base.close();
            resolve(vacio);
          };
        };
      }),
    almacen,
  );
}

/** A unique suffix per run, so reruns against the same data do not collide. */
export function sufijoUnico(): string {
  return `${Date.now()}`.slice(-8);
}

/**
 * A barcode scanner's burst outside any text field: every key and the Enter in one task of the page, a few
 * microseconds apart, as a scanner sends them (typing through the test driver, each key a round
 * trip, could drift past the 100 ms rule on a loaded machine).
 */
export async function escanear(page: Page, codigo: string) {
  await page.locator('body').press('Escape');
  await page.evaluate((teclas) => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (const key of [...teclas.split(''), 'Enter']) {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, codigo);
}

/** Ms between a scanner's keys (a real one sends 5–30 ms apart; the app's rule is under 100). */
const MS_ENTRE_TECLAS_ESCANER = 8;

/** The burst starts this long after anything typed before it (a person's keys are not part of it). */
const MS_ANTES_DE_LA_RAFAGA = 150;

/**
 * A scanner's burst into whatever has the focus, real keys (they land in a text field as a
 * scanner's would), each stamped MS_ENTRE_TECLAS_ESCANER ms after the previous one through the
 * DevTools protocol: the page sees a burst however long the busy machine takes to deliver it.
 */
export async function rafagaDeEscaner(page: Page, codigo: string) {
  const cdp = await page.context().newCDPSession(page);
  const inicio = (Date.now() + MS_ANTES_DE_LA_RAFAGA) / 1000;
  for (const [i, tecla] of [...codigo.split(''), 'Enter'].entries()) {
    const timestamp = inicio + (i * MS_ENTRE_TECLAS_ESCANER) / 1000;
    const enter = tecla === 'Enter';
    await cdp.send('Input.dispatchKeyEvent', {
      type: 'keyDown',
      key: tecla,
      code: enter ? 'Enter' : `Digit${tecla}`,
      text: enter ? '\r' : tecla,
      windowsVirtualKeyCode: enter ? 13 : tecla.charCodeAt(0),
      timestamp,
    });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: tecla, timestamp: timestamp + 0.001 });
  }
  await cdp.detach();
}

/** Scans the product `veces` times into the cart at Nueva venta, each scan adding one unit. */
export async function escanearAlCarro(page: Page, producto: { codigo_barra: string; nombre_producto: string }, veces: number) {
  for (let i = 0; i < veces; i++) {
    await rafagaDeEscaner(page, producto.codigo_barra);
    await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue(String(i + 1));
  }
}

/** What the screen shows for an amount, written out here, not with the app's formatter: 12990 → '$12.990'. */
export const comoPesos = (pesos: number) => `${pesos < 0 ? '-' : ''}$${String(Math.abs(pesos)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;

/**
 * A valid RUT for a number, its check digit worked out here (módulo 11, weights 2…7 from the
 * right), not with the app's own code: a bug there would otherwise agree with itself.
 */
export function rutValido(cuerpo: number): string {
  const digitos = String(cuerpo).split('').reverse().map(Number);
  const suma = digitos.reduce((acc, d, i) => acc + d * ((i % 6) + 2), 0);
  const resto = 11 - (suma % 11);
  return `${cuerpo}-${resto === 11 ? '0' : resto === 10 ? 'K' : String(resto)}`;
}

export async function miTienda(request: APIRequestContext, token: string): Promise<number> {
  const me = await (await request.get('/api/users/me', conToken(token))).json();
  return me.minimarkets[0].id_minimarket as number;
}

/** Closes a shift left open by an earlier, interrupted run, so this one starts from a closed till. */
export async function sinTurnoAbierto(request: APIRequestContext, token: string, idMinimarket: number) {
  const res = await request.get(`/api/caja/turnos/actual?id_minimarket=${idMinimarket}`, conToken(token));
  if (res.status() === 404) return;
  expect(res.ok()).toBeTruthy();
  const turno = await res.json();
  const cierre = await request.post(`/api/caja/turnos/${turno.id_turno}/cierre`, {
    ...conToken(token),
    data: { monto_contado: turno.esperado_efectivo },
  });
  expect(cierre.ok()).toBeTruthy();
}

/** Opens a shift through the API with `montoInicial` pesos in the till; the shift as the API answers it. */
export async function abrirTurnoApi(
  request: APIRequestContext,
  token: string,
  idMinimarket: number,
  montoInicial: number,
): Promise<{ id_turno: number; numero_turno: number }> {
  const res = await request.post('/api/caja/turnos', {
    ...conToken(token),
    data: { id_minimarket: idMinimarket, monto_inicial: montoInicial },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** A product with a few units whose two units cost less than $5.000 (paid with a $5.000 bill). */
export async function productoBarato(request: APIRequestContext, token: string, idMinimarket: number): Promise<ProductoApi> {
  const res = await request.get(`/api/productos/?id_minimarket=${idMinimarket}&limit=100`, conToken(token));
  const productos = (await res.json()) as ProductoApi[];
  // Sold by the unit: the demo's bread and produce go by the kilo (their stock is grams, their price per kilo).
  const producto = productos.find(
    (p) => p.unidad !== 'kg' && p.stock >= 3 && p.precio_venta_actual > 0 && p.precio_venta_actual * 2 < 5000 && p.codigo_barra,
  );
  expect(producto, 'el seed debe tener un producto de menos de $2.500 con stock').toBeTruthy();
  return producto!;
}

/** A new product of the shop through the API (a unique barcode), priced $1.990. */
/**
 * A product sold by the kilo (issue #20): price per kilo, stock in grams. `codigo` defaults to a fresh
 * barcode; `plu` is the scale's code for its labels.
 */
export async function crearProductoKg(
  request: APIRequestContext,
  token: string,
  idMinimarket: number,
  datos: { nombre: string; precio: number; gramos: number; costo?: number; plu?: string; categoria?: string; codigo?: string },
): Promise<ProductoApi & { codigo_plu: string | null }> {
  const res = await request.post('/api/productos/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      codigo_barra: datos.codigo ?? `KG${sufijoUnico()}${Math.floor(Math.random() * 1000)}`,
      nombre_producto: datos.nombre,
      categoria: datos.categoria ?? 'Abarrotes',
      unidad: 'kg',
      precio_venta: datos.precio,
      ...(datos.costo === undefined ? {} : { precio_compra: datos.costo }),
      stock: datos.gramos,
      ...(datos.plu === undefined ? {} : { codigo_plu: datos.plu }),
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

export async function crearProducto(
  request: APIRequestContext,
  token: string,
  idMinimarket: number,
  datos: { nombre: string; stock: number; costo: number },
): Promise<ProductoApi> {
  const res = await request.post('/api/productos/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      codigo_barra: `AJ${sufijoUnico()}${Math.floor(Math.random() * 1000)}`,
      nombre_producto: datos.nombre,
      categoria: 'Abarrotes',
      precio_venta: 1990,
      precio_compra: datos.costo,
      stock: datos.stock,
    },
  });
  expect(res.status()).toBe(201);
  return res.json();
}
