-- The boleta worker takes due rows shop by shop (docs/escalar.md «Las colas»: on Citus a row lock
-- must stay inside one shop's shard). Taking one shop's due rows, oldest first, and a 429's pause of
-- the shop read this index: without it they go through the shop's every document (years of
-- boletas, documento_dte_dia_idx) or every shop's due rows (documento_dte_cola_idx, which stays for
-- the plain read of which shops have due rows). Partial like that one: only what is still to send.
CREATE INDEX "documento_dte_cola_tienda_idx" ON "documento_dte" ("id_minimarket", "proximo_intento")
    WHERE "estado" IN ('pendiente', 'en_proceso');
