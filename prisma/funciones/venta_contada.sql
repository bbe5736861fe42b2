-- What counts as a sale, and what it brought in: the one definition behind every figure of sales
-- (Inicio, Tarjetas, Dashboards, Transacciones' totals, the cash shift, Badito, and the analytics'
-- summaries through lineas_contadas; docs/analitica.md, "Una venta"). A sale counts while it is
-- 'Completada': a voided one counts nowhere. It brought in its total less what was returned of
-- it, whenever it was returned; a sale returned whole still counts as a sale (of $0).
-- `total` (what was charged) is there for the cash count, which follows the money, not revenue.
CREATE VIEW venta_contada AS
SELECT v.id_minimarket, v.id_venta, v.fecha_venta, v.metodo_pago, v.id_turno, v.total,
       v.total - coalesce((SELECT sum(dv.total) FROM devolucion dv WHERE dv.id_minimarket = v.id_minimarket AND dv.id_venta = v.id_venta), 0)::integer AS ingreso,
       v.numero_venta, v.id_venta_csv,
       -- Who sold it (the person at the till; docs/cajeros.md): the shift's and Dashboards' sales by person.
       v.id_usuario AS id_vendedor
FROM venta v
WHERE v.estado_venta = 'Completada';
