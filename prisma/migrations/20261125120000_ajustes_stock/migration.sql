-- Stock adjustments with a reason (issue #19, docs/stock.md). An adjustment stays a row of the
-- ledger with tipo 'ajuste'; these columns say why (tipo_ajuste), add the owner's note and keep the
-- product's unit cost at that moment, so a month's mermas are valued as they were, not at today's cost.
-- Older 'ajuste' rows (a reactivated product, the demo's initial shelves) have no tipo_ajuste.
ALTER TABLE "movimiento_stock" ADD COLUMN "tipo_ajuste" TEXT;
ALTER TABLE "movimiento_stock" ADD COLUMN "nota" TEXT;
ALTER TABLE "movimiento_stock" ADD COLUMN "costo_unitario" INTEGER;

ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_tipo_ajuste_check"
    CHECK ("tipo_ajuste" IS NULL OR ("tipo" = 'ajuste' AND "tipo_ajuste" IN ('conteo', 'merma', 'vencido', 'robo', 'consumo_interno')));
-- Every reason but conteo only takes units out.
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_ajuste_descuenta_check"
    CHECK ("tipo_ajuste" IS NULL OR "tipo_ajuste" = 'conteo' OR "cantidad" < 0);
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_nota_check"
    CHECK ("nota" IS NULL OR char_length("nota") BETWEEN 1 AND 200);
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_costo_unitario_check"
    CHECK ("costo_unitario" IS NULL OR "costo_unitario" >= 0);

-- The adjustments of a shop by date (the list, the monthly report): a small partial index beside
-- the ledger's sale rows. Prisma cannot write a partial index (schema-sync lists it as SQL-only).
CREATE INDEX "movimiento_stock_ajustes_idx" ON "movimiento_stock" ("id_minimarket", "fecha" DESC)
    WHERE "tipo_ajuste" IS NOT NULL;
