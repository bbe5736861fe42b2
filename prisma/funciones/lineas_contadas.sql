-- The lines of the sales that count (venta_contada) in [p_desde, p_hasta): every line of such a
-- sale, and what was returned of it as negative lines at the sale's own time (not counted as
-- lines). The analytics' summaries are sums of these and nothing else, so their ventas and
-- ingresos are venta_contada's (a test compares them). Sale by sale, through a LATERAL the planner
-- cannot flatten (OFFSET 0): a day of a busy shop is a few hundred index lookups, not a join over
-- every line the shop ever sold.
--
-- `unidad` is the line's unit when sold (detalle_venta.unidad; a returned line takes the one of the
-- sale's line of its product): for 'kg' num_unidades are GRAMS, which the summaries keep apart from
-- units (docs/granel.md, "Cómo cuentan las cifras"). A kg line's cost is its cost per kilo for its
-- grams, to the nearest peso with half up: monto_por_peso, the SQL form of the contracts' montoPorPeso.
CREATE FUNCTION lineas_contadas(p_minimarket INTEGER, p_desde TIMESTAMPTZ, p_hasta TIMESTAMPTZ)
RETURNS TABLE (
    id_venta BIGINT,
    fecha_venta TIMESTAMPTZ,
    metodo_pago TEXT,
    categoria TEXT,
    id_producto BIGINT,
    unidad TEXT,
    num_unidades INTEGER,
    subtotal INTEGER,
    costo BIGINT,
    devuelta BOOLEAN
)
LANGUAGE sql STABLE AS $$
    SELECT v.id_venta, v.fecha_venta, v.metodo_pago, l.categoria, l.id_producto, l.unidad, l.num_unidades, l.subtotal, l.costo, l.devuelta
    FROM venta_contada v
    CROSS JOIN LATERAL (
        SELECT d.categoria, d.id_producto, d.unidad, d.num_unidades, d.subtotal,
               CASE WHEN d.unidad = 'kg' THEN monto_por_peso(d.costo_unitario, d.num_unidades)
                    ELSE d.costo_unitario::bigint * d.num_unidades END AS costo,
               false AS devuelta
        FROM detalle_venta d WHERE d.id_minimarket = v.id_minimarket AND d.id_venta = v.id_venta
        UNION ALL
        SELECT dd.categoria, dd.id_producto, u.unidad, -dd.num_unidades, -dd.subtotal,
               -(CASE WHEN u.unidad = 'kg' THEN monto_por_peso(dd.costo_unitario, dd.num_unidades)
                      ELSE dd.costo_unitario::bigint * dd.num_unidades END),
               true
        FROM devolucion dv
        JOIN detalle_devolucion dd ON dd.id_minimarket = dv.id_minimarket AND dd.id_devolucion = dv.id_devolucion
        CROSS JOIN LATERAL (
            SELECT coalesce((SELECT d2.unidad FROM detalle_venta d2
                             WHERE d2.id_minimarket = v.id_minimarket AND d2.id_venta = v.id_venta
                               AND d2.id_producto = dd.id_producto LIMIT 1), 'unidad') AS unidad
        ) u
        WHERE dv.id_minimarket = v.id_minimarket AND dv.id_venta = v.id_venta
        OFFSET 0
    ) l
    WHERE v.id_minimarket = p_minimarket AND v.fecha_venta >= p_desde AND v.fecha_venta < p_hasta
$$;
