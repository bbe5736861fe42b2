-- A customer's account, movement by movement: the one definition of what a customer owes (la
-- libreta, issue #21, docs/fiado.md). The balance is sum(cargo) − sum(abono), used by the list of
-- customers, the statement, the limit a sale on credit must respect, the abono that may not exceed
-- it, Inicio's cuentas por cobrar and Badito.
--   compra      a sale paid 'Fiado' (even if voided later: the void is its own movement)
--   devolucion  what a return of a fiado sale gives back (never cash)
--   anulacion   a voided fiado sale: what was still owed of it (its total less its returns)
--   abono       a payment on account
CREATE VIEW cuenta_cliente AS
SELECT v.id_minimarket, v.id_cliente, v.fecha_venta AS fecha, 'compra'::text AS tipo, v.id_venta,
       NULL::integer AS id_abono, v.total AS cargo, 0 AS abono, NULL::text AS metodo_pago
FROM venta v
WHERE v.metodo_pago = 'Fiado'
UNION ALL
SELECT dv.id_minimarket, v.id_cliente, dv.fecha, 'devolucion', v.id_venta, NULL, 0, dv.total, NULL
FROM devolucion dv
JOIN venta v ON v.id_venta = dv.id_venta
WHERE v.metodo_pago = 'Fiado'
UNION ALL
SELECT v.id_minimarket, v.id_cliente, v.anulada_en, 'anulacion', v.id_venta, NULL, 0,
       v.total - coalesce((SELECT sum(dv.total) FROM devolucion dv WHERE dv.id_venta = v.id_venta), 0)::integer, NULL
FROM venta v
WHERE v.metodo_pago = 'Fiado' AND v.estado_venta = 'Anulada'
UNION ALL
SELECT a.id_minimarket, a.id_cliente, a.fecha, 'abono', NULL, a.id_abono, 0, a.monto, a.metodo_pago
FROM abono a
-- saldo_inicial: what the paper notebook said the customer owed when loaded (POST /api/clientes or
-- the import of la libreta), dated at its oldest unpaid purchase; a purchase for every rule.
UNION ALL
SELECT c.id_minimarket, c.id_cliente, coalesce(c.saldo_inicial_desde, c.fecha_creacion), 'saldo_inicial', NULL, NULL,
       c.saldo_inicial, 0, NULL
FROM cliente c
WHERE c.saldo_inicial > 0;
