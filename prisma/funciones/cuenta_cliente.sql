-- A customer's account, movement by movement: the one definition of what a customer owes (la
-- libreta, issue #21, docs/fiado.md). The balance is sum(cargo) − sum(abono), used by the list of
-- customers, the statement, the limit a sale on credit must respect, the abono that may not exceed
-- it, Inicio's cuentas por cobrar and Badito. A split sale counts only its fiado part (parte_venta).
--   compra      the fiado part of a sale (even if voided later: the void is its own movement)
--   devolucion  what a return gave back to the account (parte_devolucion: never cash)
--   anulacion   a voided sale's fiado part still owed (its fiado part less what returns gave back to it)
--   abono       a payment on account
--   saldo_inicial what the paper notebook said was owed when the customer was loaded
CREATE VIEW cuenta_cliente AS
SELECT pv.id_minimarket, pv.id_cliente, pv.fecha_venta AS fecha, 'compra'::text AS tipo, pv.id_venta,
       NULL::bigint AS id_abono, pv.monto AS cargo, 0 AS abono, NULL::text AS metodo_pago
FROM parte_venta pv
WHERE pv.metodo_pago = 'Fiado'
UNION ALL
SELECT pd.id_minimarket, v.id_cliente, pd.fecha, 'devolucion', pd.id_venta, NULL, 0, pd.monto, NULL
FROM parte_devolucion pd
JOIN venta v ON v.id_minimarket = pd.id_minimarket AND v.id_venta = pd.id_venta
WHERE pd.metodo_pago = 'Fiado'
UNION ALL
SELECT pv.id_minimarket, pv.id_cliente, pv.anulada_en, 'anulacion', pv.id_venta, NULL, 0,
       pv.monto - coalesce((SELECT sum(pd.monto) FROM parte_devolucion pd
                         WHERE pd.id_minimarket = pv.id_minimarket AND pd.id_venta = pv.id_venta AND pd.metodo_pago = 'Fiado'), 0)::integer, NULL
FROM parte_venta pv
WHERE pv.metodo_pago = 'Fiado' AND pv.estado_venta = 'Anulada'
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
