-- A sale made at the counter with no connection and sent later (issue 22, docs/offline.md «El servidor»).
-- Where a sale came from: the counter with the server ('mostrador'), the device's outbox after the
-- connection dropped ('offline'), or an imported sales file ('archivo'). The sales already imported
-- are the ones with their file's id.
ALTER TABLE "venta" ADD COLUMN "origen" TEXT NOT NULL DEFAULT 'mostrador';
UPDATE "venta" SET "origen" = 'archivo' WHERE "id_venta_csv" IS NOT NULL;
ALTER TABLE "venta" ADD CONSTRAINT "venta_origen_check" CHECK ("origen" IN ('mostrador', 'offline', 'archivo'));
-- The device's provisional receipt reference ("C1-0042"), printed before the shop's number existed.
ALTER TABLE "venta" ADD COLUMN "referencia_local" TEXT;
ALTER TABLE "venta" ADD CONSTRAINT "venta_referencia_local_check" CHECK (char_length("referencia_local") BETWEEN 1 AND 40);
CREATE INDEX "venta_referencia_local_idx" ON "venta" ("id_minimarket", "referencia_local");

-- The shelf price when the server recorded an offline line, only when the price charged differs.
ALTER TABLE "detalle_venta" ADD COLUMN "precio_catalogo" INTEGER;
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_precio_catalogo_check" CHECK ("precio_catalogo" >= 0);

-- 'faltante': units sold offline that the books did not have (the shelf had them, or the count is
-- wrong): the ledger says so beside the sale, and the owner is told to count the product.
ALTER TABLE "movimiento_stock" DROP CONSTRAINT "movimiento_stock_tipo_check";
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_tipo_check"
    CHECK ("tipo" IN ('venta', 'ingreso', 'ajuste', 'importacion', 'anulacion', 'devolucion', 'faltante'));
