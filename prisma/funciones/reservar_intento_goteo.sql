-- A throttle rule of modules/limites (migration 20261123090000_replicas made the table).
-- Reserves one attempt in a leaky bucket of p_max attempts that empties one attempt every
-- p_ventana_ms / p_max (GCRA: `hasta` is the instant the bucket would be empty). A burst
-- fills it; then one attempt is let through per interval, never a lockout for the whole
-- window. Returns 0 when granted, otherwise the milliseconds until the next attempt fits.
CREATE FUNCTION reservar_intento_goteo(p_clave TEXT, p_max INTEGER, p_ventana_ms INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_ahora TIMESTAMPTZ := clock_timestamp();
    v_paso INTERVAL := (p_ventana_ms::DOUBLE PRECISION / p_max) * INTERVAL '1 millisecond';
    v_ventana INTERVAL := p_ventana_ms * INTERVAL '1 millisecond';
    v_lleno TIMESTAMPTZ;
BEGIN
    IF random() < 0.01 THEN
        DELETE FROM limite_intento WHERE hasta < v_ahora;
    END IF;
    INSERT INTO limite_intento (clave, intentos, hasta) VALUES (p_clave, 0, '-infinity') ON CONFLICT (clave) DO NOTHING;
    SELECT greatest(hasta, v_ahora) INTO v_lleno FROM limite_intento WHERE clave = p_clave FOR UPDATE;
    IF v_lleno + v_paso - v_ahora > v_ventana THEN
        RETURN greatest(1, ceil(extract(epoch FROM v_lleno + v_paso - v_ventana - v_ahora) * 1000))::INTEGER;
    END IF;
    UPDATE limite_intento SET hasta = v_lleno + v_paso, intentos = intentos + 1 WHERE clave = p_clave;
    RETURN 0;
END
$$;
