-- What each method brought in of the sales that count (venta_contada's rule, part by part; pago
-- dividido, docs/pagos.md): a 'Completada' sale's parts, each less what returns gave back by its
-- method. `cobrado` is what was charged by it (the cash count follows the money). The parts of a sale
-- add up to its ingreso in venta_contada. Used by the cash shift and the figures by payment method.
CREATE VIEW parte_contada AS
SELECT pv.id_minimarket, pv.id_venta, pv.fecha_venta, pv.id_turno, pv.metodo_venta, pv.metodo_pago, pv.monto AS cobrado,
       pv.monto - coalesce((SELECT sum(pd.monto) FROM parte_devolucion pd
                            WHERE pd.id_minimarket = pv.id_minimarket AND pd.id_venta = pv.id_venta
                              AND pd.metodo_pago = pv.metodo_pago), 0)::integer AS ingreso
FROM parte_venta pv
WHERE pv.estado_venta = 'Completada';
