-- What every sale writes, once its operation has checked it (docs/offline.md «Una venta, dos
-- operaciones»): registrar_venta (at the counter) and sincronizar_venta_offline (from a device's
-- outbox) each run their own checks, take the stock their way, and call this. It checks the lines'
-- arithmetic, rounds the cash part, takes the shop's next sale number, and writes the sale, its
-- payment parts, its lines, its stock ledger rows, its boleta's request and its day for the
-- analytics' summaries. A sale on credit is on its customer's account by its row (the view
-- cuenta_cliente reads venta and pago_venta).
--
-- It answers the rows it wrote, as stored (the sale with its seller's name, lines and parts): the API
-- turns them into the sale's JSON in one place (modules/ventas/ventas.mapper.ts toVentaDto), the same
-- way it shows a sale read later. 'cambios' and 'avisos' tell the API what to notify.
CREATE FUNCTION escribir_venta(
    p_minimarket INTEGER,
    p_usuario INTEGER,
    -- 'mostrador' or 'offline'.
    p_origen TEXT,
    -- The sale's time: now at the counter, the device's own time offline.
    p_fecha TIMESTAMPTZ,
    p_id_turno BIGINT,
    p_metodo_pago TEXT,
    p_estado_venta TEXT,
    p_total INTEGER,
    p_idempotency_key TEXT,
    -- The cart as sent (registrar_venta's p_lineas).
    p_lineas JSONB,
    -- The products taken, one per product, in id order: [{ id_producto, nombre_producto,
    -- precio_venta_actual, costo, categoria, unidad, n, faltante, antes, despues }].
    p_cambios JSONB,
    p_monto_recibido INTEGER,
    p_id_cliente BIGINT,
    p_pagos JSONB,
    p_referencia_local TEXT,
    -- The owner who approved a fiado past the limit (null unless the sale is past it).
    p_id_autorizador INTEGER,
    p_motivo_descuento TEXT,
    -- A fiado past the customer's limit that the operation let through: { cliente, id_cliente, saldo, limite }.
    p_sobre_limite JSONB
) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_nombre TEXT;
    v_numero INTEGER;
    v_venta venta%ROWTYPE;
    v_detalles JSONB;
    v_pagos JSONB;
    -- The cash part (exact) and what rounding it adds or takes (Ley 20.956).
    v_efectivo BIGINT;
BEGIN
    -- Every subtotal is its line's gross less its discount: the gross by its product's unit (price ×
    -- units, or for a kg product monto_por_peso, the SQL form of the contracts' montoPorPeso: price per
    -- kilo × grams / 1000, half a peso up; test/granel.test.ts sells its rounding table through here),
    -- a price label's printed amount, or a loose sale's amount. A discount leaves at least a peso.
    SELECT coalesce(c->>'nombre_producto', nullif(trim(l->>'nombre_producto'), ''), 'Varios') INTO v_nombre
    FROM jsonb_array_elements(p_lineas) AS l
    LEFT JOIN jsonb_array_elements(p_cambios) AS c ON (c->>'id_producto')::bigint = (l->>'id_producto')::bigint
    WHERE (l->>'subtotal')::bigint + coalesce((l->>'descuento')::bigint, 0) <> CASE
            WHEN l->>'id_producto' IS NULL THEN (l->>'precio_unitario')::bigint * (l->>'num_unidades')::bigint
            WHEN l->>'monto_etiqueta' IS NOT NULL THEN (l->>'monto_etiqueta')::bigint
            WHEN c->>'unidad' = 'kg' THEN monto_por_peso((l->>'precio_unitario')::bigint, (l->>'num_unidades')::bigint)
            ELSE (l->>'precio_unitario')::bigint * (l->>'num_unidades')::bigint END
       OR coalesce((l->>'descuento')::bigint, 0) < 0
       OR (coalesce((l->>'descuento')::bigint, 0) > 0 AND (l->>'subtotal')::bigint <= 0)
    LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'MM005',
            MESSAGE = jsonb_build_object('code', 'SUBTOTAL_MISMATCH', 'producto', v_nombre)::text;
    END IF;

    -- Cash is paid rounded to the ten (Ley 20.956): the cash part of the payment, and what rounding
    -- adds to it or takes from it. The total, the lines and the boleta stay exact.
    v_efectivo := CASE p_metodo_pago
        WHEN 'Efectivo' THEN p_total
        WHEN 'Mixto' THEN (SELECT coalesce(sum((x->>'monto')::bigint), 0) FROM jsonb_array_elements(p_pagos) AS x
                           WHERE x->>'metodo_pago' = 'Efectivo')
        ELSE 0 END;

    -- The shop's next sale number. The counter's row stays locked until this sale commits: the next
    -- sale of the shop waits here for it (after taking its products), so numbers never repeat, and
    -- a sale that fails gives its number back. Taken last, after the products, in every sale: no
    -- deadlock with another cart.
    INSERT INTO contador_venta AS c (id_minimarket, ultimo) VALUES (p_minimarket, 1)
    ON CONFLICT (id_minimarket) DO UPDATE SET ultimo = c.ultimo + 1
    RETURNING ultimo INTO v_numero;

    -- A concurrent retry with the same key that commits first makes this INSERT fail with
    -- unique_violation; the API then answers with that sale.
    INSERT INTO venta (id_minimarket, numero_venta, id_usuario, fecha_venta, total, metodo_pago, estado_venta, idempotency_key, id_turno,
                       monto_recibido, id_cliente, origen, referencia_local, id_autorizador, redondeo, motivo_descuento)
    VALUES (p_minimarket, v_numero, p_usuario, p_fecha, p_total, p_metodo_pago, p_estado_venta, p_idempotency_key, p_id_turno,
            p_monto_recibido, p_id_cliente, p_origen, p_referencia_local, p_id_autorizador,
            redondear_efectivo(v_efectivo) - v_efectivo, p_motivo_descuento)
    RETURNING * INTO v_venta;

    -- A split sale's parts (metodo_pago 'Mixto'; docs/pagos.md).
    WITH partes AS (
        INSERT INTO pago_venta (id_minimarket, id_venta, metodo_pago, monto)
        SELECT p_minimarket, v_venta.id_venta, x->>'metodo_pago', (x->>'monto')::int
        FROM jsonb_array_elements(CASE WHEN p_metodo_pago = 'Mixto' THEN p_pagos ELSE '[]'::jsonb END) AS x
        RETURNING *
    )
    SELECT coalesce(jsonb_agg(to_jsonb(partes)), '[]'::jsonb) INTO v_pagos FROM partes;

    -- Each line with its product's name, category, unit and cost now. A loose sale's line (no product)
    -- takes its name ('Varios' when none) and category ('Venta libre' when none) from the request. A
    -- line charged at another price than the shelf's (offline) keeps the shelf's in precio_catalogo.
    WITH nuevas AS (
        INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal, nombre_producto, costo_unitario, categoria, unidad,
                                   precio_catalogo, descuento, codigo_etiqueta)
        SELECT v_venta.id_venta, p_minimarket, (l->>'id_producto')::bigint, (l->>'num_unidades')::int,
               (l->>'precio_unitario')::int, (l->>'subtotal')::int,
               coalesce(c->>'nombre_producto', nullif(trim(l->>'nombre_producto'), ''), 'Varios'),
               (c->>'costo')::int, coalesce(c->>'categoria', l->>'categoria', 'Venta libre'), coalesce(c->>'unidad', 'unidad'),
               CASE WHEN (l->>'precio_unitario')::int <> (c->>'precio_venta_actual')::int THEN (c->>'precio_venta_actual')::int END,
               coalesce((l->>'descuento')::int, 0), l->>'codigo_etiqueta'
        FROM jsonb_array_elements(p_lineas) WITH ORDINALITY AS x(l, orden)
        LEFT JOIN jsonb_array_elements(p_cambios) AS c ON (c->>'id_producto')::bigint = (l->>'id_producto')::bigint
        ORDER BY x.orden
        RETURNING *
    )
    SELECT jsonb_agg(to_jsonb(nuevas) ORDER BY id_detalle_venta) INTO v_detalles FROM nuevas;

    -- The ledger: the sale takes every unit it sold. An offline sale short of stock first has a
    -- 'faltante' row that brings the books up to what must have been on the shelf (the shortfall,
    -- positive), so each row's stock_resultante is the one before plus its cantidad, the ledger's sum
    -- is the stock's change, and voiding the sale later gives back exactly what it took.
    INSERT INTO movimiento_stock (id_minimarket, id_producto, id_usuario, id_venta, tipo, cantidad, stock_resultante, motivo)
    SELECT p_minimarket, m.id_producto, p_usuario, v_venta.id_venta, m.tipo, m.cantidad, m.resultante, m.motivo
    FROM jsonb_array_elements(p_cambios) WITH ORDINALITY AS x(c, orden)
    CROSS JOIN LATERAL (VALUES
        (1, (c->>'id_producto')::bigint, 'faltante', (c->>'faltante')::int, (c->>'antes')::int + (c->>'faltante')::int,
         'Vendido sin conexión sin stock: contar el producto (venta N° ' || v_venta.numero_venta || ')'),
        (2, (c->>'id_producto')::bigint, 'venta', -(c->>'n')::int, (c->>'despues')::int, 'Venta N° ' || v_venta.numero_venta)
    ) AS m(paso, id_producto, tipo, cantidad, resultante, motivo)
    WHERE m.tipo = 'venta' OR m.cantidad > 0
    ORDER BY x.orden, m.paso;

    -- Its boleta's request, in this transaction (nothing when the shop does not issue boletas).
    PERFORM encolar_boleta(p_minimarket, v_venta.id_venta);

    -- Its day is to be summed again in the analytics' summaries. DO UPDATE, not DO NOTHING: it takes
    -- the pending row's lock until this sale commits, so the summary worker cannot sum the day
    -- without this sale and drop its mark meanwhile (refrescar_resumen_ventas skips a locked day).
    INSERT INTO resumen_pendiente (id_minimarket, dia)
    VALUES (p_minimarket, (v_venta.fecha_venta AT TIME ZONE 'America/Santiago')::date)
    ON CONFLICT (id_minimarket, dia) DO UPDATE SET marcado_en = excluded.marcado_en;

    RETURN jsonb_build_object(
        'repetida', false,
        -- The rows as stored, with what a sale read later includes (data/venta.ts CON_DETALLES).
        'venta', to_jsonb(v_venta) || jsonb_build_object(
            'usuario', (SELECT jsonb_build_object('nombre', nombre) FROM usuario WHERE id_usuario = p_usuario),
            'detalles', v_detalles,
            'pagos', v_pagos,
            'devoluciones', '[]'::jsonb),
        'cambios', p_cambios,
        -- What the owner is told (ventas' operations write the notices).
        'avisos', jsonb_build_object(
            'faltantes', (SELECT coalesce(jsonb_agg(jsonb_build_object('id_producto', c->'id_producto', 'nombre_producto', c->'nombre_producto',
                                  'unidad', c->'unidad', 'faltante', c->'faltante')), '[]'::jsonb)
                          FROM jsonb_array_elements(p_cambios) AS c WHERE (c->>'faltante')::int > 0),
            'precios_antiguos', EXISTS (SELECT 1 FROM jsonb_array_elements(v_detalles) AS d WHERE d->>'precio_catalogo' IS NOT NULL),
            'fiado_sobre_limite', p_sobre_limite));
END;
$$;
