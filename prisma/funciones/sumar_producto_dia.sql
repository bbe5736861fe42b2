-- resumen_producto_dia's rows of some of a shop's days (as sumar_venta_hora), per local day, payment
-- method, category at the time of sale and product. A loose sale's line (no product: «venta libre»)
-- counts in the sales and categories, never among the products.
CREATE FUNCTION sumar_producto_dia(p_minimarket INTEGER, p_dias DATE[]) RETURNS SETOF resumen_producto_dia
LANGUAGE sql STABLE AS $$
    SELECT p_minimarket, dia, metodo_pago, categoria, id_producto,
           count(DISTINCT id_venta)::integer, coalesce(sum(num_unidades) FILTER (WHERE unidad <> 'kg'), 0)::bigint, sum(subtotal)::bigint,
           coalesce(sum(costo), 0)::bigint, coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)::bigint,
           coalesce(sum(num_unidades) FILTER (WHERE unidad = 'kg'), 0)::bigint
    FROM lineas_contadas_dias(p_minimarket, p_dias)
    WHERE id_producto IS NOT NULL
    GROUP BY dia, metodo_pago, categoria, id_producto
$$;
