-- Issue 24, docs/escalar.md: the last shop tables whose primary key was their id alone get the shop in
-- it, and every foreign key between shop tables names the shop, so the data can be distributed by
-- id_minimarket with Citus (a key or a reference is enforced within one shop's shard). The ids stay
-- unique by their sequences; the keys only add the shop in front.

-- Every notice belongs to a shop (the bell of an administrator shows notices of the shops' support
-- conversations, each with its shop); none was ever written without one.
DELETE FROM "notificacion" WHERE "id_minimarket" IS NULL;
ALTER TABLE "notificacion" ALTER COLUMN "id_minimarket" SET NOT NULL;

-- The references to the single-column keys go first (they depend on those keys' indexes).
ALTER TABLE "detalle_devolucion" DROP CONSTRAINT "detalle_devolucion_id_producto_fkey";
ALTER TABLE "detalle_venta" DROP CONSTRAINT "detalle_venta_id_producto_fkey",
                            DROP CONSTRAINT "detalle_venta_id_venta_fkey";
ALTER TABLE "devolucion" DROP CONSTRAINT "devolucion_id_venta_fkey";
ALTER TABLE "documento_dte" DROP CONSTRAINT "documento_dte_venta_fkey";
ALTER TABLE "fila_rechazada" DROP CONSTRAINT "fila_rechazada_id_archivo_fkey";
ALTER TABLE "movimiento_stock" DROP CONSTRAINT "movimiento_stock_id_producto_fkey",
                               DROP CONSTRAINT "movimiento_stock_id_venta_fkey";
ALTER TABLE "pago_venta" DROP CONSTRAINT "pago_venta_id_venta_fkey";
ALTER TABLE "trabajo_carga" DROP CONSTRAINT "trabajo_carga_id_minimarket_id_archivo_fkey";

-- The primary keys, with the shop first (a shop's rows sit together in the index).
ALTER TABLE "producto" DROP CONSTRAINT "producto_pkey", ADD CONSTRAINT "producto_pkey" PRIMARY KEY ("id_minimarket", "id_producto");
ALTER TABLE "venta" DROP CONSTRAINT "venta_pkey", ADD CONSTRAINT "venta_pkey" PRIMARY KEY ("id_minimarket", "id_venta");
ALTER TABLE "detalle_venta" DROP CONSTRAINT "detalle_venta_pkey", ADD CONSTRAINT "detalle_venta_pkey" PRIMARY KEY ("id_minimarket", "id_detalle_venta");
ALTER TABLE "movimiento_stock" DROP CONSTRAINT "movimiento_stock_pkey", ADD CONSTRAINT "movimiento_stock_pkey" PRIMARY KEY ("id_minimarket", "id_movimiento");
ALTER TABLE "notificacion" DROP CONSTRAINT "notificacion_pkey", ADD CONSTRAINT "notificacion_pkey" PRIMARY KEY ("id_minimarket", "id_notificacion");
ALTER TABLE "archivo_carga" DROP CONSTRAINT "archivo_carga_pkey", ADD CONSTRAINT "archivo_carga_pkey" PRIMARY KEY ("id_minimarket", "id_archivo");
DROP INDEX "archivo_carga_id_minimarket_id_archivo_key";
ALTER TABLE "fila_rechazada" DROP CONSTRAINT "fila_rechazada_pkey", ADD CONSTRAINT "fila_rechazada_pkey" PRIMARY KEY ("id_minimarket", "id_fila_rechazada");

-- The references again, with the shop. No ON UPDATE action: ids are never rewritten, and Citus
-- refuses cascading updates through the distribution column.
ALTER TABLE "detalle_venta"
    ADD CONSTRAINT "detalle_venta_id_minimarket_id_venta_fkey" FOREIGN KEY ("id_minimarket", "id_venta") REFERENCES "venta" ("id_minimarket", "id_venta") ON DELETE CASCADE,
    ADD CONSTRAINT "detalle_venta_id_minimarket_id_producto_fkey" FOREIGN KEY ("id_minimarket", "id_producto") REFERENCES "producto" ("id_minimarket", "id_producto") ON DELETE RESTRICT;
ALTER TABLE "movimiento_stock"
    ADD CONSTRAINT "movimiento_stock_id_minimarket_id_producto_fkey" FOREIGN KEY ("id_minimarket", "id_producto") REFERENCES "producto" ("id_minimarket", "id_producto") ON DELETE CASCADE,
    ADD CONSTRAINT "movimiento_stock_id_minimarket_id_venta_fkey" FOREIGN KEY ("id_minimarket", "id_venta") REFERENCES "venta" ("id_minimarket", "id_venta") ON DELETE CASCADE;
ALTER TABLE "devolucion"
    ADD CONSTRAINT "devolucion_id_minimarket_id_venta_fkey" FOREIGN KEY ("id_minimarket", "id_venta") REFERENCES "venta" ("id_minimarket", "id_venta") ON DELETE CASCADE;
ALTER TABLE "detalle_devolucion"
    ADD CONSTRAINT "detalle_devolucion_id_minimarket_id_producto_fkey" FOREIGN KEY ("id_minimarket", "id_producto") REFERENCES "producto" ("id_minimarket", "id_producto");
ALTER TABLE "pago_venta"
    ADD CONSTRAINT "pago_venta_id_minimarket_id_venta_fkey" FOREIGN KEY ("id_minimarket", "id_venta") REFERENCES "venta" ("id_minimarket", "id_venta") ON DELETE CASCADE;
ALTER TABLE "documento_dte"
    ADD CONSTRAINT "documento_dte_venta_fkey" FOREIGN KEY ("id_minimarket", "id_venta") REFERENCES "venta" ("id_minimarket", "id_venta") ON DELETE CASCADE;
ALTER TABLE "fila_rechazada"
    ADD CONSTRAINT "fila_rechazada_id_minimarket_id_archivo_fkey" FOREIGN KEY ("id_minimarket", "id_archivo") REFERENCES "archivo_carga" ("id_minimarket", "id_archivo") ON DELETE CASCADE;
ALTER TABLE "trabajo_carga"
    ADD CONSTRAINT "trabajo_carga_id_minimarket_id_archivo_fkey" FOREIGN KEY ("id_minimarket", "id_archivo") REFERENCES "archivo_carga" ("id_minimarket", "id_archivo") ON DELETE CASCADE;

-- The indexes that served the old references, now by shop (a sale's lines, moves, returns and parts;
-- an upload's rejected rows).
DROP INDEX "detalle_venta_id_venta_idx";
CREATE INDEX "detalle_venta_id_minimarket_id_venta_idx" ON "detalle_venta" ("id_minimarket", "id_venta");
DROP INDEX "movimiento_stock_id_venta_idx";
CREATE INDEX "movimiento_stock_id_minimarket_id_venta_idx" ON "movimiento_stock" ("id_minimarket", "id_venta");
DROP INDEX "devolucion_venta_idx";
CREATE INDEX "devolucion_venta_idx" ON "devolucion" ("id_minimarket", "id_venta");
DROP INDEX "pago_venta_venta_idx";
DROP INDEX "fila_rechazada_id_archivo_fila_idx";
DROP INDEX "fila_rechazada_id_minimarket_idx";
CREATE INDEX "fila_rechazada_id_minimarket_id_archivo_fila_idx" ON "fila_rechazada" ("id_minimarket", "id_archivo", "fila");

-- Products and sales are addressed by their id alone in the API's URLs (/api/productos/:id,
-- /api/ventas/:id): the row says whose it is. These plain indexes keep that first read one probe;
-- on a cluster it asks every shard (docs/escalar.md), and every later statement names the shop.
CREATE INDEX "producto_id_producto_idx" ON "producto" ("id_producto");
CREATE INDEX "venta_id_venta_idx" ON "venta" ("id_venta");
