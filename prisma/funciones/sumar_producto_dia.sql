-- resumen_producto_dia's rows of some of a shop's days (as sumar_venta_hora), per local day,
-- payment method, category at the time of sale and product.
CREATE FUNCTION sumar_producto_dia(p_minimarket INTEGER, p_dias DATE[]) RETURNS SETOF resumen_producto_dia
LANGUAGE sql STABLE AS $$
    SELECT p_minimarket, d.dia, l.metodo_pago, l.categoria, l.id_producto,
           count(DISTINCT l.id_venta)::integer, sum(l.num_unidades)::bigint, sum(l.subtotal)::bigint,
           coalesce(sum(l.costo), 0)::bigint, coalesce(sum(l.subtotal) FILTER (WHERE l.costo IS NOT NULL), 0)::bigint
    FROM unnest(p_dias) AS d(dia)
    CROSS JOIN LATERAL lineas_contadas(p_minimarket, d.dia::timestamp AT TIME ZONE 'America/Santiago',
                                       (d.dia + 1)::timestamp AT TIME ZONE 'America/Santiago') l
    GROUP BY 2, 3, 4, 5
$$;
