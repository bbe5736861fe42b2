-- Sums up to p_max_dias of a shop's pending days again (the most recent first; NULL: all of them)
-- and returns how many it summed. Called outside any request, in short transactions of their own,
-- by the summary worker (modules/analitica/resumidor.ts) and the demo seed: a read never waits for
-- it, it adds the days still pending from their lines (docs/analitica.md).
--
-- A day is taken with its pending row locked and skipped if that row is locked already: a sale
-- that is marking the day right now (registrar_venta's INSERT … ON CONFLICT DO UPDATE holds the row
-- until it commits) leaves it pending, to be summed on a later pass with that sale in it; and a
-- sale that marks a day this function has taken waits for it to commit, then marks it anew. So a
-- day is never summed without a sale that committed before, nor left summed and not pending
-- without a sale that committed after. Days marked in the last p_quietud are left for later too:
-- a till selling now marks today again at every sale, and reads add it from its lines meanwhile.
-- `now()` is compared at the column's precision (milliseconds): stored, a mark made by this same
-- transaction (the demo seed marks, then sums) is now() rounded, half the time up, and would otherwise
-- look like a mark from the future and stay pending.
CREATE FUNCTION refrescar_resumen_ventas(p_minimarket INTEGER, p_max_dias INTEGER, p_quietud INTERVAL DEFAULT '0 seconds')
RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_dias DATE[];
    v_desde DATE;
    v_hasta DATE;
BEGIN
    WITH tomados AS (
        DELETE FROM resumen_pendiente r
        WHERE r.id_minimarket = p_minimarket AND r.dia IN (
            SELECT p.dia FROM resumen_pendiente p
            WHERE p.id_minimarket = p_minimarket AND p.marcado_en <= now()::timestamptz(3) - p_quietud
            ORDER BY p.dia DESC LIMIT p_max_dias
            FOR UPDATE SKIP LOCKED)
        RETURNING r.dia)
    SELECT array_agg(dia), min(dia), max(dia) INTO v_dias, v_desde, v_hasta FROM tomados;
    IF v_dias IS NULL THEN
        RETURN 0;
    END IF;

    -- A local day is [its midnight, the next one) of `hora` (Santiago's wall clock), whatever the
    -- clocks did that day; the range first, so the primary key's order finds the rows.
    DELETE FROM resumen_venta_hora
    WHERE id_minimarket = p_minimarket AND hora >= v_desde AND hora < v_hasta + 1 AND hora::date = ANY (v_dias);
    DELETE FROM resumen_categoria_hora
    WHERE id_minimarket = p_minimarket AND hora >= v_desde AND hora < v_hasta + 1 AND hora::date = ANY (v_dias);
    DELETE FROM resumen_categoria_hora_total
    WHERE id_minimarket = p_minimarket AND hora >= v_desde AND hora < v_hasta + 1 AND hora::date = ANY (v_dias);
    DELETE FROM resumen_producto_dia WHERE id_minimarket = p_minimarket AND dia = ANY (v_dias);

    INSERT INTO resumen_venta_hora SELECT * FROM sumar_venta_hora(p_minimarket, v_dias);
    INSERT INTO resumen_categoria_hora SELECT * FROM sumar_categoria_hora(p_minimarket, v_dias);
    INSERT INTO resumen_categoria_hora_total SELECT * FROM sumar_categoria_hora_total(p_minimarket, v_dias);
    INSERT INTO resumen_producto_dia SELECT * FROM sumar_producto_dia(p_minimarket, v_dias);

    RETURN cardinality(v_dias);
END;
$$;
