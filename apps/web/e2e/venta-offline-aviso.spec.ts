// A sale made offline reaches the server at old prices (issue #22, docs/offline.md «El servidor»): it
// is recorded at the price charged, the owner gets a notice, and «Ver detalle» opens Transacciones on
// that very sale by its provisional reference.
import { expect, test } from '@playwright/test';
import { comoPesos, conToken, crearProducto, iniciarSesion, PYME, sufijoUnico, tiendaDe } from './helpers';

test('an offline sale at an old price: recorded as charged, a notice, and its detail opens Transacciones on it', async ({
  page,
  request,
}) => {
  const { token, idMinimarket } = await tiendaDe(request, PYME);
  const producto = await crearProducto(request, token, idMinimarket, { nombre: `Té Antiguo ${sufijoUnico()}`, stock: 10, costo: 900 });
  const viejo = producto.precio_venta_actual - 200;
  const referencia = `E2E-${sufijoUnico().slice(-6)}`;
  const res = await request.post('/api/ventas/', {
    ...conToken(token),
    headers: { ...conToken(token).headers, 'idempotency-key': `aviso-${referencia}` },
    data: {
      id_minimarket: idMinimarket,
      total: viejo,
      metodo_pago: 'Efectivo',
      origen: 'offline',
      referencia_local: referencia,
      fecha_venta: new Date(Date.now() - 30 * 60_000).toISOString(),
      detalles: [{ id_producto: producto.id_producto, num_unidades: 1, precio_unitario: viejo, subtotal: viejo }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const venta = await res.json();
  expect(venta).toMatchObject({ origen: 'offline', referencia_local: referencia, total: viejo });

  await iniciarSesion(page, PYME, { en: '/notificaciones' });
  const aviso = page.getByRole('listitem').filter({ hasText: referencia });
  await expect(aviso).toHaveCount(1);
  await aviso.getByRole('link', { name: 'Ver detalle' }).click();
  await expect(page).toHaveURL(/\/pos\/transacciones\?buscar=/);
  await expect(page.getByLabel('N° de venta')).toHaveValue(referencia);
  await expect(page.getByText(comoPesos(viejo)).first()).toBeVisible();
  await expect(page.getByText(`N° ${venta.numero_venta}`).first()).toBeVisible();
});
