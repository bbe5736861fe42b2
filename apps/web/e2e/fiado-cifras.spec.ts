import { expect, test } from '@playwright/test';
import { comoPesos, conToken, iniciarSesion, PYME, tiendaDe } from './helpers';

// La libreta in the figures (docs/fiado.md, "Cifras" and "Demo"): what the demo's neighbours owe
// Don Pepe, as Inicio and Dashboards show it, is the API's cuentas por cobrar; the owner's overdue
// notice is in Notificaciones.
test('cuentas por cobrar on Inicio and Dashboards, and Juana’s overdue notice', async ({ page, request }) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const cifra = (await (await request.get(`/api/analitica/por-cobrar?id_minimarket=${idMinimarket}`, conToken(token))).json()) as {
    por_cobrar: number;
    clientes_con_deuda: number;
  };
  expect(cifra.por_cobrar).toBeGreaterThan(0);

  await iniciarSesion(page, PYME, { en: '/inicio/inicio' });
  await expect(page.getByRole('heading', { name: 'Cuentas por cobrar' })).toBeVisible();
  await expect(page.getByTestId('por-cobrar')).toHaveText(comoPesos(cifra.por_cobrar));
  await expect(page.getByTestId('clientes-con-deuda')).toHaveText(`${cifra.clientes_con_deuda} clientes te deben en la libreta de fiado.`);

  await page.goto('/visualizar/datos-brutos/dashboards');
  await expect(page.locator('[data-indicador="por_cobrar"]')).toHaveText(comoPesos(cifra.por_cobrar));

  await page.goto('/notificaciones');
  await expect(page.getByText(/^Juana Pérez te debe \$[\d.]+ desde hace 38 días\.$/)).toBeVisible();
});
