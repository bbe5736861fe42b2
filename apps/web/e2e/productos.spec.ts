import { expect, test } from '@playwright/test';
import { comoPesos, conToken, iniciarSesion, productoPorCodigo, PYME, sufijoUnico, tiendaDe } from './helpers';

test('a new product by the manual form, the duplicate barcode, then add stock, edit and delete in Inventario', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const sufijo = sufijoUnico();
  const codigo = `990${sufijo}`;
  const nombre = `Galletas de Prueba ${sufijo}`;

  await iniciarSesion(page, PYME, { en: '/pos/nuevo-producto' });
  const form = page.getByRole('form', { name: 'Nuevo producto' });

  // Required fields first.
  await form.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(form.getByText('Por favor completa todos los campos obligatorios (código, nombre, categoría, precio)')).toBeVisible();

  await form.getByLabel('Código de barras').fill(codigo);
  await form.getByLabel('Nombre del producto').fill(nombre);
  await form.getByLabel('Categoría').selectOption('Abarrotes');
  await form.getByLabel('Marca').fill('Marca E2E');
  // Prices as a Chilean types them: the dot is thousands, and the field shows the amount back.
  await form.getByLabel('Precio de venta (CLP)').fill('1.990');
  await form.getByLabel('Precio de venta (CLP)').press('Tab');
  await expect(form.getByLabel('Precio de venta (CLP)')).toHaveValue('$1.990');
  await form.getByLabel('Precio de compra (CLP)').fill('$ 800');
  await form.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(page.getByText('Producto guardado exitosamente')).toBeVisible();
  const guardado = await productoPorCodigo(request, token, idMinimarket, codigo);
  expect([guardado?.precio_venta_actual, guardado?.precio_compra_actual]).toEqual([1990, 800]);
  await expect(page.getByRole('list', { name: 'Últimos productos agregados' }).getByText(nombre)).toBeVisible();
  await expect(form.getByLabel('Código de barras')).toHaveValue('');

  // Same barcode again: refused by the server with the spec's words.
  await form.getByLabel('Código de barras').fill(codigo);
  await form.getByLabel('Nombre del producto').fill(`${nombre} repetido`);
  await form.getByLabel('Categoría').selectOption('Abarrotes');
  await form.getByLabel('Precio de venta (CLP)').fill('1290');
  await form.getByRole('button', { name: 'Guardar producto' }).click();
  await expect(form.getByText('Ya existe un producto con este código de barras en su inventario.')).toBeVisible();

  // Inventario: find it, by category and search.
  await page.getByRole('link', { name: 'Buscar producto' }).click();
  await page.getByRole('button', { name: 'Abarrotes', exact: true }).click();
  await page.getByLabel('Buscar en el inventario').fill(sufijo);
  const fila = page.getByRole('row').filter({ hasText: nombre });
  await expect(fila).toHaveCount(1);
  // One unit is at or under the shop's low-stock threshold (5 by default).
  await expect(fila).toContainText('Stock bajo · 1');

  // Add stock: 12 units that cost "13.000" in total (thirteen thousand pesos) → $1.083 each; with the
  // 1 unit on hand at $800 the product's cost becomes (800 + 13.000) / 13 = 1.061,54 → $1.062.
  await fila.getByRole('button', { name: `Agregar stock a ${nombre}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Agregar stock' });
  await dialogo.getByRole('button', { name: 'Agregar stock' }).click();
  await expect(dialogo.getByText('Por favor, ingrese valores válidos mayores a cero.')).toBeVisible();
  await dialogo.getByLabel('Cantidad de unidades').fill('12');
  await dialogo.getByLabel('Costo total (con IVA)').fill('13.000,50');
  await dialogo.getByRole('button', { name: 'Agregar stock' }).click();
  await expect(
    dialogo.getByText('El costo total debe ser un número entero de pesos, sin decimales (ej: 1990 o $1.990); se encontró "13.000,50".'),
  ).toBeVisible();
  await dialogo.getByLabel('Costo total (con IVA)').fill('13.000');
  await expect(dialogo).toContainText('Costo unitario de esta compra: $1.083');
  await expect(dialogo).toContainText('Costo unitario resultante: $1.062');
  await dialogo.getByRole('button', { name: 'Agregar stock' }).click();
  await expect(dialogo).toBeHidden();
  await expect(fila).toContainText('En stock · 13');
  await expect(fila).toContainText('$1.062');
  expect((await productoPorCodigo(request, token, idMinimarket, codigo))?.precio_compra_actual).toBe(1062);
  // Opened again, the dialog starts empty (not with the last entry).
  await fila.getByRole('button', { name: `Agregar stock a ${nombre}` }).click();
  await expect(dialogo.getByLabel('Cantidad de unidades')).toHaveValue('');
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo).toBeHidden();

  // Edit: new name and price.
  const nuevoNombre = `${nombre} Integrales`;
  await fila.getByRole('button', { name: `Editar ${nombre}` }).click();
  const edicion = page.getByRole('form', { name: 'Editar producto' });
  await edicion.getByLabel('Nombre del producto').fill(nuevoNombre);
  await edicion.getByLabel('Precio de venta (CLP)').fill('1490');
  // Meanwhile 4 more units arrive at another till: saving the name and price must not undo them.
  const id = (await productoPorCodigo(request, token, idMinimarket, codigo))!.id_producto;
  expect(
    (await request.post(`/api/productos/${id}/stock`, { ...conToken(token), data: { cantidad: 4, costo_total: 2000 } })).ok(),
  ).toBeTruthy();
  await edicion.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Producto actualizado exitosamente.')).toBeVisible();
  const editada = page.getByRole('row').filter({ hasText: nuevoNombre });
  await expect(editada).toContainText(comoPesos(1490));
  await expect(editada).toContainText('En stock · 17');

  // Delete, after confirming.
  await editada.getByRole('button', { name: `Eliminar ${nuevoNombre}` }).click();
  const confirmar = page.getByRole('dialog', { name: 'Eliminar producto' });
  await expect(confirmar).toContainText(nuevoNombre);
  await confirmar.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText(`Producto "${nuevoNombre}" eliminado.`)).toBeVisible();
  await expect(page.getByText('No se encontraron productos.')).toBeVisible();
});

test('the product request to support (Solicitar a soporte…) checks its fields, and counts as sent only once support has it', async ({
  page,
}) => {
  await iniciarSesion(page, PYME, { en: '/pos/nuevo-producto' });
  // The request reads as one, beside the form that saves: heading, explanation and button all name support.
  const solicitud = page.getByRole('heading', { name: '¿Prefieres que lo agregue soporte?' }).locator('..');
  await expect(solicitud).toContainText('No guarda el producto en tu inventario');
  await expect(page.getByRole('button', { name: 'Guardar producto' })).toBeVisible();
  await solicitud.getByRole('button', { name: 'Solicitar a soporte…' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitar un producto a soporte' });
  await expect(dialogo).toContainText('no guarda nada en tu inventario');
  await expect(dialogo.getByRole('button', { name: /Guardar|Agregar/ })).toHaveCount(0);
  await dialogo.getByRole('button', { name: 'Enviar solicitud a soporte' }).click();
  await expect(dialogo.getByText('El nombre del producto es requerido')).toBeVisible();
  await expect(dialogo.getByText('El precio es requerido')).toBeVisible();
  await dialogo.getByLabel('Nombre del producto').fill('Producto que falta');
  await dialogo.getByLabel('Precio (CLP)').fill('0');
  await dialogo.getByRole('button', { name: 'Enviar solicitud a soporte' }).click();
  await expect(dialogo.getByText('El precio debe ser un número mayor a 0')).toBeVisible();
  await expect(dialogo.getByText(/Listo: tu solicitud llegó/)).toHaveCount(0);
  await dialogo.getByLabel('Precio (CLP)').fill('1500');
  await dialogo.getByRole('button', { name: 'Enviar solicitud a soporte' }).click();
  // The server opened a support conversation: the dialog says so and links to it (e2e/soporte.spec.ts follows it to /chats).
  await expect(dialogo.getByText(/Listo: tu solicitud llegó al equipo de soporte/)).toBeVisible();
  await expect(dialogo.getByRole('link', { name: 'Ver conversación' })).toHaveAttribute('href', /^\/ayuda\/soporte\/\d+$/);
});
