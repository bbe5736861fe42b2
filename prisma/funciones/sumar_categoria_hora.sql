-- resumen_categoria_hora's rows of some of a shop's days (as sumar_venta_hora), per hour, payment
-- method and category at the time of sale: `ventas` counts the sales with a line of the category.
CREATE FUNCTION sumar_categoria_hora(p_minimarket INTEGER, p_dias DATE[]) RETURNS SETOF resumen_categoria_hora
LANGUAGE sql STABLE AS $$
    SELECT p_minimarket, date_trunc('hour', l.fecha_venta AT TIME ZONE 'America/Santiago')::timestamp(0), l.metodo_pago, l.categoria,
           count(DISTINCT l.id_venta)::integer, sum(l.num_unidades)::bigint, sum(l.subtotal)::bigint,
           coalesce(sum(l.costo), 0)::bigint, coalesce(sum(l.subtotal) FILTER (WHERE l.costo IS NOT NULL), 0)::bigint,
           (count(*) FILTER (WHERE NOT l.devuelta))::integer, (count(*) FILTER (WHERE l.costo IS NULL AND NOT l.devuelta))::integer
    FROM unnest(p_dias) AS d(dia)
    CROSS JOIN LATERAL lineas_contadas(p_minimarket, d.dia::timestamp AT TIME ZONE 'America/Santiago',
                                       (d.dia + 1)::timestamp AT TIME ZONE 'America/Santiago') l
    GROUP BY 2, 3, 4
$$;
