-- A completed sale's boleta request, written in the sale's own transaction (registrar_venta calls it;
-- issue 23, docs/boleta.md): nothing when the shop does not issue boletas. The document's lines are
-- the sale's as of now, with each product's exemption; a boleta with only exempt lines is a boleta
-- exenta (41). Amounts as SII rounds a boleta's (gross) lines: the affected total T, neto = round(T /
-- 1.19) half up, IVA = T − neto, exempt lines apart (the same rule as contracts' montosDte).
-- `clave` ('venta-{id}') is the provider's Idempotency-Key: the sale's own id. Each line's `monto` is what
-- was paid for it (its discount off, a price label's printed amount): the provider writes the
-- difference from price × quantity as the line's DescuentoMonto (or RecargoMonto). A loose sale's line
-- (no product) is taxed.
CREATE FUNCTION encolar_boleta(p_minimarket integer, p_id_venta bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    v_lineas JSONB;
    v_afecto INTEGER;
    v_exento INTEGER;
    v_neto INTEGER;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM emisor_dte WHERE id_minimarket = p_minimarket AND emitir) THEN
        RETURN;
    END IF;
    SELECT jsonb_agg(jsonb_build_object('id_producto', d.id_producto, 'nombre', d.nombre_producto, 'cantidad', d.num_unidades,
                                        'unidad', d.unidad, 'precio_unitario', d.precio_unitario, 'monto', d.subtotal,
                                        'exento', p.exento) ORDER BY d.id_detalle_venta),
           coalesce(sum(d.subtotal) FILTER (WHERE NOT p.exento), 0),
           coalesce(sum(d.subtotal) FILTER (WHERE p.exento), 0)
      INTO v_lineas, v_afecto, v_exento
    FROM detalle_venta d
    CROSS JOIN LATERAL (
        SELECT coalesce((SELECT pr.exento FROM producto pr WHERE pr.id_minimarket = d.id_minimarket AND pr.id_producto = d.id_producto), false)
            AS exento
    ) p
    WHERE d.id_minimarket = p_minimarket AND d.id_venta = p_id_venta;
    IF v_lineas IS NULL THEN
        RETURN;
    END IF;
    v_neto := round(v_afecto::numeric * 100 / 119);
    INSERT INTO documento_dte (id_minimarket, tipo, id_venta, clave, lineas, neto, iva, exento, total)
    VALUES (p_minimarket, CASE WHEN v_afecto = 0 THEN 41 ELSE 39 END, p_id_venta, 'venta-' || p_id_venta, v_lineas,
            v_neto, v_afecto - v_neto, v_exento, v_afecto + v_exento);
END;
$$;
