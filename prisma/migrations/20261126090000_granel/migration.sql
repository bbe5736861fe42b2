-- Selling by weight (issue #20, docs/granel.md). A product is sold by the unit or by weight ('kg'):
-- a kg product's prices are per kilo and every quantity of it (stock, sale lines, returns, the
-- ledger) is a whole number of GRAMS. The columns that hold quantities stay integers; what changes
-- is how a kg product's are read.
ALTER TABLE "producto" ADD COLUMN "unidad" TEXT NOT NULL DEFAULT 'unidad';
ALTER TABLE "producto" ADD CONSTRAINT "producto_unidad_check" CHECK ("unidad" IN ('unidad', 'kg'));

-- The number keyed on the scale (PLU), kg products only, stored without leading zeros (the
-- contracts' normalizarPlu: a label's '00042' is '42'). One product per PLU in a shop; a deleted
-- product gives its PLU back (data/producto.ts desactivarProducto clears it).
ALTER TABLE "producto" ADD COLUMN "codigo_plu" TEXT;
ALTER TABLE "producto" ADD CONSTRAINT "producto_codigo_plu_check"
    CHECK ("codigo_plu" IS NULL OR ("unidad" = 'kg' AND "codigo_plu" ~ '^[1-9][0-9]{0,4}$'));
CREATE UNIQUE INDEX "producto_id_minimarket_codigo_plu_key" ON "producto" ("id_minimarket", "codigo_plu");

-- The unit of the product when sold, like its name and category: a line's num_unidades are grams
-- when this says 'kg', and the analytics never add them to units.
ALTER TABLE "detalle_venta" ADD COLUMN "unidad" TEXT NOT NULL DEFAULT 'unidad';
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_unidad_check" CHECK ("unidad" IN ('unidad', 'kg'));

-- The shop's scale label layout (contracts' formatoEtiquetaSchema): all three or none (the shop has
-- no scale that prints labels).
ALTER TABLE "minimarket" ADD COLUMN "etiqueta_prefijo" TEXT;
ALTER TABLE "minimarket" ADD COLUMN "etiqueta_digitos_plu" INTEGER;
ALTER TABLE "minimarket" ADD COLUMN "etiqueta_contenido" TEXT;
ALTER TABLE "minimarket" ADD CONSTRAINT "minimarket_formato_etiqueta_check" CHECK (
    ("etiqueta_prefijo" IS NULL AND "etiqueta_digitos_plu" IS NULL AND "etiqueta_contenido" IS NULL)
    OR ("etiqueta_prefijo" ~ '^2[0-9]$' AND "etiqueta_digitos_plu" IN (4, 5) AND "etiqueta_contenido" IN ('precio', 'peso')));

-- A line's subtotal by its unit, the database's own guard beside registrar_venta's check: units ×
-- price, or grams × price per kilo / 1000 to the nearest peso, half up (contracts' montoPorPeso). In
-- bigint: $100.000.000/kg × 99.999 g does not fit an integer.
ALTER TABLE "detalle_venta" DROP CONSTRAINT "detalle_venta_subtotal_check";
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_subtotal_check" CHECK (
    "subtotal" = CASE "unidad"
        WHEN 'kg' THEN ("precio_unitario"::bigint * "num_unidades" + 500) / 1000
        ELSE "precio_unitario"::bigint * "num_unidades" END);
