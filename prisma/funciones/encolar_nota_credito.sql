-- The nota de crédito (61) of a return (p_id_devolucion) or of a void (NULL), written in that
-- transaction (data/devolucion.ts, data/venta.ts; issue 23, docs/boleta.md). Only for a sale that has
-- a boleta. It references that boleta (id_documento_ref: the worker sends it once the boleta has its
-- folio) and takes each product's exemption from it. A return's lines are what came back; a void's,
-- what the boleta charged less what returns already credited, product by product (nothing left:
-- no document; a loose sale's lines, which have no product, each on its own and never returned, so a
-- void credits them whole). Amounts by the boleta's rule (encolar_boleta). `clave`: 'devolucion-{id}' or
-- 'anulacion-{id_venta}', the provider's Idempotency-Key.
CREATE FUNCTION encolar_nota_credito(p_minimarket integer, p_id_venta bigint, p_id_devolucion bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    v_boleta RECORD;
    v_lineas JSONB;
    v_afecto INTEGER;
    v_exento INTEGER;
    v_neto INTEGER;
BEGIN
    SELECT id_documento, lineas INTO v_boleta
    FROM documento_dte
    WHERE id_minimarket = p_minimarket AND id_venta = p_id_venta AND tipo IN (39, 41);
    IF NOT FOUND THEN
        RETURN;
    END IF;
    WITH boleta AS (
        SELECT (l->>'id_producto')::bigint AS id_producto, min(l->>'nombre') AS nombre, min(l->>'unidad') AS unidad,
               bool_and((l->>'exento')::boolean) AS exento, sum((l->>'cantidad')::int) AS cantidad,
               sum((l->>'monto')::int) AS monto, min((l->>'precio_unitario')::int) AS precio_unitario,
               min(orden) AS orden
        FROM jsonb_array_elements(v_boleta.lineas) WITH ORDINALITY AS x(l, orden)
        GROUP BY 1, CASE WHEN l->>'id_producto' IS NULL THEN orden END
    ), devuelto AS (
        SELECT dd.id_producto, sum(dd.num_unidades)::int AS cantidad, sum(dd.subtotal)::int AS monto, min(dd.precio_unitario) AS precio_unitario
        FROM detalle_devolucion dd
        JOIN devolucion d ON d.id_minimarket = dd.id_minimarket AND d.id_devolucion = dd.id_devolucion
        WHERE d.id_minimarket = p_minimarket AND d.id_venta = p_id_venta
          AND (p_id_devolucion IS NULL OR d.id_devolucion = p_id_devolucion)
        GROUP BY dd.id_producto
    ), lineas AS (
        SELECT b.orden, b.id_producto, b.nombre, b.unidad, b.exento,
               CASE WHEN p_id_devolucion IS NULL THEN b.cantidad - coalesce(dv.cantidad, 0) ELSE dv.cantidad END AS cantidad,
               CASE WHEN p_id_devolucion IS NULL THEN b.precio_unitario ELSE dv.precio_unitario END AS precio_unitario,
               CASE WHEN p_id_devolucion IS NULL THEN b.monto - coalesce(dv.monto, 0) ELSE dv.monto END AS monto
        FROM boleta b
        LEFT JOIN devuelto dv ON dv.id_producto = b.id_producto
        WHERE p_id_devolucion IS NULL OR dv.id_producto IS NOT NULL
    )
    SELECT jsonb_agg(jsonb_build_object('id_producto', id_producto, 'nombre', nombre, 'cantidad', cantidad, 'unidad', unidad,
                                        'precio_unitario', precio_unitario, 'monto', monto, 'exento', exento) ORDER BY orden),
           coalesce(sum(monto) FILTER (WHERE NOT exento), 0),
           coalesce(sum(monto) FILTER (WHERE exento), 0)
      INTO v_lineas, v_afecto, v_exento
    FROM lineas
    WHERE monto > 0;
    IF v_lineas IS NULL THEN
        RETURN;
    END IF;
    v_neto := round(v_afecto::numeric * 100 / 119);
    INSERT INTO documento_dte (id_minimarket, tipo, id_venta, id_devolucion, id_documento_ref, clave, lineas, neto, iva, exento, total)
    VALUES (p_minimarket, 61, p_id_venta, p_id_devolucion, v_boleta.id_documento,
            CASE WHEN p_id_devolucion IS NULL THEN 'anulacion-' || p_id_venta ELSE 'devolucion-' || p_id_devolucion END,
            v_lineas, v_neto, v_afecto - v_neto, v_exento, v_afecto + v_exento);
END;
$$;
