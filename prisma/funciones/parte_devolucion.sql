-- What a return gave back by each method (pago dividido, docs/pagos.md): a return of a sale paid
-- one way is one part, its method and its total; a return of a split sale ('Mixto') is its rows of
-- devolucion_pago (fiado first, then cash, then the rest; modules/ventas/reparto-devolucion.ts).
CREATE VIEW parte_devolucion AS
SELECT d.id_minimarket, d.id_devolucion, d.id_venta, d.id_turno, d.fecha,
       coalesce(p.metodo_pago, d.metodo_pago) AS metodo_pago, coalesce(p.monto, d.total) AS monto
FROM devolucion d
LEFT JOIN devolucion_pago p ON d.metodo_pago = 'Mixto' AND p.id_minimarket = d.id_minimarket AND p.id_devolucion = d.id_devolucion;
