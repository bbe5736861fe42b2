-- Margins need what a product cost when it was sold, not what it costs today: each sale line keeps
-- costo_unitario, the product's precio_compra_actual at the moment of the sale (or of the import of
-- a sales file); null when the product had no purchase price. Analytics count margins only over
-- lines with a cost and say how many lack one.
ALTER TABLE "detalle_venta" ADD COLUMN "costo_unitario" INTEGER;
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_costo_check" CHECK ("costo_unitario" >= 0);

-- The category at the moment of sale too, as the name already is: moving a product to another
-- category later does not rewrite what was sold (and the analytics' summaries stay exact).
ALTER TABLE "detalle_venta" ADD COLUMN "categoria" TEXT;

-- Lines sold before this migration get the cost and category known now: the best there is for them.
UPDATE "detalle_venta" d SET "costo_unitario" = p."precio_compra_actual", "categoria" = p."categoria"
FROM "producto" p WHERE p."id_producto" = d."id_producto";
ALTER TABLE "detalle_venta" ALTER COLUMN "categoria" SET NOT NULL;

-- The analytics' summaries. Every figure of /api/analitica comes from these tables, which are
-- sums of the sale lines and nothing else: a day's rows are recomputed from its lines whenever a
-- sale, an import (or later a void) touches that day. The sale only marks its day pending (one
-- cheap INSERT, no hot row updated by every till); whoever reads next sums the pending days again
-- (refrescar_resumen_ventas), under the shop's lock, in the reader's transaction. So they are
-- exact: a test compares them with the raw lines. Hours are Santiago's wall clock, so a local day
-- or hour is a plain range of `hora`, and the daylight-saving change needs no care at read time.
-- Shop-owned: id_minimarket leads every key (Citus distributes them by shop).

CREATE TABLE "resumen_pendiente" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE,
    "dia" DATE NOT NULL,
    PRIMARY KEY ("id_minimarket", "dia")
);

-- Per hour and payment method: sales (each counted once), units, pesos, cost.
CREATE TABLE "resumen_venta_hora" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE,
    "hora" TIMESTAMP(0) NOT NULL,
    "metodo_pago" TEXT NOT NULL,
    "ventas" INTEGER NOT NULL,
    "unidades" BIGINT NOT NULL,
    "ingresos" BIGINT NOT NULL,
    -- Only over the lines that know their cost: margin = ingresos_con_costo - costo.
    "costo" BIGINT NOT NULL,
    "ingresos_con_costo" BIGINT NOT NULL,
    "lineas" INTEGER NOT NULL,
    "lineas_sin_costo" INTEGER NOT NULL,
    PRIMARY KEY ("id_minimarket", "hora", "metodo_pago")
);

-- The same per category: `ventas` counts the sales with at least one line of the category.
CREATE TABLE "resumen_categoria_hora" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE,
    "hora" TIMESTAMP(0) NOT NULL,
    "metodo_pago" TEXT NOT NULL,
    "categoria" TEXT NOT NULL,
    "ventas" INTEGER NOT NULL,
    "unidades" BIGINT NOT NULL,
    "ingresos" BIGINT NOT NULL,
    "costo" BIGINT NOT NULL,
    "ingresos_con_costo" BIGINT NOT NULL,
    "lineas" INTEGER NOT NULL,
    "lineas_sin_costo" INTEGER NOT NULL,
    PRIMARY KEY ("id_minimarket", "hora", "metodo_pago", "categoria")
);

-- Per product and day (rankings, ABC, recommendations). No foreign key to producto: a product is
-- never deleted but with its shop, and these rows go with the shop.
CREATE TABLE "resumen_producto_dia" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE,
    "dia" DATE NOT NULL,
    "metodo_pago" TEXT NOT NULL,
    "categoria" TEXT NOT NULL,
    "id_producto" INTEGER NOT NULL,
    "ventas" INTEGER NOT NULL,
    "unidades" BIGINT NOT NULL,
    "ingresos" BIGINT NOT NULL,
    "costo" BIGINT NOT NULL,
    "ingresos_con_costo" BIGINT NOT NULL,
    PRIMARY KEY ("id_minimarket", "dia", "metodo_pago", "categoria", "id_producto")
);
CREATE INDEX "resumen_producto_dia_producto_idx" ON "resumen_producto_dia" ("id_minimarket", "id_producto", "dia");

-- Sums the shop's pending days again from their sale lines. Callers run it first in the
-- transaction that reads the summaries; the shop's advisory lock makes a second reader wait for
-- the first one's sums instead of reading half of them.
CREATE FUNCTION refrescar_resumen_ventas(p_minimarket INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_dias DATE[];
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

    -- Day by day as ranges of the keys, so each DELETE walks only those days' index entries.
    DELETE FROM resumen_venta_hora t USING unnest(v_dias) AS x(dia)
    WHERE t.id_minimarket = p_minimarket AND t.hora >= x.dia AND t.hora < x.dia + 1;
    DELETE FROM resumen_categoria_hora t USING unnest(v_dias) AS x(dia)
    WHERE t.id_minimarket = p_minimarket AND t.hora >= x.dia AND t.hora < x.dia + 1;
    DELETE FROM resumen_producto_dia t USING unnest(v_dias) AS x(dia)
    WHERE t.id_minimarket = p_minimarket AND t.dia = x.dia;

    -- A local day is [its midnight, the next one) in Santiago, whatever the clocks did that day.
    WITH lineas AS MATERIALIZED (
        SELECT v.id_venta, date_trunc('hour', v.fecha_venta AT TIME ZONE 'America/Santiago') AS hora,
               v.metodo_pago, d.categoria, d.id_producto, d.num_unidades, d.subtotal,
               d.costo_unitario::bigint * d.num_unidades AS costo
        FROM unnest(v_dias) AS x(dia)
        JOIN venta v ON v.id_minimarket = p_minimarket
             AND v.fecha_venta >= (x.dia::timestamp AT TIME ZONE 'America/Santiago')
             AND v.fecha_venta < ((x.dia + 1)::timestamp AT TIME ZONE 'America/Santiago')
        JOIN detalle_venta d ON d.id_venta = v.id_venta
        WHERE v.estado_venta = 'Completada'
    ), por_hora AS (
        INSERT INTO resumen_venta_hora
        SELECT p_minimarket, hora, metodo_pago, count(DISTINCT id_venta), sum(num_unidades), sum(subtotal),
               coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0),
               count(*), count(*) FILTER (WHERE costo IS NULL)
        FROM lineas GROUP BY hora, metodo_pago
    ), por_categoria AS (
        INSERT INTO resumen_categoria_hora
        SELECT p_minimarket, hora, metodo_pago, categoria, count(DISTINCT id_venta), sum(num_unidades), sum(subtotal),
               coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0),
               count(*), count(*) FILTER (WHERE costo IS NULL)
        FROM lineas GROUP BY hora, metodo_pago, categoria
    )
    INSERT INTO resumen_producto_dia
    SELECT p_minimarket, hora::date, metodo_pago, categoria, id_producto, count(DISTINCT id_venta), sum(num_unidades),
           sum(subtotal), coalesce(sum(costo), 0), coalesce(sum(subtotal) FILTER (WHERE costo IS NOT NULL), 0)
    FROM lineas GROUP BY hora::date, metodo_pago, categoria, id_producto;

    RETURN cardinality(v_dias);
END;
$$;

-- registrar_venta (migration 20261121130000) as it was, now also writing each line's cost and category.
CREATE OR REPLACE FUNCTION registrar_venta(
    p_minimarket INTEGER,
    p_usuario INTEGER,
    p_metodo_pago TEXT,
    p_estado_venta TEXT,
    p_total INTEGER,
    p_idempotency_key TEXT,
    -- [{ id_producto, num_unidades, precio_unitario, subtotal }]
    p_lineas JSONB
) RETURNS JSONB
LANGUAGE plpgsql AS $$
DECLARE
    v_item RECORD;
    v_prod RECORD;
    v_id_venta INTEGER;
    v_fecha TIMESTAMPTZ(3);
    v_cambios JSONB := '[]'::jsonb;
    v_detalles JSONB;
BEGIN
    IF p_idempotency_key IS NOT NULL THEN
        SELECT id_venta INTO v_id_venta FROM venta
        WHERE id_minimarket = p_minimarket AND idempotency_key = p_idempotency_key;
        IF FOUND THEN
            RETURN jsonb_build_object('repetida', true, 'id_venta', v_id_venta);
        END IF;
    END IF;

    -- Units per product, taken in ascending id order: two carts holding the same products lock
    -- them in the same order, so they wait for each other instead of deadlocking. The guarded
    -- UPDATE re-checks `stock >= n` after a concurrent sale commits: stock never goes below zero.
    FOR v_item IN
        SELECT (l->>'id_producto')::int AS id_producto, sum((l->>'num_unidades')::int)::int AS n
        FROM jsonb_array_elements(p_lineas) AS l
        GROUP BY 1 ORDER BY 1
    LOOP
        UPDATE producto SET stock = stock - v_item.n, fecha_actualizacion = now()
        WHERE id_producto = v_item.id_producto AND id_minimarket = p_minimarket
          AND estado = 'activo' AND stock >= v_item.n
        RETURNING id_producto, nombre_producto, categoria, precio_venta_actual, precio_compra_actual, stock INTO v_prod;
        IF NOT FOUND THEN
            SELECT nombre_producto, stock INTO v_prod FROM producto
            WHERE id_producto = v_item.id_producto AND id_minimarket = p_minimarket AND estado = 'activo';
            IF NOT FOUND THEN
                RAISE EXCEPTION USING ERRCODE = 'MM001',
                    MESSAGE = jsonb_build_object('code', 'PRODUCT_NOT_FOUND')::text;
            END IF;
            RAISE EXCEPTION USING ERRCODE = 'MM002',
                MESSAGE = jsonb_build_object('code', 'NOT_ENOUGH_STOCK', 'producto', v_prod.nombre_producto, 'disponible', v_prod.stock)::text;
        END IF;
        v_cambios := v_cambios || jsonb_build_object(
            'id_producto', v_prod.id_producto, 'nombre_producto', v_prod.nombre_producto,
            'precio_venta_actual', v_prod.precio_venta_actual, 'costo', v_prod.precio_compra_actual, 'categoria', v_prod.categoria,
            'antes', v_prod.stock + v_item.n, 'despues', v_prod.stock);
    END LOOP;

    -- Every line at the shelf price of this moment.
    SELECT c->>'nombre_producto' AS nombre, (c->>'precio_venta_actual')::int AS precio INTO v_prod
    FROM jsonb_array_elements(p_lineas) AS l
    JOIN jsonb_array_elements(v_cambios) AS c ON (c->>'id_producto')::int = (l->>'id_producto')::int
    WHERE (l->>'precio_unitario')::int <> (c->>'precio_venta_actual')::int
    LIMIT 1;
    IF FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'MM003',
            MESSAGE = jsonb_build_object('code', 'PRICE_CHANGED', 'producto', v_prod.nombre, 'precio', v_prod.precio)::text;
    END IF;

    -- A concurrent retry with the same key that commits first makes this INSERT fail with
    -- unique_violation; the API then answers with that sale.
    INSERT INTO venta (id_minimarket, id_usuario, total, metodo_pago, estado_venta, idempotency_key)
    VALUES (p_minimarket, p_usuario, p_total, p_metodo_pago, p_estado_venta, p_idempotency_key)
    RETURNING id_venta, fecha_venta INTO v_id_venta, v_fecha;

    WITH nuevas AS (
        INSERT INTO detalle_venta (id_venta, id_minimarket, id_producto, num_unidades, precio_unitario, subtotal, nombre_producto, costo_unitario, categoria)
        SELECT v_id_venta, p_minimarket, (l->>'id_producto')::int, (l->>'num_unidades')::int,
               (l->>'precio_unitario')::int, (l->>'subtotal')::int, c->>'nombre_producto', (c->>'costo')::int, c->>'categoria'
        FROM jsonb_array_elements(p_lineas) WITH ORDINALITY AS x(l, orden)
        JOIN jsonb_array_elements(v_cambios) AS c ON (c->>'id_producto')::int = (l->>'id_producto')::int
        ORDER BY x.orden
        RETURNING id_detalle_venta, id_producto, num_unidades, subtotal, precio_unitario, nombre_producto
    )
    SELECT jsonb_agg(to_jsonb(nuevas) ORDER BY id_detalle_venta) INTO v_detalles FROM nuevas;

    INSERT INTO movimiento_stock (id_minimarket, id_producto, id_usuario, id_venta, tipo, cantidad, stock_resultante, motivo)
    SELECT p_minimarket, (c->>'id_producto')::int, p_usuario, v_id_venta, 'venta',
           (c->>'despues')::int - (c->>'antes')::int, (c->>'despues')::int, 'Venta #' || v_id_venta
    FROM jsonb_array_elements(v_cambios) AS c;

    -- Its day is to be summed again in the analytics' summaries (below).
    INSERT INTO resumen_pendiente (id_minimarket, dia)
    VALUES (p_minimarket, (v_fecha AT TIME ZONE 'America/Santiago')::date)
    ON CONFLICT DO NOTHING;

    RETURN jsonb_build_object(
        'repetida', false,
        'venta', jsonb_build_object(
            'id_venta', v_id_venta,
            'id_minimarket', p_minimarket,
            'fecha_venta', to_char(v_fecha AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'total', p_total,
            'metodo_pago', p_metodo_pago,
            'estado_venta', p_estado_venta,
            'detalles', v_detalles),
        'cambios', v_cambios);
END;
$$;

-- Every day that already has sales, summed once now.
INSERT INTO resumen_pendiente (id_minimarket, dia)
SELECT DISTINCT id_minimarket, (fecha_venta AT TIME ZONE 'America/Santiago')::date FROM venta;
SELECT refrescar_resumen_ventas(id_minimarket) FROM minimarket;
