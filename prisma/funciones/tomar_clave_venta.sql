-- The first step of every keyed sale (registrar_venta, sincronizar_venta_offline; docs/offline.md «El
-- rastro»): attempts with the same key take turns on an advisory lock on the shop and key, held to the
-- end of the transaction. So when the counter gives up waiting for an answer (4 s) and keeps the cart
-- in its outbox while the server is still working on it, the outbox's attempt waits for that first
-- attempt's outcome: a sale (then it is the same sale, a retry) or a refusal kept under the key
-- (guardar_rechazo_venta). Answers the sale already recorded under the key, if any (null without a key).
CREATE FUNCTION tomar_clave_venta(p_minimarket INTEGER, p_idempotency_key TEXT) RETURNS BIGINT
LANGUAGE plpgsql AS $$
DECLARE
    v_id_venta BIGINT;
BEGIN
    IF p_idempotency_key IS NULL THEN
        RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended(p_minimarket::text || ':' || p_idempotency_key, 0));
    SELECT id_venta INTO v_id_venta FROM venta
    WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key;
    RETURN v_id_venta;
END;
$$;
