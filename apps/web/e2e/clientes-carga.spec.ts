// Importing la libreta (issue #21, docs/fiado.md «Importar la libreta») through Cargar datos: a
// CSV like the template (as Excel in Chile saves it) with two neighbours and their debts, plus one
// row with a bad RUT. The result shows the counters and the rejected row's reason; CLIENTES then
// lists both customers with their balances and «Debe desde», and the customer's page shows the
// opening balance as «Saldo inicial (libreta)» in the statement.
import { expect, test } from '@playwright/test';
import { comoPesos, iniciarSesion, PYME, sufijoUnico } from './helpers';

/** 'dd-mm-aaaa' as the list shows a day (es-CL, Santiago). */
const comoDia = (d: Date) =>
  new Intl.DateTimeFormat('es-CL', { timeZone: 'America/Santiago', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);

test('Cargar datos → Clientes (libreta): the counters, then CLIENTES with each balance and the statement', async ({ page }) => {
  const sufijo = sufijoUnico();
  const maria = `María Libreta ${sufijo}`;
  const luis = `Luis Libreta ${sufijo}`;
  // The debt started 21 days ago (noon in Santiago, written as the day only).
  const hace21 = new Date(Date.now() - 21 * 86_400_000);
  const dia = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(hace21);
  const csv = [
    'nombre;rut;telefono;direccion;limite_credito;saldo_inicial;fiado_desde;notas',
    `${maria};;+56 9 8123 4567;Los Aromos 1234;50000;$12.500;${dia};Paga los viernes`,
    `${luis};;9 7654 3210;;;3990;;Vecino del pasaje`,
    `Carla Mala ${sufijo};12.345.678-9;;;;1000;;`,
  ].join('\r\n');

  await iniciarSesion(page, PYME, { en: '/cargar/cargar-datos' });
  await page.getByRole('radio', { name: 'Clientes (libreta)' }).check();
  // Its columns are explained before uploading.
  await expect(page.getByText('nombre, rut, telefono, direccion, limite_credito, saldo_inicial, fiado_desde, notas')).toBeVisible();
  await page
    .getByLabel('Seleccionar archivo')
    .setInputFiles({ name: `libreta-${sufijo}.csv`, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8') });
  await page.getByRole('radio', { name: 'Clientes (libreta)' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  const resultado = page.getByTestId('ultima-carga');
  await expect(resultado.getByText('Con errores', { exact: true })).toBeVisible({ timeout: 30_000 });
  const cifra = (etiqueta: string) => resultado.locator('dl > div').filter({ has: page.getByText(etiqueta, { exact: true }) });
  await expect(cifra('Filas leídas').locator('dd')).toHaveText('3');
  await expect(cifra('Clientes cargados').locator('dd')).toHaveText('2');
  await expect(cifra('Omitidos por duplicado').locator('dd')).toHaveText('0');
  await expect(cifra('Errores').locator('dd')).toHaveText('1');
  await expect(resultado).toContainText('Se cargaron 2 clientes a la libreta, que deben $16.490 en total (saldo inicial).');
  const errores = resultado.getByRole('table', { name: 'Filas con errores' }).getByRole('row');
  await expect(errores.nth(1).getByRole('cell')).toHaveText(['4', 'rut', 'El RUT no es válido (revisa el dígito verificador).']);

  // CLIENTES: both neighbours with what they owe and since when.
  await page.goto('/pos/clientes');
  await page.getByLabel('Buscar cliente').fill(`Libreta ${sufijo}`);
  await expect(page.getByTestId('fila-cliente')).toHaveCount(2);
  const filaMaria = page.locator(`[data-testid="fila-cliente"][data-cliente="${maria}"]`);
  const filaLuis = page.locator(`[data-testid="fila-cliente"][data-cliente="${luis}"]`);
  await expect(filaMaria.getByTestId('saldo-cliente')).toHaveText(comoPesos(12_500));
  await expect(filaMaria).toContainText(comoDia(hace21));
  await expect(filaLuis.getByTestId('saldo-cliente')).toHaveText(comoPesos(3990));
  await expect(filaLuis).toContainText(comoDia(new Date()));

  // The customer's page: the statement opens with the notebook's debt.
  await filaMaria.getByRole('link', { name: `Ver cuenta de ${maria}` }).click();
  await expect(page.getByTestId('saldo-cuenta')).toHaveText(comoPesos(12_500));
  const movimiento = page.getByTestId('movimiento').first();
  await expect(movimiento).toHaveAttribute('data-tipo', 'saldo_inicial');
  await expect(movimiento).toContainText('Saldo inicial (libreta)');
  await expect(movimiento).toContainText(comoDia(hace21));
});
