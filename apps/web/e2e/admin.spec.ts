import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, conToken, iniciarSesion, rutValido as rut, sufijoUnico, tokenApi } from './helpers';

/** Enough extra rows (created through the API) that the list has a second page. */
async function crearRelleno(request: APIRequestContext, token: string, sufijo: string) {
  for (let i = 0; i < 11; i++) {
    const res = await request.post('/api/users', {
      ...conToken(token),
      data: {
        nombre: `Relleno ${sufijo} ${String(i).padStart(2, '0')}`,
        correo: `relleno${sufijo}${i}@demo.cl`,
        empresa: 'Relleno SpA',
        rol: 'pyme',
        contrasena: 'Relleno123',
        rut_usuario: rut(20_000_000 + Number(sufijo.slice(-4)) * 20 + i),
        rut_empresa: rut(76_000_000 + i),
        estado: 'activo',
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

test('the administrador creates, finds, pages through, edits and deletes a user', async ({ page, request }) => {
  const sufijo = sufijoUnico();
  const token = await tokenApi(request, ADMIN);
  await crearRelleno(request, token, sufijo);
  const nombre = `Usuaria E2E ${sufijo}`;
  const correo = `e2e${sufijo}@demo.cl`;

  await iniciarSesion(page, ADMIN, { en: '/usuarios/gestion-usuarios' });
  await expect(page.getByTestId('total-usuarios')).toContainText('Total:');

  // Page through: more than 10 users now.
  const paginacion = page.getByRole('navigation', { name: 'Paginación' });
  await expect(paginacion).toBeVisible();
  await paginacion.getByRole('button', { name: 'Siguiente' }).click();
  await expect(paginacion.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  await expect(paginacion).toContainText('Página 2 de');
  await paginacion.getByRole('button', { name: 'Anterior' }).click();
  await expect(paginacion.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');

  // Create, checking the form rules first.
  await page.getByRole('button', { name: 'Crear Nuevo Usuario' }).first().click();
  const form = page.getByRole('form', { name: 'Crear usuario' });
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(form.getByText('El nombre es obligatorio.')).toBeVisible();
  await expect(form.getByText('El rol debe ser administrador o pyme.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(nombre);
  await form.getByLabel('Correo electrónico').fill(correo);
  await form.getByRole('textbox', { name: 'Empresa', exact: true }).fill('Almacén E2E SpA');
  await form.getByRole('combobox', { name: 'Rol', exact: true }).selectOption('pyme');
  await form.getByLabel('RUT del usuario').fill('12.345.678-0');
  await form.getByLabel('RUT de la empresa').fill(rut(77_000_000 + Number(sufijo.slice(-3))));
  await form.getByLabel('Contraseña').fill('corta');
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(form.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await expect(form.getByText(/El RUT del usuario no es válido/)).toBeVisible();
  await form.getByLabel('RUT del usuario').fill(rut(15_000_000 + Number(sufijo.slice(-5))));
  await form.getByLabel('Contraseña').fill('Segura123');
  await form.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText('Usuario creado exitosamente.')).toBeVisible();
  // The list comes back showing the new user (found by the new e-mail), not its first page.
  const buscar = page.getByRole('searchbox', { name: 'Buscar usuarios' });
  const fila = page.getByRole('row').filter({ hasText: correo });
  await expect(fila).toBeVisible();
  await expect(buscar).toHaveValue(correo);

  // Find it by name too.
  await buscar.fill(nombre);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(fila).toContainText(nombre);
  await expect(fila).toContainText('Pyme');
  await expect(fila).toContainText('Activo');
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toHaveCount(0);

  // Filtros: rol administrador hides her.
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByRole('combobox', { name: 'Rol', exact: true }).selectOption('administrador');
  await expect(page.getByText(`No se encontraron usuarios que coincidan con "${nombre}"`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Rol', exact: true }).selectOption('pyme');
  await expect(fila).toBeVisible();

  // Edit: new company and inactive.
  await fila.getByRole('button', { name: `Editar a ${nombre}` }).click();
  const edicion = page.getByRole('form', { name: 'Editar usuario' });
  await expect(edicion.getByLabel('RUT del usuario')).toHaveAttribute('readonly', '');
  await edicion.getByRole('textbox', { name: 'Empresa', exact: true }).fill('Almacén Editado SpA');
  await edicion.getByRole('combobox', { name: 'Estado', exact: true }).selectOption('inactivo');
  await edicion.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Usuario actualizado exitosamente.')).toBeVisible();
  await buscar.fill(nombre);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(fila).toContainText('Almacén Editado SpA');
  await expect(fila).toContainText('Inactivo');

  // Delete after confirming.
  await fila.getByRole('button', { name: `Eliminar a ${nombre}` }).click();
  const confirmar = page.getByRole('dialog', { name: 'Eliminar usuario' });
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Usuario "${nombre}" eliminado.`)).toBeVisible();
  await expect(page.getByText(`No se encontraron usuarios que coincidan con "${nombre}"`)).toBeVisible();

  // Limpiar búsqueda brings the whole list back.
  await page.getByRole('button', { name: 'Limpiar búsqueda' }).click();
  await expect(page.getByRole('navigation', { name: 'Paginación' })).toBeVisible();
});

test('the administrador creates, finds, pages through, edits and deletes a minimarket', async ({ page, request }) => {
  const sufijo = sufijoUnico();
  const token = await tokenApi(request, ADMIN);
  const usuarios = await (await request.get('/api/users?page=1&size=100&rol=pyme', conToken(token))).json();
  const dueno = usuarios.users.find((u: { correo: string }) => u.correo === 'pyme2@demo.cl');
  for (let i = 0; i < 10; i++) {
    const res = await request.post('/api/minimarkets/', {
      ...conToken(token),
      data: {
        nombre_minimarket: `Relleno ${sufijo} ${String(i).padStart(2, '0')}`,
        direccion: `Calle Falsa ${100 + i}`,
        comuna: 'Maipú',
        rubro: 'Almacén',
        tamano: 'Pequeño',
        id_usuario: dueno.id_usuario,
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const nombre = `Minimarket E2E ${sufijo}`;

  await iniciarSesion(page, ADMIN, { en: '/usuarios/gestion-minimarket' });
  const paginacion = page.getByRole('navigation', { name: 'Paginación' });
  await paginacion.getByRole('button', { name: 'Página 2' }).click();
  await expect(paginacion.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Crear Nuevo Minimarket' }).first().click();
  const form = page.getByRole('form', { name: 'Crear minimarket' });
  await form.getByLabel('Nombre del minimarket').fill(nombre);
  await form.getByRole('textbox', { name: 'Dirección', exact: true }).fill('Pasaje Los Aromos 123');
  await form.getByRole('textbox', { name: 'Comuna', exact: true }).fill('La Florida');
  await form.getByRole('combobox', { name: 'Rubro', exact: true }).fill('Minimarket');
  await form.getByLabel('Tamaño').selectOption('Mediano');
  await form.getByRole('button', { name: 'Crear minimarket' }).click();
  await expect(form.getByText('Por favor, seleccione un usuario.')).toBeVisible();
  // The owner is found by typing: only active pyme users are offered.
  await form.getByRole('searchbox', { name: 'Buscar dueño por nombre o correo' }).fill(dueno.correo);
  await expect(form.getByLabel('Usuario (dueño)').getByRole('option')).toHaveCount(2);
  await form.getByLabel('Usuario (dueño)').selectOption({ label: `${dueno.nombre} (${dueno.correo})` });
  // An administrador is never offered; the choice stays whatever the search shows.
  await form.getByRole('searchbox', { name: 'Buscar dueño por nombre o correo' }).fill('admin@demo.cl');
  await expect(form.getByLabel('Usuario (dueño)').getByRole('option', { name: 'Ningún pyme activo coincide' })).toHaveCount(1);
  await expect(form.getByLabel('Usuario (dueño)').getByRole('option')).toHaveCount(2);
  await expect(form.getByLabel('Usuario (dueño)')).toHaveValue(String(dueno.id_usuario));
  await form.getByRole('button', { name: 'Crear minimarket' }).click();
  await expect(page.getByText('Minimarket creado exitosamente.')).toBeVisible();

  // Find it with the comuna filter and the search box.
  await page.getByRole('button', { name: /^Filtros/ }).click();
  await page.getByRole('textbox', { name: 'Comuna', exact: true }).fill('La Florida');
  await page.getByRole('button', { name: 'Aplicar filtros' }).click();
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toContainText(dueno.nombre);
  await expect(fila).toContainText('La Florida');
  await page.getByRole('searchbox', { name: 'Buscar minimarkets' }).fill(nombre);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('row')).toHaveCount(2);

  // Edit.
  await fila.getByRole('button', { name: `Editar ${nombre}` }).click();
  const edicion = page.getByRole('form', { name: 'Editar minimarket' });
  await edicion.getByRole('combobox', { name: 'Rubro', exact: true }).fill('Almacén de barrio');
  await edicion.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Minimarket actualizado exitosamente.')).toBeVisible();
  await expect(fila).toContainText('Almacén de barrio');

  // Delete.
  await fila.getByRole('button', { name: `Eliminar ${nombre}` }).click();
  await page.getByRole('dialog', { name: 'Eliminar minimarket' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Minimarket "${nombre}" eliminado.`)).toBeVisible();
  await expect(page.getByText(`No se encontraron minimarkets que coincidan con "${nombre}"`)).toBeVisible();
});

test('when the shop list cannot be loaded the administrador sees the error and Reintentar, not "no shops"', async ({ page }) => {
  await iniciarSesion(page, ADMIN);
  let fallar = true;
  await page.route(/\/api\/minimarkets\/\?/, (route) =>
    fallar ? route.fulfill({ status: 503, json: { detail: 'Servicio no disponible', code: 'UNAVAILABLE' } }) : route.fallback(),
  );
  // A fresh load, so the list is asked for again (the login already cached it).
  await page.goto('/pos/nueva-venta');
  const alerta = page.getByText('Error al verificar el minimarket del usuario.');
  await expect(alerta).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Todavía no hay minimarkets registrados.')).toHaveCount(0);
  fallar = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(alerta).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Escanear producto' })).toBeVisible();
});

test('Gestión de Usuarios finds people without their accents: "jose perez" is José Pérez Soto', async ({ page }) => {
  await iniciarSesion(page, ADMIN, { en: '/usuarios/gestion-usuarios' });
  await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill('jose perez');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('row').filter({ hasText: 'pyme@demo.cl' })).toContainText('José Pérez Soto');
});
