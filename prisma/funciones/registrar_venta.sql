-- A sale at the counter, all or nothing, in one call (the API's data/venta.ts registrarVenta):
-- the shop's open cash shift (or a refusal when the shop demands one), the stock taken product by
-- product with a guarded UPDATE so it never goes below zero, every line at the shelf price of this
-- moment, the sale, its lines (with cost and category at the time of sale), the stock ledger, and
-- its day marked for the analytics' summaries. Refusals are SQLSTATE 'MM0xx' with a JSON message
-- the API turns into Spanish (ventas.service.ts). A retry with the same Idempotency-Key returns the
-- first sale.
--
-- Money at the counter (issue 32, docs/pagos.md): a line may carry its discount (subtotal = gross −
-- descuento), come from a price label (its gross is the label's printed amount, read by the API:
-- `monto_etiqueta`), or sell no product at all (a loose sale: `id_producto` null, one unit at its
-- amount, no stock); the cash part of the payment is rounded as Ley 20.956 says (redondear_efectivo)
-- and the rounding is kept in venta.redondeo, the total staying the exact sum of the lines.
--
-- An offline sale (p_origen 'offline'; docs/offline.md «El servidor»): made on the device while the
-- connection was down and sent later from its outbox. What was sold is a fact: it keeps its own time
-- (p_fecha) and joins the shift open then; a product short of stock goes to 0 with a 'faltante' row in
-- the ledger for the units the books did not have; the price charged is honoured (the shelf price is
-- kept in precio_catalogo when it differs); an inactive product or customer and a fiado past its
-- limit are recorded. 'avisos' in the answer tells the API what to notify. Only a product or customer
-- that is not the shop's refuses it: it cannot be recorded.
CREATE FUNCTION registrar_venta(
    p_minimarket INTEGER,
    p_usuario INTEGER,
    p_metodo_pago TEXT,
    p_estado_venta TEXT,
    p_total INTEGER,
    p_idempotency_key TEXT,
    -- [{ id_producto (null: a loose sale), num_unidades, precio_unitario, subtotal, descuento?, codigo_etiqueta?,
    --    monto_etiqueta? (a label line's gross), nombre_producto? and categoria? (a loose sale's) }]:
    -- num_unidades are grams for a kg product
    p_lineas JSONB,
    -- Cash handed over (cash sales only; the API checks it covers the total).
    p_monto_recibido INTEGER,
    -- The customer of a sale on credit ('Fiado'; la libreta, issue #21): its account must stay
    -- within its limit. Null for any other method (the API refuses a customer without Fiado).
    p_id_cliente BIGINT DEFAULT NULL,
    -- A split sale (p_metodo_pago 'Mixto'; pago dividido, docs/pagos.md): [{ metodo_pago, monto }],
    -- distinct methods, their sum the total (the API checks it first). Null for a sale paid one way.
    p_pagos JSONB DEFAULT NULL,
    -- 'mostrador' (a sale at the counter, now) or 'offline' (see above).
    p_origen TEXT DEFAULT 'mostrador',
    -- The sale's own time on the device (offline only; the API checks its bounds).
    p_fecha TIMESTAMPTZ DEFAULT NULL,
    -- The device's provisional receipt reference ("C1-0042"), stored and searchable.
    p_referencia_local TEXT DEFAULT NULL,
    -- The owner who approved with their PIN a cashier's fiado past the customer's limit (issue 31,
    -- docs/cajeros.md): the limit then does not refuse it, and the sale records who approved.
    p_id_autorizador INTEGER DEFAULT NULL,
    -- Why the sale carries a discount (the API requires it with any).
    p_motivo_descuento TEXT DEFAULT NULL
) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_item RECORD;
    v_prod RECORD;
    v_id_venta BIGINT;
    v_fecha TIMESTAMPTZ(3);
    v_cambios JSONB := '[]'::jsonb;
    v_detalles JSONB;
    v_turno BIGINT;
    v_numero INTEGER;
    v_cliente RECORD;
    v_saldo BIGINT;
    -- What goes on the customer's account: the whole total, the fiado part of a split sale, or 0.
    v_fiado BIGINT := 0;
    v_offline BOOLEAN := p_origen = 'offline';
    -- Offline: the units taken from stock (at most what there was) and the shortfall.
    v_toma INTEGER;
    v_sobre_limite JSONB;
    v_recibida TIMESTAMPTZ(3);
    -- The cash part (exact) and what rounding it adds or takes (Ley 20.956).
    v_efectivo BIGINT := 0;
    v_redondeo INTEGER := 0;
BEGIN
    IF p_idempotency_key IS NOT NULL THEN
        SELECT id_venta INTO v_id_venta FROM venta
        WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key;
        IF FOUND THEN
            RETURN jsonb_build_object('repetida', true, 'id_venta', v_id_venta);
        END IF;
    END IF;

    -- The shop's open shift, if any: the sale belongs to it. FOR SHARE makes a close that runs
    -- at the same moment wait for this sale, so the close counts it (or the sale sees no shift).
    -- An offline sale joins the shift open at its own time, even one closed since (its stored
    -- report does not change); none then, none now. It was made: no shift is demanded of it.
    IF v_offline THEN
        SELECT id_turno INTO v_turno FROM turno_caja
        WHERE id_minimarket = p_minimarket AND abierto_en <= p_fecha AND (cerrado_en IS NULL OR p_fecha < cerrado_en)
        ORDER BY abierto_en DESC LIMIT 1
        FOR SHARE;
    ELSE
        SELECT id_turno INTO v_turno FROM turno_caja
        WHERE id_minimarket = p_minimarket AND cerrado_en IS NULL
        FOR SHARE;
    END IF;
    IF v_turno IS NULL AND NOT v_offline AND EXISTS (SELECT 1 FROM minimarket WHERE id_minimarket = p_minimarket AND exigir_caja_abierta) THEN
        RAISE EXCEPTION USING ERRCODE = 'MM004', MESSAGE = jsonb_build_object('code', 'NO_OPEN_SHIFT')::text;
    END IF;

    IF p_metodo_pago = 'Mixto' THEN
        IF p_pagos IS NULL OR jsonb_array_length(p_pagos) < 2
           OR (SELECT sum((x->>'monto')::bigint) FROM jsonb_array_elements(p_pagos) AS x) <> p_total THEN
            RAISE EXCEPTION USING ERRCODE = 'MM009', MESSAGE = jsonb_build_object('code', 'PAYMENT_MISMATCH')::text;
        END IF;
        SELECT coalesce(sum((x->>'monto')::bigint), 0) INTO v_fiado
        FROM jsonb_array_elements(p_pagos) AS x WHERE x->>'metodo_pago' = 'Fiado';
    ELSIF p_metodo_pago = 'Fiado' THEN
        v_fiado := p_total;
    END IF;

    -- A sale on credit: the customer's row locked first (every fiado sale and abono of a customer
    -- takes it first, so they take turns and no deadlock with the products' locks is possible), then
    -- its balance from the one definition (the view cuenta_cliente) checked against its limit.
    IF v_fiado > 0 THEN
        SELECT nombre, activo, limite_credito INTO v_cliente FROM cliente
        WHERE id_minimarket = p_minimarket AND id_cliente = p_id_cliente
        FOR UPDATE;
        IF NOT FOUND THEN
            RAISE EXCEPTION USING ERRCODE = 'MM006', MESSAGE = jsonb_build_object('code', 'CLIENT_NOT_FOUND')::text;
        END IF;
        IF NOT v_cliente.activo AND NOT v_offline THEN
            RAISE EXCEPTION USING ERRCODE = 'MM007', MESSAGE = jsonb_build_object('code', 'CLIENT_INACTIVE', 'cliente', v_cliente.nombre)::text;
        END IF;
        SELECT coalesce(sum(cargo - abono), 0) INTO v_saldo FROM cuenta_cliente
        WHERE id_minimarket = p_minimarket AND id_cliente = p_id_cliente;
        IF v_cliente.limite_credito IS NOT NULL AND v_saldo + v_fiado > v_cliente.limite_credito AND (v_offline OR p_id_autorizador IS NOT NULL) THEN
            -- It was given (offline), or the owner approved it: recorded past the limit, and the owner is told.
            v_sobre_limite := jsonb_build_object('cliente', v_cliente.nombre, 'id_cliente', p_id_cliente,
                'saldo', v_saldo + v_fiado, 'limite', v_cliente.limite_credito);
        ELSIF v_cliente.limite_credito IS NOT NULL AND v_saldo + v_fiado > v_cliente.limite_credito THEN
            RAISE EXCEPTION USING ERRCODE = 'MM008', MESSAGE = jsonb_build_object('code', 'CREDIT_LIMIT',
                'cliente', v_cliente.nombre, 'saldo', v_saldo, 'limite', v_cliente.limite_credito, 'total', v_fiado,
                'parcial', p_metodo_pago = 'Mixto')::text;
        END IF;
    END IF;

    -- Every product of the cart locked first, in id order, before the first write: that write takes
    -- the shop's catalogue version (marcar_version_cambio) and holds it to the end, so locking a
    -- product after it could deadlock with an edit of that product waiting for the version.
    PERFORM 1 FROM producto
    WHERE id_minimarket = p_minimarket
      AND id_producto IN (SELECT (l->>'id_producto')::bigint FROM jsonb_array_elements(p_lineas) AS l)
    ORDER BY id_producto
    FOR UPDATE;

    -- Units per product, taken in ascending id order: two carts holding the same products lock
    -- them in the same order, so they wait for each other instead of deadlocking. The guarded
    -- UPDATE re-checks `stock >= n` after a concurrent sale commits: stock never goes below zero.
    FOR v_item IN
        SELECT (l->>'id_producto')::bigint AS id_producto, sum((l->>'num_unidades')::int)::int AS n
        FROM jsonb_array_elements(p_lineas) AS l
        WHERE l->>'id_producto' IS NOT NULL
        GROUP BY 1 ORDER BY 1
    LOOP
        IF v_offline THEN
            -- What was sold is a fact: the row locked (the same order as every sale), stock taken
            -- down to 0 at most, the rest is the shortfall. An inactive product was still sold.
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
            CONTINUE;
        END IF;
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

    -- Every line at the shelf price of this moment (an offline sale's at the price charged: its
    -- lines keep the shelf price in precio_catalogo below).
    SELECT c->>'nombre_producto' AS nombre, (c->>'precio_venta_actual')::int AS precio INTO v_prod
    FROM jsonb_array_elements(p_lineas) AS l
    JOIN jsonb_array_elements(v_cambios) AS c ON (c->>'id_producto')::bigint = (l->>'id_producto')::bigint
    WHERE (l->>'precio_unitario')::int <> (c->>'precio_venta_actual')::int
    LIMIT 1;
    IF FOUND AND NOT v_offline THEN
        RAISE EXCEPTION USING ERRCODE = 'MM003',
            MESSAGE = jsonb_build_object('code', 'PRICE_CHANGED', 'producto', v_prod.nombre, 'precio', v_prod.precio)::text;
    END IF;

    -- Every subtotal is its line's gross less its discount: the gross by its product's unit (price ×
    -- units, or for a kg product monto_por_peso, the SQL form of the contracts' montoPorPeso: price per
    -- kilo × grams / 1000, half a peso up; test/granel.test.ts sells its rounding table through here),
    -- a price label's printed amount, or a loose sale's amount. A discount leaves at least a peso.
    SELECT coalesce(c->>'nombre_producto', nullif(trim(l->>'nombre_producto'), ''), 'Varios') AS nombre INTO v_prod
    FROM jsonb_array_elements(p_lineas) AS l
    LEFT JOIN jsonb_array_elements(v_cambios) AS c ON (c->>'id_producto')::bigint = (l->>'id_producto')::bigint
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
            MESSAGE = jsonb_build_object('code', 'SUBTOTAL_MISMATCH', 'producto', v_prod.nombre)::text;
    END IF;

    -- Cash is paid rounded to the ten (Ley 20.956): the cash part of the payment, and what rounding
    -- adds to it or takes from it. The total, the lines and the boleta stay exact.
    v_efectivo := CASE p_metodo_pago
        WHEN 'Efectivo' THEN p_total
        WHEN 'Mixto' THEN (SELECT coalesce(sum((x->>'monto')::bigint), 0) FROM jsonb_array_elements(p_pagos) AS x
                           WHERE x->>'metodo_pago' = 'Efectivo')
        ELSE 0 END;
    v_redondeo := redondear_efectivo(v_efectivo) - v_efectivo;

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
    VALUES (p_minimarket, v_numero, p_usuario, CASE WHEN v_offline THEN p_fecha ELSE now() END, p_total, p_metodo_pago, p_estado_venta,
            p_idempotency_key, v_turno, p_monto_recibido, p_id_cliente, CASE WHEN v_offline THEN 'offline' ELSE 'mostrador' END, p_referencia_local,
            CASE WHEN v_sobre_limite IS NOT NULL THEN p_id_autorizador END, v_redondeo, p_motivo_descuento)
    RETURNING id_venta, fecha_venta, recibida_en INTO v_id_venta, v_fecha, v_recibida;

    IF p_metodo_pago = 'Mixto' THEN
        INSERT INTO pago_venta (id_minimarket, id_venta, metodo_pago, monto)
        SELECT p_minimarket, v_id_venta, x->>'metodo_pago', (x->>'monto')::int
        FROM jsonb_array_elements(p_pagos) AS x;
    END IF;

    -- A loose sale's line (no product) takes its name ('Varios' when none) and category ('Venta libre'
    -- when none) from the request.
    WITH nuevas AS (
        INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal, nombre_producto, costo_unitario, categoria, unidad,
                                   precio_catalogo, descuento, codigo_etiqueta)
        SELECT v_id_venta, p_minimarket, (l->>'id_producto')::bigint, (l->>'num_unidades')::int,
               (l->>'precio_unitario')::int, (l->>'subtotal')::int,
               coalesce(c->>'nombre_producto', nullif(trim(l->>'nombre_producto'), ''), 'Varios'),
               (c->>'costo')::int, coalesce(c->>'categoria', l->>'categoria', 'Venta libre'), coalesce(c->>'unidad', 'unidad'),
               CASE WHEN (l->>'precio_unitario')::int <> (c->>'precio_venta_actual')::int THEN (c->>'precio_venta_actual')::int END,
               coalesce((l->>'descuento')::int, 0), l->>'codigo_etiqueta'
        FROM jsonb_array_elements(p_lineas) WITH ORDINALITY AS x(l, orden)
        LEFT JOIN jsonb_array_elements(v_cambios) AS c ON (c->>'id_producto')::bigint = (l->>'id_producto')::bigint
        ORDER BY x.orden
        RETURNING id_detalle_venta, id_producto, num_unidades, subtotal, precio_unitario, nombre_producto, unidad, precio_catalogo,
                  descuento, codigo_etiqueta
    )
    SELECT jsonb_agg(to_jsonb(nuevas) ORDER BY id_detalle_venta) INTO v_detalles FROM nuevas;

    -- The ledger: the sale takes every unit it sold. An offline sale short of stock first has a
    -- 'faltante' row that brings the books up to what must have been on the shelf (the shortfall,
    -- positive), so each row's stock_resultante is the one before plus its cantidad, the ledger's sum
    -- is the stock's change, and voiding the sale later gives back exactly what it took.
    INSERT INTO movimiento_stock (id_minimarket, id_producto, id_usuario, id_venta, tipo, cantidad, stock_resultante, motivo)
    SELECT p_minimarket, m.id_producto, p_usuario, v_id_venta, m.tipo, m.cantidad, m.resultante, m.motivo
    FROM jsonb_array_elements(v_cambios) WITH ORDINALITY AS x(c, orden)
    CROSS JOIN LATERAL (VALUES
        (1, (c->>'id_producto')::bigint, 'faltante', (c->>'faltante')::int, (c->>'antes')::int + (c->>'faltante')::int,
         'Vendido sin conexión sin stock: contar el producto (venta N° ' || v_numero || ')'),
        (2, (c->>'id_producto')::bigint, 'venta', -(c->>'n')::int, (c->>'despues')::int, 'Venta N° ' || v_numero)
    ) AS m(paso, id_producto, tipo, cantidad, resultante, motivo)
    WHERE m.tipo = 'venta' OR m.cantidad > 0
    ORDER BY x.orden, m.paso;

    -- Its boleta's request, in this transaction (nothing when the shop does not issue boletas).
    PERFORM encolar_boleta(p_minimarket, v_id_venta);

    -- Its day is to be summed again in the analytics' summaries. DO UPDATE, not DO NOTHING: it takes
    -- the pending row's lock until this sale commits, so the summary worker cannot sum the day
    -- without this sale and drop its mark meanwhile (refrescar_resumen_ventas skips a locked day).
    INSERT INTO resumen_pendiente (id_minimarket, dia)
    VALUES (p_minimarket, (v_fecha AT TIME ZONE 'America/Santiago')::date)
    ON CONFLICT (id_minimarket, dia) DO UPDATE SET marcado_en = excluded.marcado_en;

    RETURN jsonb_build_object(
        'repetida', false,
        'venta', jsonb_build_object(
            'id_venta', v_id_venta,
            'numero_venta', v_numero,
            'id_venta_csv', NULL,
            'id_minimarket', p_minimarket,
            'fecha_venta', to_char(v_fecha AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'total', p_total,
            'metodo_pago', p_metodo_pago,
            'estado_venta', p_estado_venta,
            'id_turno', v_turno,
            'monto_recibido', p_monto_recibido,
            'id_cliente', p_id_cliente,
            'origen', CASE WHEN v_offline THEN 'offline' ELSE 'mostrador' END,
            'referencia_local', p_referencia_local,
            'id_vendedor', p_usuario,
            'nombre_vendedor', (SELECT nombre FROM usuario WHERE id_usuario = p_usuario),
            'recibida_en', to_char(v_recibida AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'alertas', '[]'::jsonb,
            'redondeo', v_redondeo,
            'motivo_descuento', p_motivo_descuento,
            -- A split sale's parts as sent (the API lists every sale's parts: partesDePago).
            'pagos', coalesce(p_pagos, '[]'::jsonb),
            'detalles', v_detalles),
        'cambios', v_cambios,
        -- What the owner is told of an offline sale (ventas.service.ts writes the notices).
        'avisos', jsonb_build_object(
            'faltantes', (SELECT coalesce(jsonb_agg(jsonb_build_object('id_producto', c->'id_producto', 'nombre_producto', c->'nombre_producto',
                                  'unidad', c->'unidad', 'faltante', c->'faltante')), '[]'::jsonb)
                          FROM jsonb_array_elements(v_cambios) AS c WHERE (c->>'faltante')::int > 0),
            'precios_antiguos', EXISTS (SELECT 1 FROM jsonb_array_elements(v_detalles) AS d WHERE d->>'precio_catalogo' IS NOT NULL),
            'fiado_sobre_limite', v_sobre_limite));
END;
$$;
