import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  conToken,
  crearProducto,
  iniciarSesion,
  iniciarSesionConFormulario,
  PYME,
  rutValido,
  sufijoUnico,
  tiendaDe,
  tokenApi,
  venderPorApi,
} from './helpers';

test('Mi perfil: edit the own name and change the own password', async ({ page, request }) => {
  const sufijo = sufijoUnico();
  const cuenta = { correo: `perfil${sufijo}@demo.cl`, password: 'Inicial123' };
  const token = await tokenApi(request, ADMIN);
  const cuerpo = 18_000_000 + Number(sufijo.slice(-5));
  const res = await request.post('/api/users', {
    ...conToken(token),
    data: {
      nombre: 'Rosa Perfil',
      correo: cuenta.correo,
      empresa: 'Perfil SpA',
      rol: 'pyme',
      contrasena: cuenta.password,
      rut_usuario: rutValido(cuerpo),
      rut_empresa: rutValido(cuerpo + 1),
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();

  await iniciarSesion(page, cuenta);
  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  await page.getByRole('link', { name: 'Mi perfil' }).click();
  await expect(page).toHaveURL(/\/perfil$/);
  const datos = page.getByRole('form', { name: 'Datos personales' });
  await datos.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Rosa Perfil Editada');
  await datos.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Perfil actualizado exitosamente.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Menú de usuario: Rosa Perfil Editada/ })).toBeVisible();

  const clave = page.getByRole('form', { name: 'Cambiar contraseña' });
  await clave.getByLabel('Contraseña actual').fill('NoEsEsta1');
  await clave.getByLabel('Nueva contraseña', { exact: true }).fill('Cambiada2026');
  await clave.getByLabel('Confirmar nueva contraseña').fill('Cambiada2026');
  await clave.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(clave.getByText('La contraseña actual no es correcta.').first()).toBeVisible();
  await clave.getByLabel('Contraseña actual').fill(cuenta.password);
  await clave.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(clave.getByRole('status')).toContainText('Contraseña actualizada');

  // The session goes on with the new token; a new sign-in needs the new password.
  await page.goto('/pos/transacciones');
  await expect(page.getByRole('heading', { name: 'Punto de Venta' })).toBeVisible();
  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
  await iniciarSesionConFormulario(page, { correo: cuenta.correo, password: 'Cambiada2026' });
});

test('Configuración: the pyme sets the low-stock threshold of the shop', async ({ page }) => {
  await iniciarSesion(page, PYME, { en: '/configuracion' });
  const umbral = page.getByLabel('Umbral de stock bajo');
  await expect(umbral).toHaveValue(/\d+/);
  await umbral.fill('-1');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('El umbral no puede ser negativo.')).toBeVisible();
  await umbral.fill('8');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración guardada.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Umbral de stock bajo')).toHaveValue('8');
  // After how many days an unpaid fiado is notified (la libreta): 0 is refused, 45 kept.
  const dias = page.getByLabel('Días para avisar de un fiado impago');
  await expect(dias).toHaveValue(/\d+/);
  await dias.fill('0');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Los días para avisar de una deuda deben ser un número entero entre 1 y 365.')).toBeVisible();
  await dias.fill('45');
  // Back to the default, so other tests see the seeded value.
  await page.getByLabel('Umbral de stock bajo').fill('5');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración guardada.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Días para avisar de un fiado impago')).toHaveValue('45');
  await page.getByLabel('Días para avisar de un fiado impago').fill('30');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración guardada.')).toBeVisible();
});

test("Configuración: the owner downloads the shop's data as one .zip", async ({ page }) => {
  await iniciarSesion(page, PYME, { en: '/configuracion' });
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar mis datos (.zip)' }).click(),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^minimarket-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  // A zip file starts with its first local header, "PK\x03\x04"; the API tests open it and count its rows.
  const bytes = fs.readFileSync((await zip.path())!);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
});

test('Notificaciones: the bell dot shows while something is unread; mark one, then all, read', async ({ page, request }) => {
  // Something unread whatever the hour (the demo's own notices are read once their day is past):
  // the last unit of a product sold.
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Última unidad ${sufijoUnico()}`, stock: 1, costo: 900 });
  await venderPorApi(request, token, idMinimarket, producto, { metodo: 'Tarjeta de Débito' });
  await iniciarSesion(page, PYME);
  const campana = page.getByRole('link', { name: /^Notificaciones/ });
  await expect(page.getByTestId('punto-notificaciones')).toBeVisible();
  await campana.click();
  await expect(page).toHaveURL(/\/notificaciones$/);
  const resumen = page.getByText(/\d+ en total · \d+ sin leer/);
  const antes = Number(/· (\d+) sin leer/.exec((await resumen.textContent()) ?? '')?.[1]);
  expect(antes).toBeGreaterThan(0);
  await page
    .getByRole('button', { name: /^Marcar como leída/ })
    .first()
    .click();
  await expect(resumen).toContainText(`${antes - 1} sin leer`);
  await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(resumen).toContainText('· 0 sin leer');
  await expect(page.getByTestId('punto-notificaciones')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Marcar como leída/ })).toHaveCount(0);
});

test("Notificaciones: 'Ver detalle' of a sold-out product opens the inventory on that product", async ({ page }) => {
  await iniciarSesion(page, PYME, { en: '/notificaciones' });
  const aviso = page.getByRole('listitem').filter({ hasText: 'Producto agotado' }).first();
  const nombre = /"(.+)" se quedó sin stock\./.exec((await aviso.textContent()) ?? '')?.[1];
  expect(nombre).toBeTruthy();
  await aviso.getByRole('link', { name: 'Ver detalle' }).click();

  await expect(page).toHaveURL(/\/pos\/buscar-producto\?producto=\d+$/);
  await expect(page.getByText('Mostrando solo el producto del enlace.')).toBeVisible();
  const filas = page.getByRole('table', { name: 'Productos del inventario' }).getByRole('row');
  await expect(filas).toHaveCount(2); // the header and the product
  await expect(filas.nth(1)).toContainText(nombre!);
  await page.getByRole('button', { name: 'Ver todo el inventario' }).click();
  await expect(page).toHaveURL(/\/pos\/buscar-producto$/);
  await expect(filas).not.toHaveCount(2);
});
