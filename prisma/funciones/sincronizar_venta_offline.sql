-- A sale made on a device while the connection was down, sent later from its outbox (the API's
-- data/venta.ts sincronizarVentaOffline; docs/offline.md «El servidor» and «El rastro»). What was sold
-- is a fact, so its own checks are tolerances: it keeps its own time (p_fecha; the API checks its
-- bounds) and joins the shift open then, even one closed since (its stored report does not change;
-- none then, none now: no shift is demanded of it); a product short of stock goes to 0 with a
-- 'faltante' row in the ledger (tomar_stock_offline); the price charged is honoured (escribir_venta
-- keeps the shelf price in precio_catalogo when it differs, and the API marks a price the product did
-- not have as an alert); an inactive product or customer and a fiado past its limit are recorded.
-- 'avisos' in the answer tells the API what to notify. Only a product or customer that is not the
-- shop's refuses it: it cannot be recorded. What every sale writes is escribir_venta's.
--
-- Its key is required (the API checks it). Attempts with the key take turns (tomar_clave_venta); a
-- retry of a sale already recorded answers {"repetida": true, "id_venta"}; a cart refused at the
-- counter under the same key (the counter gave up waiting and kept it) gets that same refusal instead
-- of being recorded, set aside for the owner: {"rechazo": {…, "en_mostrador": true}}. Its own
-- refusals are kept set aside too (guardar_rechazo_venta).
CREATE FUNCTION sincronizar_venta_offline(
    p_minimarket INTEGER,
    -- Who sold it (the person at the till then; the API checks they are of the shop).
    p_usuario INTEGER,
    p_metodo_pago TEXT,
    p_estado_venta TEXT,
    p_total INTEGER,
    p_idempotency_key TEXT,
    -- As registrar_venta's p_lineas.
    p_lineas JSONB,
    p_monto_recibido INTEGER,
    p_id_cliente BIGINT,
    p_pagos JSONB,
    -- The sale's own time on the device.
    p_fecha TIMESTAMPTZ,
    -- The device's provisional receipt reference ("C1-0042"), stored and searchable.
    p_referencia_local TEXT,
    p_motivo_descuento TEXT,
    -- The request as sent, without any PIN: kept with a refusal so the owner sees what it was.
    p_cuerpo JSONB
) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_id_venta BIGINT;
    v_previo RECORD;
    v_turno BIGINT;
    v_fiado BIGINT;
    v_cliente RECORD;
    v_sobre_limite JSONB;
    v_resultado JSONB;
BEGIN
    v_id_venta := tomar_clave_venta(p_minimarket, p_idempotency_key);
    IF v_id_venta IS NOT NULL THEN
        RETURN jsonb_build_object('repetida', true, 'id_venta', v_id_venta);
    END IF;

    -- Refused at the counter, and now the same key through the offline lane: the same refusal. Kept
    -- as the device sent it now: its provisional receipt and its time are what the owner can match.
    UPDATE venta_rechazada SET apartada = true, cuerpo = p_cuerpo
    WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key AND origen = 'mostrador'
    RETURNING code, datos INTO v_previo;
    IF FOUND THEN
        RETURN jsonb_build_object('rechazo', jsonb_build_object('code', v_previo.code, 'datos', v_previo.datos, 'en_mostrador', true));
    END IF;

    BEGIN
        -- The shift open at the sale's own time, if any (FOR SHARE, as at the counter).
        SELECT id_turno INTO v_turno FROM turno_caja
        WHERE id_minimarket = p_minimarket AND abierto_en <= p_fecha AND (cerrado_en IS NULL OR p_fecha < cerrado_en)
        ORDER BY abierto_en DESC LIMIT 1
        FOR SHARE;

        -- A sale on credit was given: past the limit it is recorded, and the owner is told.
        v_fiado := parte_fiado_venta(p_metodo_pago, p_total, p_pagos);
        IF v_fiado > 0 THEN
            SELECT * INTO v_cliente FROM cliente_para_fiado(p_minimarket, p_id_cliente);
            IF v_cliente.limite_credito IS NOT NULL AND v_cliente.saldo + v_fiado > v_cliente.limite_credito THEN
                v_sobre_limite := jsonb_build_object('cliente', v_cliente.nombre, 'id_cliente', p_id_cliente,
                    'saldo', v_cliente.saldo + v_fiado, 'limite', v_cliente.limite_credito);
            END IF;
        END IF;

        v_resultado := escribir_venta(
            p_minimarket => p_minimarket, p_usuario => p_usuario, p_origen => 'offline', p_fecha => p_fecha, p_id_turno => v_turno,
            p_metodo_pago => p_metodo_pago, p_estado_venta => p_estado_venta, p_total => p_total,
            p_idempotency_key => p_idempotency_key, p_lineas => p_lineas,
            p_cambios => tomar_stock_offline(p_minimarket, p_lineas),
            p_monto_recibido => p_monto_recibido, p_id_cliente => p_id_cliente, p_pagos => p_pagos,
            p_referencia_local => p_referencia_local, p_id_autorizador => NULL,
            p_motivo_descuento => p_motivo_descuento, p_sobre_limite => v_sobre_limite);
    EXCEPTION WHEN OTHERS THEN
        IF SQLSTATE NOT LIKE 'MM%' THEN
            RAISE;
        END IF;
        RETURN guardar_rechazo_venta(p_minimarket, p_idempotency_key, p_usuario, 'offline', p_cuerpo, SQLERRM::jsonb);
    END;

    IF p_idempotency_key IS NOT NULL THEN
        DELETE FROM venta_rechazada WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key;
    END IF;
    RETURN v_resultado;
END;
$$;
