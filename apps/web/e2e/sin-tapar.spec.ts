// Nothing floats over a control: on the counter's screens and on Help (Badito's page and the
// support conversations), at a laptop and a phone size, every visible button, link and field answers a
// click at its own centre (document.elementFromPoint finds it, not something drawn over it),
// and no tab bar shows a stray vertical scrollbar.
import { expect, test, type Page } from '@playwright/test';
import { escanear, iniciarSesion, PYME } from './helpers';

const TAMANOS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The controls whose centre, inside the viewport, is taken by another element. */
async function tapados(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const barra = document.querySelector('header');
    const fuera = [];
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea, [role="button"]')) {
      const r = el.getBoundingClientRect();
      // Visually hidden ones (sr-only radios inside their labels) are clicked through their label.
      if (r.width <= 1 || r.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const encima = document.elementFromPoint(x, y);
      if (!encima || el.contains(encima) || encima.contains(el)) continue;
      // Scrolled under the sticky top bar is out of view, not covered.
      if (barra && barra.contains(encima) && !barra.contains(el)) continue;
      const nombre = el.getAttribute('aria-label') || el.textContent.trim().slice(0, 40) || el.outerHTML.slice(0, 60);
      const tapa = encima.getAttribute('aria-label') || encima.outerHTML.slice(0, 80);
      fuera.push(nombre + ' ← ' + tapa);
    }
    return fuera;
  })()`);
}

/** Tab bars that scroll sideways must not grow a vertical scrollbar (a stray ▲●▼ at their end). */
async function barrasConScrollVertical(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('nav')]
    .filter((n) => ['auto', 'scroll'].includes(getComputedStyle(n).overflowY) && n.scrollHeight > n.clientHeight)
    .map((n) => n.getAttribute('aria-label') || n.outerHTML.slice(0, 60))`);
}

async function revisar(page: Page, donde: string) {
  await expect(page.getByRole('status').filter({ hasText: 'Cargando...' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await barrasConScrollVertical(page), donde).toEqual([]);
  expect(await tapados(page), `${donde}, arriba`).toEqual([]);
  await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
  expect(await tapados(page), `${donde}, abajo`).toEqual([]);
}

for (const tamano of TAMANOS) {
  test(`no control is covered on the POS, inventory and Help screens at ${tamano.width}×${tamano.height}`, async ({ page }) => {
    await page.setViewportSize(tamano);
    await iniciarSesion(page, PYME);
    for (const ruta of [
      '/pos/nueva-venta',
      '/pos/buscar-producto',
      '/pos/nuevo-producto',
      '/pos/transacciones',
      '/pos/ajustes',
      '/pos/clientes',
      '/ayuda/chatbot-badito',
      '/ayuda/soporte',
    ]) {
      await page.goto(ruta);
      await revisar(page, `${ruta} ${tamano.width}px`);
    }
    // The payment screen, with something in the cart.
    await page.goto('/pos/nueva-venta');
    await expect(page.getByRole('heading', { name: 'Escanear producto' })).toBeVisible();
    const codigo = await page.evaluate(async () => {
      const token = localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken');
      const me = await (await fetch('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json();
      const lista = await (
        await fetch(`/api/productos/?id_minimarket=${me.minimarkets[0].id_minimarket}&search=Arroz&limit=20`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      return lista.find((p: { stock: number }) => p.stock > 0).codigo_barra as string;
    });
    await escanear(page, codigo);
    await page.getByRole('button', { name: 'Proceder al Pago' }).click();
    await expect(page.getByRole('heading', { name: 'Método de pago' })).toBeVisible();
    await revisar(page, `pago ${tamano.width}px`);
  });
}
