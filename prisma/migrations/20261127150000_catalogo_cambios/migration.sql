-- The sale catalogue kept on the counter's device (issue #22, docs/offline.md): a device refreshes it
-- by "what changed since" instead of downloading every product again. Each product and customer row
-- carries the id of the transaction that last wrote it (set by the trigger in
-- prisma/funciones/marcar_version_cambio.sql); a read returns the rows written by transactions at or
-- after the device's cursor and gives it a new one: the oldest transaction still running then
-- (modules/productos/catalogo.ts explains why nothing is missed). 0 for the rows written before.
ALTER TABLE "producto" ADD COLUMN "version_cambio" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "cliente" ADD COLUMN "version_cambio" BIGINT NOT NULL DEFAULT 0;
CREATE INDEX "producto_version_cambio_idx" ON "producto" ("id_minimarket", "version_cambio");
CREATE INDEX "cliente_version_cambio_idx" ON "cliente" ("id_minimarket", "version_cambio");
