-- A sale at the counter, now, all or nothing, in one call (the API's data/venta.ts
-- registrarVentaEnMostrador; docs/offline.md «Una venta, dos operaciones»). Its own checks are the
-- strict ones: the shop's open cash shift (or a refusal when the shop demands one), a customer that is
-- active and within its limit (unless the owner approved it with their PIN: p_id_autorizador), stock
-- taken with a guarded UPDATE so it never goes below zero (tomar_stock_mostrador), and every line at
-- the shelf price of this moment. What every sale writes is escribir_venta's. A sale made on a device
-- with no connection comes in through sincronizar_venta_offline instead.
--
-- Under its device's key (Idempotency-Key) attempts take turns (tomar_clave_venta), and a retry of a
-- sale already recorded answers {"repetida": true, "id_venta"}. Refusals are raised inside as SQLSTATE
-- 'MM0xx' with a JSON message and answered, not raised: {"rechazo": {"code", "datos"}}, kept under the
-- key in this transaction (guardar_rechazo_venta); the API turns them into Spanish (modules/ventas/rechazos.ts).
--
-- Money at the counter (issue 32, docs/pagos.md): a line may carry its discount (subtotal = gross −
-- descuento), come from a price label (its gross is the label's printed amount, read by the API:
-- `monto_etiqueta`), or sell no product at all (a loose sale: `id_producto` null, one unit at its
-- amount, no stock).
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
    -- The device's provisional receipt reference, if it sent one (rare at the counter: kept as sent).
    p_referencia_local TEXT DEFAULT NULL,
    -- The owner who approved with their PIN a cashier's fiado past the customer's limit (issue 31,
    -- docs/cajeros.md): the limit then does not refuse it, and the sale records who approved.
    p_id_autorizador INTEGER DEFAULT NULL,
    -- Why the sale carries a discount (the API requires it with any).
    p_motivo_descuento TEXT DEFAULT NULL,
    -- The request as sent, without any PIN: kept with a refusal so the owner sees what it was.
    p_cuerpo JSONB DEFAULT '{}'
) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_id_venta BIGINT;
    v_turno BIGINT;
    -- What goes on the customer's account: the whole total, the fiado part of a split sale, or 0.
    v_fiado BIGINT;
    v_cliente RECORD;
    v_sobre_limite JSONB;
    v_cambios JSONB;
    v_prod RECORD;
    v_resultado JSONB;
BEGIN
    v_id_venta := tomar_clave_venta(p_minimarket, p_idempotency_key);
    IF v_id_venta IS NOT NULL THEN
        RETURN jsonb_build_object('repetida', true, 'id_venta', v_id_venta);
    END IF;

    BEGIN
        -- The shop's open shift, if any: the sale belongs to it. FOR SHARE makes a close that runs
        -- at the same moment wait for this sale, so the close counts it (or the sale sees no shift).
        SELECT id_turno INTO v_turno FROM turno_caja
        WHERE id_minimarket = p_minimarket AND cerrado_en IS NULL
        FOR SHARE;
        IF v_turno IS NULL AND EXISTS (SELECT 1 FROM minimarket WHERE id_minimarket = p_minimarket AND exigir_caja_abierta) THEN
            RAISE EXCEPTION USING ERRCODE = 'MM004', MESSAGE = jsonb_build_object('code', 'NO_OPEN_SHIFT')::text;
        END IF;

        -- A sale on credit: an active customer, within its limit unless the owner approved it (then
        -- recorded past the limit, with who approved, and the owner's audit trail says so).
        v_fiado := parte_fiado_venta(p_metodo_pago, p_total, p_pagos);
        IF v_fiado > 0 THEN
            SELECT * INTO v_cliente FROM cliente_para_fiado(p_minimarket, p_id_cliente);
            IF NOT v_cliente.activo THEN
                RAISE EXCEPTION USING ERRCODE = 'MM007', MESSAGE = jsonb_build_object('code', 'CLIENT_INACTIVE', 'cliente', v_cliente.nombre)::text;
            END IF;
            IF v_cliente.limite_credito IS NOT NULL AND v_cliente.saldo + v_fiado > v_cliente.limite_credito THEN
                IF p_id_autorizador IS NULL THEN
                    RAISE EXCEPTION USING ERRCODE = 'MM008', MESSAGE = jsonb_build_object('code', 'CREDIT_LIMIT',
                        'cliente', v_cliente.nombre, 'saldo', v_cliente.saldo, 'limite', v_cliente.limite_credito, 'total', v_fiado,
                        'parcial', p_metodo_pago = 'Mixto')::text;
                END IF;
                v_sobre_limite := jsonb_build_object('cliente', v_cliente.nombre, 'id_cliente', p_id_cliente,
                    'saldo', v_cliente.saldo + v_fiado, 'limite', v_cliente.limite_credito);
            END IF;
        END IF;

        v_cambios := tomar_stock_mostrador(p_minimarket, p_lineas);

        -- Every line at the shelf price of this moment.
        SELECT c->>'nombre_producto' AS nombre, (c->>'precio_venta_actual')::int AS precio INTO v_prod
        FROM jsonb_array_elements(p_lineas) AS l
        JOIN jsonb_array_elements(v_cambios) AS c ON (c->>'id_producto')::bigint = (l->>'id_producto')::bigint
        WHERE (l->>'precio_unitario')::int <> (c->>'precio_venta_actual')::int
        LIMIT 1;
        IF FOUND THEN
            RAISE EXCEPTION USING ERRCODE = 'MM003',
                MESSAGE = jsonb_build_object('code', 'PRICE_CHANGED', 'producto', v_prod.nombre, 'precio', v_prod.precio)::text;
        END IF;

        v_resultado := escribir_venta(
            p_minimarket => p_minimarket, p_usuario => p_usuario, p_origen => 'mostrador', p_fecha => now(), p_id_turno => v_turno,
            p_metodo_pago => p_metodo_pago, p_estado_venta => p_estado_venta, p_total => p_total,
            p_idempotency_key => p_idempotency_key, p_lineas => p_lineas, p_cambios => v_cambios,
            p_monto_recibido => p_monto_recibido, p_id_cliente => p_id_cliente, p_pagos => p_pagos,
            p_referencia_local => p_referencia_local,
            p_id_autorizador => CASE WHEN v_sobre_limite IS NOT NULL THEN p_id_autorizador END,
            p_motivo_descuento => p_motivo_descuento, p_sobre_limite => v_sobre_limite);
    EXCEPTION WHEN OTHERS THEN
        -- Only the sale's own refusals (SQLSTATE 'MM0xx', a JSON message) are answered; anything else
        -- is a failure, not an answer.
        IF SQLSTATE NOT LIKE 'MM%' THEN
            RAISE;
        END IF;
        RETURN guardar_rechazo_venta(p_minimarket, p_idempotency_key, p_usuario, 'mostrador', p_cuerpo, SQLERRM::jsonb);
    END;

    -- Recorded now: a refusal kept under this key before (the cart was corrected and sent again) is over.
    IF p_idempotency_key IS NOT NULL THEN
        DELETE FROM venta_rechazada WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key;
    END IF;
    RETURN v_resultado;
END;
$$;
