// Hands at the till you can trust (issue 31, docs/cajeros.md): the owner sets their PIN and creates a
// cashier; «Cambiar cajero» makes the till the cashier's (a cashier's menu); the cashier sells and is
// asked for the owner's PIN to void (a wrong one is refused, the owner's goes through); the audit
// names both; the shift report says who sold what, and a cashier counts blind and the till locks. The
// idle lock runs on Playwright's clock (no waiting on real time), survives a reload; a phone does the
// key steps; signing out forgets the device's customers and keeps its outbox.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  abrirTurnoApi,
  captura,
  comoPesos,
  conToken,
  crearProducto,
  iniciarSesion,
  PYME,
  rafagaDeEscaner,
  sinTurnoAbierto,
  sufijoUnico,
  tiendaDe,
  tiendaSinTurno,
  type ProductoApi,
  ESPERA_CATALOGO_MS,
  almacenIndexedDb,
} from './helpers';

/** Serious and critical WCAG A/AA findings (as e2e/accesibilidad.spec.ts); a toast fading out is not the screen's. */
async function revisarAxe(page: Page, nombre: string) {
  const resultado = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  const graves = resultado.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const resumen = graves.map((v) => `${v.id} (${v.impact}): ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(resumen, `axe en ${nombre}`).toEqual([]);
}

/** The owner's PIN; each test's cashier has its own (a PIN is unique in the shop). */
const PIN_DUENO = '4321';
const MENSAJE_PIN_AJENO = 'El PIN no es el del dueño de la tienda. No se hizo ningún cambio.';

interface Venta {
  id_venta: number;
  numero_venta: number;
  total: number;
  id_vendedor: number | null;
  nombre_vendedor: string | null;
}

/** The owner's PIN and a cashier, through the API (the UI for both is the first test's). */
async function tiendaConCajero(request: APIRequestContext, token: string, idMinimarket: number, cajero: { nombre: string; pin: string }) {
  const pin = await request.put('/api/auth/pin', { ...conToken(token), data: { pin: PIN_DUENO, contrasena: PYME.password } });
  expect(pin.status()).toBe(204);
  const res = await request.post(`/api/minimarkets/${idMinimarket}/cajeros`, { ...conToken(token), data: cajero });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id_usuario: number; nombre: string };
}

async function abrirTurno(request: APIRequestContext, token: string, idMinimarket: number) {
  await sinTurnoAbierto(request, token, idMinimarket);
  await abrirTurnoApi(request, token, idMinimarket, 20000);
}

/** «Cambiar cajero»: the PIN pad, typed with the keyboard and sent with Enter. */
async function cambiarCajero(page: Page, pin: string) {
  await page.getByRole('button', { name: 'Cambiar cajero' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Cambiar cajero' });
  await expect(dialogo.getByLabel('PIN', { exact: true })).toBeFocused();
  await page.keyboard.type(pin);
  await page.keyboard.press('Enter');
  await expect(dialogo).toBeHidden();
}

/** Who the user menu says is signed in. */
async function expectPersona(page: Page, nombre: string, rol: string) {
  await expect(page.getByRole('button', { name: /Menú de usuario/ })).toContainText(nombre);
  await expect(page.getByRole('button', { name: /Menú de usuario/ })).toContainText(rol);
}

/** One unit scanned and paid in exact cash at Nueva venta; the server's sale. */
async function venderEnEfectivo(page: Page, producto: ProductoApi): Promise<Venta> {
  await page.goto('/pos/nueva-venta');
  await page.getByLabel('Código de barras').focus();
  await rafagaDeEscaner(page, producto.codigo_barra);
  await expect(page.getByLabel(`Cantidad de ${producto.nombre_producto}`)).toHaveValue('1');
  await page.getByRole('button', { name: 'Proceder al Pago' }).click();
  const respuesta = page.waitForResponse((r) => r.url().endsWith('/api/ventas/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(producto.precio_venta_actual)}` }).click();
  const res = await respuesta;
  expect(res.status()).toBe(201);
  await expect(page.getByTestId('venta-registrada')).toBeVisible();
  return (await res.json()) as Venta;
}

/** Transacciones on one sale, its detail open. */
async function abrirVenta(page: Page, venta: Venta) {
  await page.goto('/pos/transacciones');
  await page.getByLabel('N° de venta').fill(String(venta.numero_venta));
  await page.getByRole('button', { name: 'Buscar' }).click();
  const fila = page.getByTestId(`venta-${venta.id_venta}`);
  await expect(fila).toBeVisible();
  await fila.getByRole('button', { name: `Ver detalle de la venta N° ${venta.numero_venta}` }).click();
  return fila;
}

/** «Anular venta» up to the owner's approval dialog. */
async function pedirAnulacion(page: Page, venta: Venta) {
  await page.getByRole('button', { name: 'Anular venta' }).click();
  const anular = page.getByRole('dialog', { name: `Anular venta N° ${venta.numero_venta}` });
  await anular.getByLabel('Motivo de la anulación').fill('El cliente se arrepintió');
  await anular.getByRole('button', { name: 'Continuar' }).click();
  await anular.getByRole('button', { name: 'Sí, anular venta' }).click();
  const autorizacion = page.getByRole('dialog', { name: 'Autorización del dueño' });
  await expect(autorizacion.getByTestId('detalle-autorizacion')).toHaveText(
    'Anular una venta requiere la autorización del dueño: pídele que ingrese su PIN.',
  );
  return autorizacion;
}

/** An offline sale sent straight to the API: dated 20 minutes before the device's last contact, at a price under the shelf's. */
async function ventaSinConexionConAlertas(request: APIRequestContext, token: string, idMinimarket: number, producto: ProductoApi) {
  const ahora = Date.now();
  const precio = producto.precio_venta_actual - 100;
  const res = await request.post('/api/ventas/', {
    headers: { ...conToken(token).headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      id_minimarket: idMinimarket,
      total: precio,
      metodo_pago: 'Efectivo',
      detalles: [{ id_producto: producto.id_producto, num_unidades: 1, precio_unitario: precio, subtotal: precio }],
      origen: 'offline',
      fecha_venta: new Date(ahora - 25 * 60_000).toISOString(),
      referencia_local: `CE2E${sufijoUnico().slice(-2)}-0001`,
      ultimo_contacto: new Date(ahora - 2 * 60_000).toISOString(),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Venta & { alertas: string[] };
}

test('the owner sets a PIN and a cashier; the cashier sells, the void needs the owner’s PIN; audit, report by person, blind count', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Galletas Cajero ${sufijoUnico()}`, stock: 20, costo: 900 });

  // The owner's PIN, in Mi perfil.
  await iniciarSesion(page, PYME, { en: '/perfil' });
  const tuPin = page.getByRole('form', { name: 'Tu PIN' });
  await tuPin.getByLabel(/^(Nuevo )?PIN$/).fill(PIN_DUENO);
  await tuPin.getByLabel('Tu contraseña').fill(PYME.password);
  await tuPin.getByRole('button', { name: /(Crear|Cambiar) PIN/ }).click();
  await expect(tuPin.getByRole('status')).toContainText(/Tu PIN (quedó guardado|cambió)\./);
  await expect(page.getByTestId('estado-pin')).toHaveText('PIN creado');

  // A cashier «Ana», in Configuración: the PIN shows as dots until «Mostrar».
  await page.goto('/configuracion');
  await page.getByRole('button', { name: 'Nuevo cajero' }).click();
  const nuevo = page.getByRole('dialog', { name: 'Nuevo cajero' });
  await nuevo.getByLabel('Nombre').fill('Ana');
  const pin = nuevo.getByRole('textbox', { name: 'PIN', exact: true });
  await pin.fill('1357');
  await expect(pin).toHaveAttribute('type', 'password');
  await nuevo.getByRole('button', { name: 'Mostrar el PIN' }).click();
  await expect(pin).toHaveAttribute('type', 'text');
  const creado = page.waitForResponse(
    (r) => r.url().endsWith(`/api/minimarkets/${idMinimarket}/cajeros`) && r.request().method() === 'POST',
  );
  await nuevo.getByRole('button', { name: 'Crear cajero' }).click();
  const ana = (await (await creado).json()) as { id_usuario: number };
  const filaAna = page.getByTestId(`cajero-${ana.id_usuario}`);
  await expect(filaAna).toContainText('Ana');
  await expect(filaAna).toContainText('Activo');
  await expect(filaAna).toContainText('Solo PIN');
  await filaAna.scrollIntoViewIfNeeded();
  await captura(page, 'cajeros-lista-1366', { fullPage: false });
  await revisarAxe(page, 'Configuración con sus cajeros');

  await abrirTurno(request, token, idMinimarket);

  // «Cambiar cajero» → Ana's PIN: the UI becomes Ana's (a cashier's menu; Configuración is not hers).
  await page.getByRole('button', { name: 'Cambiar cajero' }).click();
  await expect(page.getByRole('dialog', { name: 'Cambiar cajero' })).toBeVisible();
  await captura(page, 'pin-cambiar-cajero-1366', { fullPage: false });
  await page.keyboard.type('1357');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pos\/nueva-venta$/);
  await expectPersona(page, 'Ana', 'Cajero');
  const menu = page.getByRole('navigation', { name: 'Secciones' });
  await expect(menu.getByRole('link', { name: 'POS' })).toBeVisible();
  for (const seccion of ['Inicio', 'Visualizar Información', 'Cargar Información'])
    await expect(menu.getByRole('link', { name: seccion })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'NUEVO PRODUCTO' })).toHaveCount(0);
  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  await expect(page.getByRole('link', { name: 'Configuración' })).toHaveCount(0);
  await captura(page, 'cajero-menu-1366', { fullPage: false });
  await page.keyboard.press('Escape');

  // Ana sells twice in cash; the sales are hers.
  const aAnular = await venderEnEfectivo(page, producto);
  expect(aAnular).toMatchObject({ id_vendedor: ana.id_usuario, nombre_vendedor: 'Ana' });
  const queda = await venderEnEfectivo(page, producto);

  // Ana voids the first: the owner's PIN is asked; a wrong one is refused, the owner's goes through.
  const fila = await abrirVenta(page, aAnular);
  await expect(fila.getByTestId('vendedor')).toHaveText('Ana');
  const autorizacion = await pedirAnulacion(page, aAnular);
  await captura(page, 'autorizacion-dueno-1366', { fullPage: false });
  await autorizacion.getByLabel('PIN del dueño').fill('0000');
  await autorizacion.getByLabel('PIN del dueño').press('Enter');
  await expect(autorizacion.getByRole('alert').filter({ hasText: MENSAJE_PIN_AJENO })).toBeVisible();
  await expect(autorizacion.getByLabel('PIN del dueño')).toHaveValue('');
  await autorizacion.getByLabel('PIN del dueño').fill(PIN_DUENO);
  await autorizacion.getByLabel('PIN del dueño').press('Enter');
  await expect(autorizacion).toBeHidden();
  await expect(fila).toHaveAttribute('data-estado', 'Anulada');

  // The owner takes the till back: the audit names who voided and who approved.
  await cambiarCajero(page, PIN_DUENO);
  await expectPersona(page, PYME.nombre, 'Pyme');
  await page.goto('/configuracion');
  await page.getByRole('link', { name: 'Ver auditoría' }).click();
  await expect(page).toHaveURL(/\/configuracion\/auditoria$/);
  const anulacion = page.locator('[data-accion="anulacion"]').first();
  await expect(anulacion).toContainText('Ana');
  await expect(anulacion).toContainText(PYME.nombre);
  await expect(page.locator('[data-accion="pin_rechazado"]').first()).toBeVisible();
  await captura(page, 'auditoria-1366', { fullPage: false });
  await revisarAxe(page, 'la auditoría');

  // Transacciones: seller, an offline sale's «Sin conexión», its arrival, its alerts and the shelf's price.
  const conAlertas = await ventaSinConexionConAlertas(request, token, idMinimarket, producto);
  expect(conAlertas.alertas.length).toBeGreaterThan(0);
  await page.goto('/pos/transacciones');
  await page.getByLabel('Con alertas').check();
  const filaAlertas = page.getByTestId(`venta-${conAlertas.id_venta}`);
  await expect(filaAlertas.getByTestId('alertas-venta')).toContainText(
    'Hora de la venta anterior al último contacto del equipo con el servidor',
  );
  await expect(filaAlertas).toContainText('Sin conexión');
  await expect(filaAlertas.getByTestId('recibida-en')).toContainText('Recibida');
  await filaAlertas.getByRole('button', { name: /Ver detalle de la venta/ }).click();
  await expect(page.getByTestId('precio-catalogo')).toHaveText(`Catálogo: ${comoPesos(producto.precio_venta_actual)}`);
  await captura(page, 'transacciones-vendedor-alertas-1366', { fullPage: false });
  await revisarAxe(page, 'Transacciones con vendedor y alertas');
  await page.getByLabel('Con alertas').uncheck();
  await page.getByLabel('Vendedor').selectOption({ label: 'Ana' });
  await expect(page.getByTestId(`venta-${queda.id_venta}`)).toBeVisible();
  await expect(page.getByTestId(`venta-${conAlertas.id_venta}`)).toHaveCount(0);

  // The running report by person: Ana's kept sale.
  await page.goto('/pos/caja');
  await page.getByRole('button', { name: 'Ver informe X' }).click();
  const porPersona = page.locator('#informe-x').getByTestId('ventas-por-persona');
  await expect(porPersona.getByRole('row', { name: /Ana/ })).toContainText(comoPesos(queda.total));

  // Ana closes: a blind count (no expected cash, no difference), then the till locks.
  await cambiarCajero(page, '1357');
  await page.goto('/pos/caja');
  await page.getByRole('button', { name: 'Ver informe X' }).click();
  await expect(page.locator('#informe-x').getByTestId('ventas-por-persona')).toContainText('Ana');
  await expect(page.getByTestId('esperado-efectivo')).toHaveCount(0);
  await page.getByLabel('Efectivo contado').fill('$22.000');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('conteo-contado')).toHaveText(comoPesos(22000));
  await expect(page.getByTestId('conteo-esperado')).toHaveCount(0);
  await page.getByRole('button', { name: `Cerrar turno con ${comoPesos(22000)}` }).click();
  const bloqueo = page.getByTestId('caja-bloqueada');
  await expect(bloqueo.getByRole('heading', { name: 'Caja bloqueada — ingresa tu PIN' })).toBeVisible();
  await expect(bloqueo.getByTestId('aviso-bloqueo')).toContainText(`Conteo registrado: ${comoPesos(22000)}`);
  await captura(page, 'caja-bloqueada-1366', { fullPage: false });
  // Escape does not unlock; nothing behind it takes the focus.
  await page.keyboard.press('Escape');
  await expect(bloqueo).toBeVisible();
  await expect(bloqueo.getByLabel('Tu PIN')).toBeFocused();

  // The owner unlocks and reads the closed shift: who counted, sales by person, the difference.
  await bloqueo.getByLabel('Tu PIN').fill(PIN_DUENO);
  await bloqueo.getByLabel('Tu PIN').press('Enter');
  await expect(bloqueo).toBeHidden();
  await expectPersona(page, PYME.nombre, 'Pyme');
  const turnos = page.getByRole('table', { name: 'Turnos de caja cerrados' });
  await turnos
    .getByRole('button', { name: /Ver informe/ })
    .first()
    .click();
  const informe = turnos.locator('article').first();
  await expect(informe.getByTestId('contado-por')).toHaveText('Contó el efectivo: Ana');
  await expect(informe.getByTestId('ventas-por-persona')).toContainText('Ana');
  await expect(informe.getByTestId('diferencia')).toBeVisible();
  await informe.scrollIntoViewIfNeeded();
  await captura(page, 'informe-turno-por-persona-1366', { fullPage: false });
});

test('a sale refused on its way from a device waits in Transacciones → Ventas rechazadas until the owner resolves it', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const referencia = `CR${sufijoUnico().slice(-3)}-0001`;
  // A product that is not the shop's: refused for good, kept for the owner.
  const res = await request.post('/api/ventas/', {
    headers: { ...conToken(token).headers, 'Idempotency-Key': crypto.randomUUID() },
    data: {
      id_minimarket: idMinimarket,
      total: 1000,
      metodo_pago: 'Efectivo',
      detalles: [{ id_producto: 2_000_000_000, num_unidades: 1, precio_unitario: 1000, subtotal: 1000 }],
      origen: 'offline',
      fecha_venta: new Date(Date.now() - 60_000).toISOString(),
      referencia_local: referencia,
    },
  });
  expect(res.status()).toBe(404);

  await iniciarSesion(page, PYME, { en: '/pos/transacciones' });
  const seccion = page.locator('#ventas-rechazadas');
  const fila = seccion.getByRole('row', { name: new RegExp(referencia) });
  await expect(fila).toContainText('Por resolver');
  await fila.getByRole('button', { name: /Marcar como resuelta/ }).click();
  const dialogo = page.getByRole('dialog', { name: 'Marcar como resuelta' });
  await dialogo.getByLabel('Nota').fill('Se cobró de nuevo en el mostrador.');
  await dialogo.getByRole('button', { name: 'Marcar como resuelta' }).click();
  await expect(dialogo).toBeHidden();
  await expect(seccion.getByRole('row', { name: new RegExp(referencia) })).toHaveCount(0);
  await seccion.getByLabel('Ver también las resueltas').check();
  await expect(seccion.getByRole('row', { name: new RegExp(referencia) })).toContainText('Se cobró de nuevo en el mostrador.');
});

test('the shared till locks after the shop’s idle minute (Playwright’s clock), stays locked on reload, and opens with a PIN', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  await tiendaConCajero(request, token, idMinimarket, { nombre: 'Carla', pin: '8642' });
  const configurar = (minutos: number) =>
    request.patch(`/api/minimarkets/${idMinimarket}/configuracion`, { ...conToken(token), data: { minutos_bloqueo_caja: minutos } });
  expect((await configurar(1)).ok()).toBeTruthy();
  try {
    await page.clock.install();
    await iniciarSesion(page, PYME);
    await cambiarCajero(page, '8642');
    await expectPersona(page, 'Carla', 'Cajero');
    const bloqueo = page.getByTestId('caja-bloqueada');
    await expect(bloqueo).toHaveCount(0);

    // A minute and a bit with no touch, key or scan.
    await page.clock.fastForward('01:05');
    await expect(bloqueo.getByRole('heading', { name: 'Caja bloqueada — ingresa tu PIN' })).toBeVisible();

    await page.reload();
    await expect(bloqueo.getByRole('heading', { name: 'Caja bloqueada — ingresa tu PIN' })).toBeVisible();

    // A wrong PIN is said and the pad clears; a PIN of the shop opens it.
    const campo = bloqueo.getByLabel('Tu PIN');
    await campo.fill('9999');
    await campo.press('Enter');
    await expect(bloqueo.getByRole('alert')).toHaveText('PIN incorrecto.');
    await expect(campo).toHaveValue('');
    for (const tecla of ['8', '6', '4', '2']) await bloqueo.getByRole('button', { name: tecla, exact: true }).click();
    await bloqueo.getByRole('button', { name: 'Entrar' }).click();
    await expect(bloqueo).toBeHidden();
    await expectPersona(page, 'Carla', 'Cajero');
  } finally {
    expect((await configurar(10)).ok()).toBeTruthy();
  }
});

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('switch to a cashier, sell, void with the owner’s PIN; the locked till', async ({ page, request }) => {
    const { token, idMinimarket } = await tiendaDe(request, PYME);
    await tiendaConCajero(request, token, idMinimarket, { nombre: 'Beto', pin: '2468' });
    await sinTurnoAbierto(request, token, idMinimarket);
    const producto = await crearProducto(request, token, idMinimarket, { nombre: `Jugo Cajero ${sufijoUnico()}`, stock: 10, costo: 700 });

    await iniciarSesion(page, PYME);
    await page.getByRole('button', { name: 'Cambiar cajero' }).click();
    await expect(page.getByRole('dialog', { name: 'Cambiar cajero' })).toBeVisible();
    await captura(page, 'pin-cambiar-cajero-390', { fullPage: false });
    await revisarAxe(page, 'el teclado de «Cambiar cajero»');
    await page.keyboard.type('2468');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pos\/nueva-venta$/);
    await page.getByRole('button', { name: 'Expandir menú lateral' }).click();
    const menu = page.getByRole('navigation', { name: 'Secciones' });
    await expect(menu.getByRole('link', { name: 'POS' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Visualizar Información' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Contraer menú lateral' }).click();

    const venta = await venderEnEfectivo(page, producto);
    expect(venta.nombre_vendedor).toBe('Beto');
    const tarjeta = await abrirVenta(page, venta);
    await expect(tarjeta).toContainText('Vendedor: Beto');
    const autorizacion = await pedirAnulacion(page, venta);
    await captura(page, 'autorizacion-dueno-390', { fullPage: false });
    await revisarAxe(page, 'la autorización del dueño');
    for (const tecla of PIN_DUENO) await autorizacion.getByRole('button', { name: tecla, exact: true }).click();
    await autorizacion.getByRole('button', { name: 'Autorizar' }).click();
    await expect(autorizacion).toBeHidden();
    await expect(tarjeta).toHaveAttribute('data-estado', 'Anulada');
    await captura(page, 'transacciones-vendedor-390', { fullPage: false });

    // The lock survives a reload (kept on the device).
    await page.evaluate(() => localStorage.setItem('cajaBloqueada', JSON.stringify({ desde: new Date().toISOString(), aviso: null })));
    await page.reload();
    const bloqueo = page.getByTestId('caja-bloqueada');
    await expect(bloqueo.getByRole('heading', { name: 'Caja bloqueada — ingresa tu PIN' })).toBeVisible();
    await captura(page, 'caja-bloqueada-390', { fullPage: false });
    await revisarAxe(page, 'la caja bloqueada');
    await bloqueo.getByLabel('Tu PIN').fill('2468');
    await bloqueo.getByLabel('Tu PIN').press('Enter');
    await expect(bloqueo).toBeHidden();

    // The cashiers' list, as cards, for the owner.
    await cambiarCajero(page, PIN_DUENO);
    await page.goto('/configuracion');
    await page.getByRole('list', { name: /Cajeros de/ }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('list', { name: /Cajeros de/ })).toContainText('Beto');
    await captura(page, 'cajeros-lista-390', { fullPage: false });
  });
});

/** Rows of a store of the device's database, as the browser has them. */
const filasIndexedDb = async (page: Page, almacen: string) => (await almacenIndexedDb(page, almacen)).filas;

test("signing out forgets the device's customers and balances; the outbox stays and is said", async ({ page, context, request }) => {
  const { token, idMinimarket } = await tiendaSinTurno(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Té Salida ${sufijoUnico()}`, stock: 10, costo: 500 });

  await iniciarSesion(page, PYME, { en: '/pos/nueva-venta' });
  await expect
    .poll(async () => (await filasIndexedDb(page, 'catalogo_productos')).some((p) => p.codigo_barra === producto.codigo_barra), {
      timeout: ESPERA_CATALOGO_MS,
    })
    .toBe(true);
  expect((await filasIndexedDb(page, 'catalogo_clientes')).length).toBeGreaterThan(0);

  // A sale with no connection: it waits in the outbox.
  await context.setOffline(true);
  try {
    await page.getByLabel('Código de barras').focus();
    await rafagaDeEscaner(page, producto.codigo_barra);
    await page.getByRole('button', { name: 'Proceder al Pago' }).click();
    await page.getByRole('button', { name: `Finalizar venta · ${comoPesos(producto.precio_venta_actual)}` }).click();
    await expect(page.getByTestId('venta-registrada')).toContainText('pendiente de envío');
    const pendientes = await filasIndexedDb(page, 'ventas_pendientes');
    const enCola = pendientes.find((v) => v.estado === 'pendiente') as { cuerpo: { id_vendedor?: number } } | undefined;
    // The sale names its seller, for whoever of the shop sends it later.
    const me = await (await request.get('/api/users/me', conToken(token))).json();
    expect(enCola?.cuerpo.id_vendedor).toBe(me.id_usuario);

    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    const aviso = page.getByRole('dialog', { name: '¿Cerrar sesión?' });
    await expect(aviso.getByTestId('aviso-ventas-sin-enviar')).toHaveText(
      'Queda 1 venta sin enviar en este equipo: se enviará cuando alguien de la tienda vuelva a entrar.',
    );
    await aviso.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/inicio-sesion/);

    await expect.poll(async () => (await filasIndexedDb(page, 'catalogo_clientes')).length).toBe(0);
    const meta = (await almacenIndexedDb(page, 'meta')).claves;
    expect(meta.filter((c) => c.startsWith('saldos_clientes:'))).toEqual([]);
    expect((await filasIndexedDb(page, 'ventas_pendientes')).filter((v) => v.estado === 'pendiente')).toHaveLength(1);
  } finally {
    await context.setOffline(false);
  }
});
