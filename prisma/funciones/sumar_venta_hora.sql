-- resumen_venta_hora's rows of some of a shop's days (Santiago), summed from their lines
-- (lineas_contadas_dias): what refrescar_resumen_ventas writes, and what a read adds for the days not
-- summed yet. Per hour of Santiago's clock and payment method: sales (each once), units, pesos, and
-- cost and pesos of the lines that know their cost (margin = ingresos_con_costo − costo). Units
-- count only the lines sold by the unit; the lines sold by weight add their grams to `gramos`.
CREATE FUNCTION sumar_venta_hora(p_minimarket INTEGER, p_dias DATE[]) RETURNS SETOF resumen_venta_hora
LANGUAGE sql STABLE AS $$
    SELECT p_minimarket, hora, metodo_pago,
           count(DISTINCT id_venta)::integer, coalesce(sum(num_unidades) FILTER (WHERE unidad <> 'kg'), 0)::bigint, sum(subtotal)::bigint,
           coalesce(sum(costo), 0)::bigint, coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)::bigint,
           (count(*) FILTER (WHERE NOT devuelta))::integer, (count(*) FILTER (WHERE costo IS NULL AND NOT devuelta))::integer,
           coalesce(sum(num_unidades) FILTER (WHERE unidad = 'kg'), 0)::bigint
    FROM lineas_contadas_dias(p_minimarket, p_dias)
    GROUP BY hora, metodo_pago
$$;
