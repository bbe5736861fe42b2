import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PYME = { correo: 'pyme@demo.cl', password: 'Pyme1234', nombre: 'José Pérez Soto', tienda: 'Minimarket Don Pepe' };
export const ADMIN = { correo: 'admin@demo.cl', password: 'Admin1234' };

/** Signs in through the login form and waits for the home page. */
export async function iniciarSesion(page: Page, cuenta: { correo: string; password: string }, opciones: { recordar?: boolean } = {}) {
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

export interface ProductoApi {
  id_producto: number;
  nombre_producto: string;
  codigo_barra: string;
  stock: number;
  precio_venta_actual: number;
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

/** A unique suffix per run, so reruns against the same data do not collide. */
export function sufijoUnico(): string {
  return `${Date.now()}`.slice(-8);
}

/** Keystrokes as a barcode scanner sends them: fast, ending in Enter, outside any text field. */
export async function escanear(page: Page, codigo: string) {
  await page.locator('body').press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(codigo, { delay: 15 });
  await page.keyboard.press('Enter');
}
