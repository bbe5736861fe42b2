// Type tests of the typed client (tsc checks them with the rest of src; nothing imports this file, so it
// is never bundled). Each line under @ts-expect-error must fail to type-check: were the client loose
// again (any, unknown, a hand-written type), the line would compile and tsc would say the directive is unused.
import { expectTypeOf } from 'vitest';
import { api, apiPage, apiUrl, type RespuestaRuta } from './api-client';

export async function llamadasTipadas() {
  const producto = await api('GET /productos/:id', { params: { id: 1 } });
  expectTypeOf(producto.nombre_producto).toEqualTypeOf<string>();
  expectTypeOf(producto.precio_venta_actual).toEqualTypeOf<number>();
  // @ts-expect-error: the contract's Producto has no field `nombre`.
  void producto.nombre;

  const { items, total } = await apiPage('GET /productos/', { query: { id_minimarket: 1, search: 'leche' } });
  expectTypeOf(items[0]!.stock).toEqualTypeOf<number>();
  expectTypeOf(total).toEqualTypeOf<number>();
  // @ts-expect-error: a query field the route does not read.
  await apiPage('GET /productos/', { query: { id_minimarket: 1, buscar: 'leche' } });
  // @ts-expect-error: the shop is required in this query.
  await apiPage('GET /productos/', { query: { search: 'leche' } });

  // A 204 is no value.
  expectTypeOf(await api('DELETE /productos/:id', { params: { id: 1 } })).toEqualTypeOf<void>();
  // @ts-expect-error: a route with a param needs it.
  await api('DELETE /productos/:id');
  // @ts-expect-error: a route the table does not have.
  await api('GET /productoz/');
  // @ts-expect-error: a list whose rows come in an object is not a page.
  await apiPage('GET /ventas/', { query: { id_minimarket: 1 } });

  // @ts-expect-error: a body field the contract does not have (the product is `nombre_producto`).
  await api('PUT /productos/:id', { params: { id: 1 }, json: { nombre: 'Pan' } });
  // @ts-expect-error: the body goes with `json` (or `form`), not loose.
  await api('POST /auth/forgot-password');

  const catalogo = await api('GET /productos/catalogo', { query: { id_minimarket: 1 } });
  expectTypeOf(catalogo.productos[0]!.codigo_barra).toEqualTypeOf<string | null>();

  // @ts-expect-error: no such template.
  apiUrl('GET /upload/plantillas/:nombre', { params: { nombre: 'plantilla.exe' } });

  expectTypeOf<RespuestaRuta<'GET /notificaciones'>['no_leidas']>().toEqualTypeOf<number>();
}
