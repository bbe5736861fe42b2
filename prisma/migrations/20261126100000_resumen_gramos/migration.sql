-- Selling by weight (issue #20): the analytics never add grams to units. Every summary keeps the
-- units of the lines sold by the unit (`unidades`, as before) and, apart, the grams of the lines sold
-- by weight (`gramos`, detalle_venta.unidad = 'kg'); revenue and cost keep summing both. The sums are
-- written by prisma/funciones/sumar_*.sql (reapplied after this migration).
ALTER TABLE "resumen_venta_hora" ADD COLUMN "gramos" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "resumen_categoria_hora" ADD COLUMN "gramos" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "resumen_categoria_hora_total" ADD COLUMN "gramos" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "resumen_producto_dia" ADD COLUMN "gramos" BIGINT NOT NULL DEFAULT 0;

-- The backfill: a day already summed that holds a kg line counted its grams as units (and its cost
-- as cost per kilo × grams). It is marked pending, so the summary worker sums it again from its lines
-- with the new rule, and meanwhile every read adds it from its lines (data/resumen-ventas.ts).
INSERT INTO "resumen_pendiente" ("id_minimarket", "dia")
SELECT DISTINCT v."id_minimarket", (v."fecha_venta" AT TIME ZONE 'America/Santiago')::date
FROM "detalle_venta" d
JOIN "venta" v ON v."id_venta" = d."id_venta"
WHERE d."unidad" = 'kg'
ON CONFLICT ("id_minimarket", "dia") DO UPDATE SET "marcado_en" = excluded."marcado_en";
