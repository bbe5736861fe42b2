-- Returning part of a sale (issue #14): what comes back, at the price paid, with who, when, why and
-- the cash shift open then (a cash refund leaves that till). Shop-owned: id_minimarket leads the keys.
-- The units go back to stock through the ledger ('devolucion'), and the analytics' summaries count
-- the returned lines against the sale (refrescar_resumen_ventas below).

ALTER TABLE "movimiento_stock" DROP CONSTRAINT "movimiento_stock_tipo_check";
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_tipo_check"
    CHECK ("tipo" IN ('venta', 'ingreso', 'ajuste', 'importacion', 'anulacion', 'devolucion'));

CREATE TABLE "devolucion" (
    "id_devolucion" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    "id_venta" INTEGER NOT NULL REFERENCES "venta" ("id_venta") ON DELETE CASCADE,
    "id_turno" INTEGER,
    -- The sale's payment method: a cash sale is refunded in cash.
    "metodo_pago" TEXT NOT NULL,
    "total" INTEGER NOT NULL CHECK ("total" >= 0),
    "motivo" TEXT NOT NULL CHECK (char_length("motivo") BETWEEN 1 AND 200),
    "id_usuario" INTEGER REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL,
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    PRIMARY KEY ("id_minimarket", "id_devolucion"),
    FOREIGN KEY ("id_minimarket", "id_turno") REFERENCES "turno_caja" ("id_minimarket", "id_turno")
);
CREATE INDEX "devolucion_venta_idx" ON "devolucion" ("id_venta");
CREATE INDEX "devolucion_turno_idx" ON "devolucion" ("id_minimarket", "id_turno");

CREATE TABLE "detalle_devolucion" (
    "id_detalle_devolucion" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "id_devolucion" INTEGER NOT NULL,
    "id_producto" INTEGER NOT NULL REFERENCES "producto" ("id_producto"),
    "num_unidades" INTEGER NOT NULL CHECK ("num_unidades" > 0),
    "precio_unitario" INTEGER NOT NULL CHECK ("precio_unitario" >= 0),
    "subtotal" INTEGER NOT NULL CHECK ("subtotal" >= 0),
    -- As on the sale line: the cost and category at the time of sale.
    "costo_unitario" INTEGER,
    "categoria" TEXT NOT NULL,
    PRIMARY KEY ("id_minimarket", "id_detalle_devolucion"),
    FOREIGN KEY ("id_minimarket", "id_devolucion") REFERENCES "devolucion" ("id_minimarket", "id_devolucion") ON DELETE CASCADE
);
CREATE INDEX "detalle_devolucion_devolucion_idx" ON "detalle_devolucion" ("id_minimarket", "id_devolucion");

-- refrescar_resumen_ventas (migration 20261123150000) as it was, now with each sale's returned lines
-- counted against it (negative units, pesos and cost; not counted as lines).
CREATE OR REPLACE FUNCTION refrescar_resumen_ventas(p_minimarket INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_dias DATE[];
    v_dia DATE;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM resumen_pendiente WHERE id_minimarket = p_minimarket) THEN
        RETURN 0;
    END IF;
    PERFORM pg_advisory_xact_lock(72707374, p_minimarket);
    WITH tomados AS (DELETE FROM resumen_pendiente WHERE id_minimarket = p_minimarket RETURNING dia)
    SELECT array_agg(dia) INTO v_dias FROM tomados;
    IF v_dias IS NULL THEN
        RETURN 0;
    END IF;

    FOREACH v_dia IN ARRAY v_dias LOOP
        DELETE FROM resumen_venta_hora
        WHERE id_minimarket = p_minimarket AND hora >= v_dia AND hora < v_dia + 1;
        DELETE FROM resumen_categoria_hora
        WHERE id_minimarket = p_minimarket AND hora >= v_dia AND hora < v_dia + 1;
        DELETE FROM resumen_producto_dia
        WHERE id_minimarket = p_minimarket AND dia = v_dia;

        -- A local day is [its midnight, the next one) in Santiago, whatever the clocks did that day.
        WITH lineas AS MATERIALIZED (
            SELECT v.id_venta, date_trunc('hour', v.fecha_venta AT TIME ZONE 'America/Santiago') AS hora,
                   v.metodo_pago, d.categoria, d.id_producto, d.num_unidades, d.subtotal, d.costo, d.devuelta
            FROM venta v
            CROSS JOIN LATERAL (
                SELECT categoria, id_producto, num_unidades, subtotal, costo_unitario::bigint * num_unidades AS costo,
                       false AS devuelta
                FROM detalle_venta WHERE id_venta = v.id_venta
                UNION ALL
                -- What was returned of the sale counts against it, at the sale's hour.
                SELECT dd.categoria, dd.id_producto, -dd.num_unidades, -dd.subtotal,
                       -(dd.costo_unitario::bigint * dd.num_unidades), true
                FROM devolucion dv
                JOIN detalle_devolucion dd ON dd.id_minimarket = dv.id_minimarket AND dd.id_devolucion = dv.id_devolucion
                WHERE dv.id_venta = v.id_venta
                OFFSET 0
            ) d
            WHERE v.id_minimarket = p_minimarket AND v.estado_venta = 'Completada'
              AND v.fecha_venta >= (v_dia::timestamp AT TIME ZONE 'America/Santiago')
              AND v.fecha_venta < ((v_dia + 1)::timestamp AT TIME ZONE 'America/Santiago')
        ), por_hora AS (
            INSERT INTO resumen_venta_hora
            SELECT p_minimarket, hora, metodo_pago, count(DISTINCT id_venta), sum(num_unidades), sum(subtotal),
                   coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0),
                   count(*) FILTER (WHERE NOT devuelta), count(*) FILTER (WHERE costo IS NULL AND NOT devuelta)
            FROM lineas GROUP BY hora, metodo_pago
        ), por_categoria AS (
            INSERT INTO resumen_categoria_hora
            SELECT p_minimarket, hora, metodo_pago, categoria, count(DISTINCT id_venta), sum(num_unidades), sum(subtotal),
                   coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0),
                   count(*) FILTER (WHERE NOT devuelta), count(*) FILTER (WHERE costo IS NULL AND NOT devuelta)
            FROM lineas GROUP BY hora, metodo_pago, categoria
        )
        INSERT INTO resumen_producto_dia
        SELECT p_minimarket, v_dia, metodo_pago, categoria, id_producto, count(DISTINCT id_venta), sum(num_unidades),
               sum(subtotal), coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)
        FROM lineas GROUP BY metodo_pago, categoria, id_producto;
    END LOOP;

    RETURN cardinality(v_dias);
END;
$$;
