-- Search terms of one or two letters are read as the start of a product's name: pg_trgm needs
-- three characters to use its index, and without this one such a search scans the whole shop.
CREATE INDEX "producto_nombre_prefijo_idx" ON "producto" ("id_minimarket", lower("nombre_producto") text_pattern_ops) WHERE "estado" = 'activo';
