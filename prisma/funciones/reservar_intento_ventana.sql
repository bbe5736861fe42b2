-- A throttle rule of modules/limites (migration 20261123090000_replicas made the table).
-- Reserves one attempt in a fixed window of p_ventana_ms that opens at the first attempt:
-- returns 0 when granted, otherwise the milliseconds until the window closes. The row lock
-- makes concurrent callers (any replica) count one after another.
CREATE FUNCTION reservar_intento_ventana(p_clave TEXT, p_max INTEGER, p_ventana_ms INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_ahora TIMESTAMPTZ := clock_timestamp();
    v_intentos INTEGER;
    v_hasta TIMESTAMPTZ;
BEGIN
    IF random() < 0.01 THEN
        DELETE FROM limite_intento WHERE hasta < v_ahora;
    END IF;
    INSERT INTO limite_intento (clave, intentos, hasta) VALUES (p_clave, 0, '-infinity') ON CONFLICT (clave) DO NOTHING;
    SELECT intentos, hasta INTO v_intentos, v_hasta FROM limite_intento WHERE clave = p_clave FOR UPDATE;
    IF v_hasta <= v_ahora THEN
        v_intentos := 0;
        v_hasta := v_ahora + p_ventana_ms * INTERVAL '1 millisecond';
    END IF;
    IF v_intentos >= p_max THEN
        RETURN greatest(1, ceil(extract(epoch FROM v_hasta - v_ahora) * 1000))::INTEGER;
    END IF;
    UPDATE limite_intento SET intentos = v_intentos + 1, hasta = v_hasta WHERE clave = p_clave;
    RETURN 0;
END
$$;
