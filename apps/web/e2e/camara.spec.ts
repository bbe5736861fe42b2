// «Escanear con la cámara» (issue 32, docs/web.md) on a phone at 390 × 844: Chromium's fake camera
// plays a video of a product's EAN-13 (camara-falsa.ts), the decoder loads on demand and the code read
// goes where a scan goes: the product lands in the cart. A refused permission and a device without a
// camera say so in Spanish, and add nothing.
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { videoDeCodigo } from './camara-falsa';
import { ARTEFACTOS, conToken, iniciarSesion, PYME, sufijoUnico, tiendaDe } from './helpers';

// The barcode is chosen before the browser starts: its video is the camera Chromium is launched with.
const CODIGO = makeEan13(`78${String(Date.now()).slice(-10)}`);
const VIDEO = videoDeCodigo(CODIGO);

test.use({
  viewport: { width: 390, height: 844 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test.beforeAll(() => fs.mkdirSync(ARTEFACTOS, { recursive: true }));

test('the camera reads a product barcode and it goes in the cart, as a scan does', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const nombre = `Galletas de Cámara ${sufijoUnico()}`;
  const creado = await request.post('/api/productos/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      codigo_barra: CODIGO,
      nombre_producto: nombre,
      categoria: 'Abarrotes',
      precio_venta: 990,
      stock: 10,
    },
  });
  expect(creado.status()).toBe(201);

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  // The decoder is its own chunk, fetched only now.
  const lector = page.waitForResponse((r) => /\/assets\/lector-camara-[\w-]+\.js$/.test(r.url()));
  await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Escanear con la cámara' });
  await expect(dialogo).toBeVisible();
  expect((await lector).ok()).toBeTruthy();
  await page.screenshot({ path: path.join(ARTEFACTOS, 'camara-390.png') });
  // Read: the dialog closes by itself and the product is in the cart, once.
  await expect(dialogo).toBeHidden({ timeout: 20_000 });
  await expect(page.getByLabel(`Cantidad de ${nombre}`)).toHaveValue('1');
  await expect(page.locator('p[role="status"]').filter({ hasText: 'Agregado al carrito' })).toHaveText(`Agregado al carrito: ${nombre}`);
  await expect(page.getByRole('list', { name: 'Productos en el carrito' }).getByTestId('item-carrito')).toHaveCount(1);
});

test('a refused permission or no camera says so, and nothing is added', async ({ page }) => {
  await page.addInitScript(() => {
    const motivo = () => (sessionStorage.getItem('sin-camara') === '1' ? 'NotFoundError' : 'NotAllowedError');
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('prueba', motivo()));
  });
  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Escanear con la cámara' });
  await expect(dialogo.getByTestId('error-camara')).toHaveText(
    'No diste permiso para usar la cámara. Actívalo en los permisos del sitio (el candado junto a la dirección) y vuelve a intentarlo.',
  );
  await page.screenshot({ path: path.join(ARTEFACTOS, 'camara-sin-permiso-390.png') });
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(dialogo).toBeHidden();

  await page.evaluate(() => sessionStorage.setItem('sin-camara', '1'));
  await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
  await expect(dialogo.getByTestId('error-camara')).toHaveText(
    'No se encontró una cámara en este equipo. Escribe el código en el campo o usa un lector de códigos.',
  );
  await expect(page.getByRole('list', { name: 'Productos en el carrito' })).toHaveCount(0);
});
