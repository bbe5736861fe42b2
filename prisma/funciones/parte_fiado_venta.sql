-- What of a sale goes on the customer's account (both sale operations): the whole total of a 'Fiado'
-- sale, the fiado part of a split one ('Mixto', whose parts must be two or more and add up to the
-- total: else PAYMENT_MISMATCH; the API checks it first), or 0.
CREATE FUNCTION parte_fiado_venta(p_metodo_pago TEXT, p_total INTEGER, p_pagos JSONB) RETURNS BIGINT
LANGUAGE plpgsql AS $$
BEGIN
    IF p_metodo_pago = 'Mixto' THEN
        IF p_pagos IS NULL OR jsonb_array_length(p_pagos) < 2
           OR (SELECT sum((x->>'monto')::bigint) FROM jsonb_array_elements(p_pagos) AS x) <> p_total THEN
            RAISE EXCEPTION USING ERRCODE = 'MM009', MESSAGE = jsonb_build_object('code', 'PAYMENT_MISMATCH')::text;
        END IF;
        RETURN (SELECT coalesce(sum((x->>'monto')::bigint), 0) FROM jsonb_array_elements(p_pagos) AS x WHERE x->>'metodo_pago' = 'Fiado');
    END IF;
    RETURN CASE WHEN p_metodo_pago = 'Fiado' THEN p_total ELSE 0 END;
END;
$$;
