import { expect, test } from '@playwright/test';

const CUENTA = 'pyme2@demo.cl';

test('forgot password → e-mailed link → new password → sign in with it', async ({ page, request }) => {
  // The login page's forgot step, reached from its link.
  await page.goto('/inicio-sesion');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/paso=forgot/);
  await expect(page.getByText('El enlace de recuperación expirará en 30 minutos.')).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(CUENTA);
  await page.getByRole('button', { name: 'Enviar instrucciones' }).click();
  await expect(page).toHaveURL(/paso=check-email/);
  await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
  await expect(page.getByText(/Si el correo está registrado/)).toBeVisible();

  // 'Reenviar' sends again to the same address.
  await page.getByRole('button', { name: 'Reenviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Si el correo está registrado/ })).toHaveCount(2);

  // The development inbox (on its own loopback port, not the app's) has both mails; the newest
  // link, from 'Reenviar', is the one that counts.
  const bandeja = `http://127.0.0.1:${process.env.E2E_DEV_INBOX_PORT}`;
  // On the app's own port that path is just the web app's page, never the mail.
  const enLaApp = await request.get('/dev/correos.json');
  expect(enLaApp.headers()['content-type']).toContain('text/html');
  expect(await enLaApp.text()).not.toContain(CUENTA);
  let enlace = '';
  await expect(async () => {
    const correos = (await (await request.get(`${bandeja}/dev/correos.json?para=${encodeURIComponent(CUENTA)}`)).json()) as unknown[];
    expect(correos.length).toBeGreaterThanOrEqual(2);
    const texto = JSON.stringify(correos[0]);
    enlace = /https?:\/\/[^\s"\\]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(texto)?.[0] ?? '';
    expect(enlace).not.toBe('');
  }).toPass({ timeout: 10_000 });

  const url = new URL(enlace);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Restablecer contraseña' })).toBeVisible();
  await page.getByLabel('Nueva contraseña').fill('sinmayuscula1');
  await page.getByLabel('Confirmar contraseña').fill('otra');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByText('La contraseña debe incluir una letra mayúscula y un número')).toBeVisible();
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  await page.getByLabel('Nueva contraseña').fill('NuevaClave2026');
  await page.getByLabel('Confirmar contraseña').fill('NuevaClave2026');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByRole('status').filter({ hasText: /contraseña/i })).toBeVisible();
  // Back to the login on its own after 3 s.
  await expect(page).toHaveURL(/\/inicio-sesion$/, { timeout: 8_000 });

  await page.getByLabel('Correo electrónico').fill(CUENTA);
  await page.getByLabel('Contraseña').fill('NuevaClave2026');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/inicio\/inicio$/);

  // The same link does not work twice.
  await page.goto(`${url.pathname}${url.search}`);
  await page.getByLabel('Nueva contraseña').fill('OtraClave2026');
  await page.getByLabel('Confirmar contraseña').fill('OtraClave2026');
  await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
  await expect(page.getByRole('alert')).toContainText(/inválido o ha expirado/);
});

test('the reset pages without a token say so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Token de recuperación no encontrado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restablecer contraseña' })).toBeDisabled();

  await page.goto('/inicio-sesion?paso=reset-password');
  await expect(page.getByText('Enlace Inválido')).toBeVisible();
  await page.getByRole('button', { name: 'Solicitar un nuevo enlace' }).click();
  await expect(page).toHaveURL(/paso=forgot/);

  await page.goto('/restablecer-contraseña');
  await expect(page.getByRole('button', { name: 'Enviar enlace de recuperación' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill('nadie@ejemplo.cl');
  await page.getByRole('button', { name: 'Enviar enlace de recuperación' }).click();
  await expect(page.getByRole('heading', { name: 'Correo enviado' })).toBeVisible();
  await expect(page.getByText(/Si el correo está registrado/)).toBeVisible();
  await page.getByRole('link', { name: 'Volver al inicio de sesión' }).click();
  await expect(page).toHaveURL(/\/inicio-sesion$/);
});
