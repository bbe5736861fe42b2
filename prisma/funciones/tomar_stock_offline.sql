-- The units an offline sale takes (sincronizar_venta_offline; docs/offline.md «El servidor»). What was
-- sold is a fact: every product locked first in id order (the same order as every sale, see
-- tomar_stock_mostrador), then stock taken down to 0 at most; the rest is the shortfall ('faltante',
-- written to the ledger by escribir_venta). An inactive product was still sold. Only a product that is
-- not the shop's refuses it (PRODUCT_NOT_FOUND): it cannot be recorded. Answers the products taken, as
-- escribir_venta's p_cambios.
CREATE FUNCTION tomar_stock_offline(p_minimarket INTEGER, p_lineas JSONB) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_item RECORD;
    v_prod RECORD;
    v_toma INTEGER;
    v_cambios JSONB := '[]'::jsonb;
BEGIN
    PERFORM 1 FROM producto
    WHERE id_minimarket = p_minimarket
      AND id_producto IN (SELECT (l->>'id_producto')::bigint FROM jsonb_array_elements(p_lineas) AS l)
    ORDER BY id_producto
    FOR UPDATE;

    FOR v_item IN
        SELECT (l->>'id_producto')::bigint AS id_producto, sum((l->>'num_unidades')::int)::int AS n
        FROM jsonb_array_elements(p_lineas) AS l
        WHERE l->>'id_producto' IS NOT NULL
        GROUP BY 1 ORDER BY 1
    LOOP
        SELECT id_producto, nombre_producto, categoria, precio_venta_actual, precio_compra_actual, stock, unidad INTO v_prod
        FROM producto WHERE id_producto = v_item.id_producto AND id_minimarket = p_minimarket
        FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION USING ERRCODE = 'MM001',
                MESSAGE = jsonb_build_object('code', 'PRODUCT_NOT_FOUND')::text;
        END IF;
        v_toma := least(v_prod.stock, v_item.n);
        IF v_toma > 0 THEN
            UPDATE producto SET stock = stock - v_toma, fecha_actualizacion = now()
            WHERE id_producto = v_item.id_producto AND id_minimarket = p_minimarket;
        END IF;
        v_cambios := v_cambios || jsonb_build_object(
            'id_producto', v_prod.id_producto, 'nombre_producto', v_prod.nombre_producto,
            'precio_venta_actual', v_prod.precio_venta_actual, 'costo', v_prod.precio_compra_actual, 'categoria', v_prod.categoria,
            'unidad', v_prod.unidad, 'n', v_item.n, 'faltante', v_item.n - v_toma,
            'antes', v_prod.stock, 'despues', v_prod.stock - v_toma);
    END LOOP;
    RETURN v_cambios;
END;
$$;
