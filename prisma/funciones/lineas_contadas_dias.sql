-- lineas_contadas of some whole days of a shop (Santiago), each line with its local day and hour:
-- what every summary sums (sumar_*), each with its unit ('kg': num_unidades are grams). One index range of the shop's sales per day, through a LATERAL
-- the planner cannot flatten (OFFSET 0): flattened, it takes a handful of days for a large share of
-- the shop (it cannot know how many sales a day holds) and scans every sale the shop ever made once
-- for all of them, 20 times slower for a week of a busy shop (bench/README.md, historial-bench).
CREATE FUNCTION lineas_contadas_dias(p_minimarket INTEGER, p_dias DATE[])
RETURNS TABLE (
    dia DATE,
    hora TIMESTAMP(0),
    id_venta BIGINT,
    metodo_pago TEXT,
    categoria TEXT,
    id_producto BIGINT,
    unidad TEXT,
    num_unidades INTEGER,
    subtotal INTEGER,
    costo BIGINT,
    devuelta BOOLEAN
)
LANGUAGE sql STABLE AS $$
    SELECT d.dia, date_trunc('hour', l.fecha_venta AT TIME ZONE 'America/Santiago')::timestamp(0), l.id_venta, l.metodo_pago,
           l.categoria, l.id_producto, l.unidad, l.num_unidades, l.subtotal, l.costo, l.devuelta
    FROM unnest(p_dias) AS d(dia)
    CROSS JOIN LATERAL (
        SELECT * FROM lineas_contadas(p_minimarket, d.dia::timestamp AT TIME ZONE 'America/Santiago',
                                      (d.dia + 1)::timestamp AT TIME ZONE 'America/Santiago')
        OFFSET 0
    ) l
$$;
