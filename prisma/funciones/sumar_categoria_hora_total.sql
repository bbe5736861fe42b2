-- resumen_categoria_hora_total's rows of some of a shop's days (as sumar_categoria_hora without the
-- payment method: a quarter of the rows, for the reads that do not filter by it).
CREATE FUNCTION sumar_categoria_hora_total(p_minimarket INTEGER, p_dias DATE[]) RETURNS SETOF resumen_categoria_hora_total
LANGUAGE sql STABLE AS $$
    SELECT p_minimarket, hora, categoria,
           count(DISTINCT id_venta)::integer, coalesce(sum(num_unidades) FILTER (WHERE unidad <> 'kg'), 0)::bigint, sum(subtotal)::bigint,
           coalesce(sum(costo), 0)::bigint, coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)::bigint,
           (count(*) FILTER (WHERE NOT devuelta))::integer, (count(*) FILTER (WHERE costo IS NULL AND NOT devuelta))::integer,
           coalesce(sum(num_unidades) FILTER (WHERE unidad = 'kg'), 0)::bigint
    FROM lineas_contadas_dias(p_minimarket, p_dias)
    GROUP BY hora, categoria
$$;
