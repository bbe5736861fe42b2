-- A sale's refusal as its operation answers it (registrar_venta, sincronizar_venta_offline): the
-- message of a refusal they raised (SQLSTATE 'MM0xx', a JSON { code, … }) becomes
-- {"rechazo": {"code", "datos"}}, which the API turns into its Spanish errors. Under a key it is kept
-- (venta_rechazada) in the attempt's transaction, before the key's lock is let go: the same cart coming
-- back through the offline lane is refused the same way instead of being recorded as sold offline, and
-- an offline sale refused for good waits there, `apartada`, for the owner to settle. A sale later
-- recorded under the key ends its refusal (the operations delete it).
CREATE FUNCTION guardar_rechazo_venta(
    p_minimarket INTEGER,
    p_idempotency_key TEXT,
    p_usuario INTEGER,
    -- 'mostrador' or 'offline' (set aside for the owner).
    p_origen TEXT,
    -- The request as sent, without any PIN: kept so the owner sees what it was.
    p_cuerpo JSONB,
    p_rechazo JSONB
) RETURNS JSONB
LANGUAGE plpgsql AS $$
BEGIN
    IF p_idempotency_key IS NOT NULL THEN
        INSERT INTO venta_rechazada (id_minimarket, idempotency_key, id_usuario, origen, cuerpo, code, datos, apartada)
        VALUES (p_minimarket, p_idempotency_key, p_usuario, p_origen, p_cuerpo, p_rechazo->>'code', p_rechazo, p_origen = 'offline')
        ON CONFLICT (id_minimarket, idempotency_key) DO UPDATE
        SET origen = excluded.origen, id_usuario = excluded.id_usuario, cuerpo = excluded.cuerpo, code = excluded.code,
            datos = excluded.datos, fecha = now(), apartada = venta_rechazada.apartada OR excluded.apartada;
    END IF;
    RETURN jsonb_build_object('rechazo', jsonb_build_object('code', p_rechazo->>'code', 'datos', p_rechazo));
END;
$$;
