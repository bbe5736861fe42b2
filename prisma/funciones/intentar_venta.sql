-- A sale under its device's key (Idempotency-Key): the API's way into registrar_venta (issue 31,
-- docs/offline.md «El rastro»).
--
-- Attempts with the same key take turns: an advisory lock on the shop and key, held to the end of the
-- transaction. So when the counter gives up waiting for an answer (4 s) and keeps the cart in its
-- outbox while the server is still working on it, the outbox's attempt waits for that first attempt's
-- outcome: a sale (then it is the same sale, a retry) or a refusal. A refusal is kept here under the
-- key in the same transaction, before the lock is let go (venta_rechazada), so the same cart coming
-- back through the offline lane is refused the same way instead of being recorded as sold offline:
-- the device sets it aside with the reason, and the row waits, `apartada`, for the owner to settle.
-- An offline attempt refused for its own reasons (a product that is not the shop's) waits there too.
-- A sale later recorded under the key ends its refusal. Refusals are answered, not raised:
-- {"rechazo": {"code", "datos", "en_mostrador"?}}; the API turns them into its Spanish errors.
CREATE FUNCTION intentar_venta(
    p_minimarket INTEGER,
    p_usuario INTEGER,
    p_metodo_pago TEXT,
    p_estado_venta TEXT,
    p_total INTEGER,
    p_idempotency_key TEXT,
    p_lineas JSONB,
    p_monto_recibido INTEGER,
    p_id_cliente BIGINT,
    p_pagos JSONB,
    p_origen TEXT,
    p_fecha TIMESTAMPTZ,
    p_referencia_local TEXT,
    p_id_autorizador INTEGER,
    p_motivo_descuento TEXT,
    -- The request as sent, without any PIN: kept with a refusal so the owner sees what it was.
    p_cuerpo JSONB
) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_previo RECORD;
    v_resultado JSONB;
    v_rechazo JSONB;
BEGIN
    IF p_idempotency_key IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtextextended(p_minimarket::text || ':' || p_idempotency_key, 0));
    END IF;

    -- Refused at the counter, and now the same key through the offline lane: the same refusal.
    IF p_origen = 'offline' AND p_idempotency_key IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM venta WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key) THEN
        -- Kept as the device sent it now: its provisional receipt and its time are what the owner can match.
        UPDATE venta_rechazada SET apartada = true, cuerpo = p_cuerpo
        WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key AND origen = 'mostrador'
        RETURNING code, datos INTO v_previo;
        IF FOUND THEN
            RETURN jsonb_build_object('rechazo', jsonb_build_object('code', v_previo.code, 'datos', v_previo.datos, 'en_mostrador', true));
        END IF;
    END IF;

    BEGIN
        v_resultado := registrar_venta(p_minimarket, p_usuario, p_metodo_pago, p_estado_venta, p_total, p_idempotency_key, p_lineas,
                                       p_monto_recibido, p_id_cliente, p_pagos, p_origen, p_fecha, p_referencia_local, p_id_autorizador, p_motivo_descuento);
    EXCEPTION WHEN OTHERS THEN
        -- Only registrar_venta's own refusals (SQLSTATE 'MM0xx', a JSON message) are kept; anything
        -- else is a failure, not an answer.
        IF SQLSTATE NOT LIKE 'MM%' THEN
            RAISE;
        END IF;
        v_rechazo := SQLERRM::jsonb;
        IF p_idempotency_key IS NULL THEN
            RETURN jsonb_build_object('rechazo', jsonb_build_object('code', v_rechazo->>'code', 'datos', v_rechazo));
        END IF;
        INSERT INTO venta_rechazada (id_minimarket, idempotency_key, id_usuario, origen, cuerpo, code, datos, apartada)
        VALUES (p_minimarket, p_idempotency_key, p_usuario, p_origen, p_cuerpo, v_rechazo->>'code', v_rechazo, p_origen = 'offline')
        ON CONFLICT (id_minimarket, idempotency_key) DO UPDATE
        SET origen = excluded.origen, id_usuario = excluded.id_usuario, cuerpo = excluded.cuerpo, code = excluded.code,
            datos = excluded.datos, fecha = now(), apartada = venta_rechazada.apartada OR excluded.apartada;
        RETURN jsonb_build_object('rechazo', jsonb_build_object('code', v_rechazo->>'code', 'datos', v_rechazo));
    END;

    -- Recorded now: a refusal kept under this key before (the cart was corrected and sent again) is over.
    IF p_idempotency_key IS NOT NULL AND NOT (v_resultado->>'repetida')::boolean THEN
        DELETE FROM venta_rechazada WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key;
    END IF;
    RETURN v_resultado;
END;
$$;
