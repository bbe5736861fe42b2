-- refrescar_resumen_ventas (migration 20261123130000) summed every pending day in one statement.
-- Planned once for any set of days, it guessed tens of thousands of sales per day and read all of
-- detalle_venta by hash join: ~80 ms to sum again the one day a counter sale marked, with a million
-- lines in the shop. Now it sums one day at a time, and each sale's lines come from a LATERAL
-- subquery that cannot be flattened (OFFSET 0), so the plan is always "the day's sales by the
-- (id_minimarket, fecha_venta) index, then each one's lines by id_venta": a few ms per day, and a
-- whole year rebuilt in about the time the single statement took.
CREATE OR REPLACE FUNCTION refrescar_resumen_ventas(p_minimarket INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_dias DATE[];
    v_dia DATE;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM resumen_pendiente WHERE id_minimarket = p_minimarket) THEN
        RETURN 0;
    END IF;
    PERFORM pg_advisory_xact_lock(72707374, p_minimarket);
    WITH tomados AS (DELETE FROM resumen_pendiente WHERE id_minimarket = p_minimarket RETURNING dia)
    SELECT array_agg(dia) INTO v_dias FROM tomados;
    IF v_dias IS NULL THEN
        RETURN 0;
    END IF;

    FOREACH v_dia IN ARRAY v_dias LOOP
        DELETE FROM resumen_venta_hora
        WHERE id_minimarket = p_minimarket AND hora >= v_dia AND hora < v_dia + 1;
        DELETE FROM resumen_categoria_hora
        WHERE id_minimarket = p_minimarket AND hora >= v_dia AND hora < v_dia + 1;
        DELETE FROM resumen_producto_dia
        WHERE id_minimarket = p_minimarket AND dia = v_dia;

        -- A local day is [its midnight, the next one) in Santiago, whatever the clocks did that day.
        WITH lineas AS MATERIALIZED (
            SELECT v.id_venta, date_trunc('hour', v.fecha_venta AT TIME ZONE 'America/Santiago') AS hora,
                   v.metodo_pago, d.categoria, d.id_producto, d.num_unidades, d.subtotal, d.costo
            FROM venta v
            CROSS JOIN LATERAL (
                SELECT categoria, id_producto, num_unidades, subtotal, costo_unitario::bigint * num_unidades AS costo
                FROM detalle_venta WHERE id_venta = v.id_venta
                OFFSET 0
            ) d
            WHERE v.id_minimarket = p_minimarket AND v.estado_venta = 'Completada'
              AND v.fecha_venta >= (v_dia::timestamp AT TIME ZONE 'America/Santiago')
              AND v.fecha_venta < ((v_dia + 1)::timestamp AT TIME ZONE 'America/Santiago')
        ), por_hora AS (
            INSERT INTO resumen_venta_hora
            SELECT p_minimarket, hora, metodo_pago, count(DISTINCT id_venta), sum(num_unidades), sum(subtotal),
                   coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0),
                   count(*), count(*) FILTER (WHERE costo IS NULL)
            FROM lineas GROUP BY hora, metodo_pago
        ), por_categoria AS (
            INSERT INTO resumen_categoria_hora
            SELECT p_minimarket, hora, metodo_pago, categoria, count(DISTINCT id_venta), sum(num_unidades), sum(subtotal),
                   coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0),
                   count(*), count(*) FILTER (WHERE costo IS NULL)
            FROM lineas GROUP BY hora, metodo_pago, categoria
        )
        INSERT INTO resumen_producto_dia
        SELECT p_minimarket, v_dia, metodo_pago, categoria, id_producto, count(DISTINCT id_venta), sum(num_unidades),
               sum(subtotal), coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)
        FROM lineas GROUP BY metodo_pago, categoria, id_producto;
    END LOOP;

    RETURN cardinality(v_dias);
END;
$$;
