import { expect, test } from '@playwright/test';
import { ADMIN, conToken, iniciarSesionConFormulario, PYME, rutValido, sufijoUnico, tokenApi } from './helpers';

test.describe('Inicio de sesión', () => {
  test('refuses a wrong password with the spec message and accepts the right one', async ({ page }) => {
    await page.goto('/inicio-sesion');
    await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(PYME.correo);
    await page.getByLabel('Contraseña').fill('NoEsLaClave1');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    await expect(page).toHaveURL(/\/inicio-sesion$/);

    await page.getByLabel('Contraseña').fill(PYME.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/inicio\/inicio$/);
    await expect(page.getByRole('button', { name: new RegExp(`Menú de usuario: ${PYME.nombre}.*Pyme`) })).toBeVisible();
  });

  test('a deactivated account is told so, in tú, with the right password only', async ({ page, request }) => {
    const sufijo = sufijoUnico();
    const cuenta = { correo: `desactivada${sufijo}@demo.cl`, password: 'Inicial123' };
    const token = await tokenApi(request, ADMIN);
    const cuerpo = 17_000_000 + Number(sufijo.slice(-5));
    const res = await request.post('/api/users', {
      ...conToken(token),
      data: {
        nombre: 'Cuenta Desactivada',
        correo: cuenta.correo,
        empresa: 'Cerrada SpA',
        rol: 'pyme',
        contrasena: cuenta.password,
        rut_usuario: rutValido(cuerpo),
        rut_empresa: rutValido(cuerpo + 1),
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    const { id_usuario } = (await res.json()) as { id_usuario: number };
    expect((await request.put(`/api/users/${id_usuario}`, { ...conToken(token), data: { estado: 'inactivo' } })).ok()).toBeTruthy();

    await page.goto('/inicio-sesion');
    await page.getByLabel('Correo electrónico').fill(cuenta.correo);
    await page.getByLabel('Contraseña').fill(cuenta.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Tu cuenta fue desactivada. Escribe a soporte o a un administrador para que la reactiven.',
    );
    await expect(page).toHaveURL(/\/inicio-sesion$/);
    // A wrong password says nothing about the account.
    await page.getByLabel('Contraseña').fill('NoEsLaClave1');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
  });

  test('validates the form before calling the server', async ({ page }) => {
    await page.goto('/inicio-sesion');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('El correo es obligatorio.')).toBeVisible();
    await expect(page.getByText('La contraseña es obligatoria.')).toBeVisible();
  });

  test('Recordar sesión keeps the token in localStorage, otherwise only for the tab', async ({ page, context }) => {
    await iniciarSesionConFormulario(page, PYME);
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // A second tab does not share sessionStorage: it has to sign in again.
    const otra = await context.newPage();
    await otra.goto('/pos/nueva-venta');
    await expect(otra).toHaveURL(/\/inicio-sesion$/);
    await otra.close();

    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/inicio-sesion$/);

    await iniciarSesionConFormulario(page, PYME, { recordar: true });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    const segunda = await context.newPage();
    await segunda.goto('/pos/nueva-venta');
    await expect(segunda.getByRole('heading', { name: 'Punto de Venta' })).toBeVisible();
    await segunda.close();
  });

  test('logout removes the token and protected pages send back to the login', async ({ page, request }) => {
    await iniciarSesionConFormulario(page, PYME, { recordar: true });
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await expect(page.getByRole('link', { name: 'Mi perfil' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Configuración' })).toBeVisible();
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/inicio-sesion$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'))).toBeNull();
    // The server ended that token too: a copy of it opens nothing.
    await expect
      .poll(async () => (await request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).status())
      .toBe(401);
    await page.goto('/pos/transacciones');
    await expect(page).toHaveURL(/\/inicio-sesion$/);
  });

  test('a stale token is dropped and the login says the session expired', async ({ page }) => {
    await page.goto('/inicio-sesion');
    await page.evaluate(() => localStorage.setItem('authToken', 'token-vencido'));
    await page.goto('/inicio');
    await expect(page).toHaveURL(/\/inicio-sesion$/);
    await expect(page.getByText('La sesión ha expirado. Por favor, inicie sesión de nuevo.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});

test.describe('Roles', () => {
  test('a pyme is sent away from /usuarios and does not see the admin items', async ({ page }) => {
    await iniciarSesionConFormulario(page, PYME);
    const menu = page.getByRole('navigation', { name: 'Secciones', exact: true });
    await expect(menu.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'POS' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Gestión de Usuarios' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Gestión de Chats' })).toHaveCount(0);
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/inicio\/inicio$/);
    await page.goto('/chats');
    await expect(page).toHaveURL(/\/inicio\/inicio$/);
  });

  test('the administrador sees Gestión de Usuarios and Gestión de Chats', async ({ page }) => {
    await iniciarSesionConFormulario(page, ADMIN);
    const menu = page.getByRole('navigation', { name: 'Secciones', exact: true });
    await expect(menu.getByRole('link', { name: 'Gestión de Usuarios' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Gestión de Chats' })).toBeVisible();
    await menu.getByRole('link', { name: 'Gestión de Usuarios' }).click();
    await expect(page).toHaveURL(/\/usuarios\/gestion-usuarios$/);
    await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Menú de usuario: .*Administrador/ })).toBeVisible();
  });
});

test.describe('Shell', () => {
  test('/ goes to /inicio, tabs route, the sidebar folds and the error page speaks Spanish', async ({ page }) => {
    await iniciarSesionConFormulario(page, PYME);
    await page.goto('/');
    await expect(page).toHaveURL(/\/inicio\/inicio$/);
    await page.goto('/pos');
    await expect(page).toHaveURL(/\/pos\/nueva-venta$/);
    await page.goto('/actualizaciones');
    await expect(page).toHaveURL(/\/inicio\/actualizaciones$/);
    await expect(page.getByRole('navigation', { name: 'Secciones', exact: true }).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const toggle = page.getByRole('button', { name: 'Contraer menú lateral' });
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Expandir menú lateral' })).toHaveAttribute('aria-expanded', 'false');

    // An address that is no page says so, without an error in the console.
    const consola: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consola.push(m.text());
    });
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { name: 'Esta página no existe' })).toBeVisible();
    await expect(page.getByText(/La dirección no corresponde a ninguna pantalla/)).toBeVisible();
    await expect(page.getByText(/Oops|Algo salió mal|Error desconocido/)).toHaveCount(0);
    await expect(page).toHaveTitle(/^Esta página no existe/);
    expect(consola).toEqual([]);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/inicio\/inicio$/);
  });

  test('the help panel opens, minimises and closes', async ({ page }) => {
    await iniciarSesionConFormulario(page, PYME);
    await page.getByRole('button', { name: 'Ayuda' }).click();
    const panel = page.getByRole('region', { name: /Chat de ayuda/ });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/Soy Badito/)).toBeVisible();
    await panel.getByRole('button', { name: 'Minimizar el chat' }).click();
    await expect(panel.getByText(/Soy Badito/)).toBeHidden();
    // Restored, the conversation is the same one (kept while minimised).
    await panel.getByRole('button', { name: 'Restaurar el chat' }).click();
    await expect(panel.getByText(/Soy Badito/)).toBeVisible();
    await panel.getByRole('button', { name: 'Cerrar el chat' }).click();
    await expect(panel).toHaveCount(0);
    // No floating button sits over the page's own controls; the top bar opens the panel.
    await expect(page.getByRole('button', { name: /Abrir el chat/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Ayuda' }).click();
    await expect(panel).toBeVisible();

    // Badito's own page is the one Badito on screen: the open panel steps aside, nothing floats,
    // and the help button takes the cursor to the page's question field.
    await page.getByRole('link', { name: '¿Necesitas Ayuda?' }).click();
    await expect(page).toHaveURL(/\/ayuda\/chatbot-badito$/);
    await expect(page.getByText(/Soy Badito/)).toHaveCount(1);
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Abrir el chat/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Ayuda' }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('textbox', { name: 'Mensaje para Badito' })).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Mensaje para Badito' })).toHaveCount(1);
  });

  test('on a phone the sidebar starts folded and folds again after choosing a link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await iniciarSesionConFormulario(page, PYME);
    const menu = page.getByRole('navigation', { name: 'Secciones', exact: true });
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Expandir menú lateral' }).click();
    await menu.getByRole('link', { name: 'POS' }).click();
    await expect(page).toHaveURL(/\/pos\/nueva-venta$/);
    await expect(menu).toBeHidden();
  });
});
