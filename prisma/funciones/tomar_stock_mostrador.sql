-- The units a counter sale takes (registrar_venta): every product of the cart locked first, in id
-- order, before the first write (that write takes the shop's catalogue version, marcar_version_cambio,
-- and holds it to the end, so locking a product after it could deadlock with an edit of that product
-- waiting for the version). Then units per product in ascending id order: two carts holding the same
-- products lock them in the same order, so they wait for each other instead of deadlocking. The
-- guarded UPDATE re-checks `stock >= n` after a concurrent sale commits: stock never goes below zero.
-- A product that is not the shop's, or inactive, refuses the sale (PRODUCT_NOT_FOUND), and so does one
-- short of stock (NOT_ENOUGH_STOCK). Answers the products taken, as escribir_venta's p_cambios.
CREATE FUNCTION tomar_stock_mostrador(p_minimarket INTEGER, p_lineas JSONB) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_item RECORD;
    v_prod RECORD;
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
        UPDATE producto SET stock = stock - v_item.n, fecha_actualizacion = now()
        WHERE id_producto = v_item.id_producto AND id_minimarket = p_minimarket
          AND estado = 'activo' AND stock >= v_item.n
        RETURNING id_producto, nombre_producto, categoria, precio_venta_actual, precio_compra_actual, stock, unidad INTO v_prod;
        IF NOT FOUND THEN
            SELECT nombre_producto, stock, unidad INTO v_prod FROM producto
            WHERE id_producto = v_item.id_producto AND id_minimarket = p_minimarket AND estado = 'activo';
            IF NOT FOUND THEN
                RAISE EXCEPTION USING ERRCODE = 'MM001',
                    MESSAGE = jsonb_build_object('code', 'PRODUCT_NOT_FOUND')::text;
            END IF;
            RAISE EXCEPTION USING ERRCODE = 'MM002',
                MESSAGE = jsonb_build_object('code', 'NOT_ENOUGH_STOCK', 'producto', v_prod.nombre_producto, 'disponible', v_prod.stock, 'unidad', v_prod.unidad)::text;
        END IF;
        v_cambios := v_cambios || jsonb_build_object(
            'id_producto', v_prod.id_producto, 'nombre_producto', v_prod.nombre_producto,
            'precio_venta_actual', v_prod.precio_venta_actual, 'costo', v_prod.precio_compra_actual, 'categoria', v_prod.categoria,
            'unidad', v_prod.unidad, 'n', v_item.n, 'faltante', 0,
            'antes', v_prod.stock + v_item.n, 'despues', v_prod.stock);
    END LOOP;
    RETURN v_cambios;
END;
$$;
