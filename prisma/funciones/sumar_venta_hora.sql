-- resumen_venta_hora's rows of some of a shop's days (Santiago), summed from lineas_contadas:
-- what refrescar_resumen_ventas writes, and what a read adds for the days not summed yet.
-- Per hour of Santiago's clock and payment method: sales (each once), units, pesos, and cost and
-- pesos of the lines that know their cost (margin = ingresos_con_costo − costo).
CREATE FUNCTION sumar_venta_hora(p_minimarket INTEGER, p_dias DATE[]) RETURNS SETOF resumen_venta_hora
LANGUAGE sql STABLE AS $$
    SELECT p_minimarket, date_trunc('hour', l.fecha_venta AT TIME ZONE 'America/Santiago')::timestamp(0), l.metodo_pago,
           count(DISTINCT l.id_venta)::integer, sum(l.num_unidades)::bigint, sum(l.subtotal)::bigint,
           coalesce(sum(l.costo), 0)::bigint, coalesce(sum(l.subtotal) FILTER (WHERE l.costo IS NOT NULL), 0)::bigint,
           (count(*) FILTER (WHERE NOT l.devuelta))::integer, (count(*) FILTER (WHERE l.costo IS NULL AND NOT l.devuelta))::integer
    FROM unnest(p_dias) AS d(dia)
    CROSS JOIN LATERAL lineas_contadas(p_minimarket, d.dia::timestamp AT TIME ZONE 'America/Santiago',
                                       (d.dia + 1)::timestamp AT TIME ZONE 'America/Santiago') l
    GROUP BY 2, 3
$$;
