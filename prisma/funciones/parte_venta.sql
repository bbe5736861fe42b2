-- The parts a sale was paid in: the one definition of "how much of a sale each method took"
-- (pago dividido, issue #21, docs/pagos.md). A sale paid one way is one part, its method and its
-- total; a split sale ('Mixto') is its rows of pago_venta. Used by the customer's account (the
-- fiado part), the cash shift (the cash part) and the figures by payment method.
CREATE VIEW parte_venta AS
SELECT v.id_minimarket, v.id_venta, v.fecha_venta, v.estado_venta, v.id_turno, v.id_turno_anulacion, v.anulada_en,
       v.id_cliente, v.metodo_pago AS metodo_venta,
       coalesce(p.metodo_pago, v.metodo_pago) AS metodo_pago, coalesce(p.monto, v.total) AS monto
FROM venta v
LEFT JOIN pago_venta p ON v.metodo_pago = 'Mixto' AND p.id_minimarket = v.id_minimarket AND p.id_venta = v.id_venta;
