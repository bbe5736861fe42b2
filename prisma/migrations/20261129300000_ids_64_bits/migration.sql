-- Issue 24, docs/escalar.md «Ids de 64 bits»: the ids of the rows that grow with every sale, line,
-- move, notice and message become 64-bit, with their sequences (a SERIAL's sequence is AS integer and
-- stops at 2,147,483,647: `AS bigint` lifts its maximum too). These ids are referenced by no other
-- table (lectura_conversacion.ultimo_leido stores a message id: it follows). Rewrites each table:
-- on a shop with years of sales, minutes at the first start after the update.
--
-- The view cuenta_cliente names abono.id_abono: it is dropped here and made again, with the new
-- type, from prisma/funciones right after the migrations.
DROP VIEW IF EXISTS "cuenta_cliente" CASCADE;

ALTER TABLE "detalle_venta" ALTER COLUMN "id_detalle_venta" TYPE BIGINT;
ALTER SEQUENCE "detalle_venta_id_detalle_venta_seq" AS BIGINT;
ALTER TABLE "movimiento_stock" ALTER COLUMN "id_movimiento" TYPE BIGINT;
ALTER SEQUENCE "movimiento_stock_id_movimiento_seq" AS BIGINT;
ALTER TABLE "detalle_devolucion" ALTER COLUMN "id_detalle_devolucion" TYPE BIGINT;
ALTER SEQUENCE "detalle_devolucion_id_detalle_devolucion_seq" AS BIGINT;
ALTER TABLE "fila_rechazada" ALTER COLUMN "id_fila_rechazada" TYPE BIGINT;
ALTER SEQUENCE "fila_rechazada_id_fila_rechazada_seq" AS BIGINT;
ALTER TABLE "notificacion" ALTER COLUMN "id_notificacion" TYPE BIGINT;
ALTER SEQUENCE "notificacion_id_notificacion_seq" AS BIGINT;
ALTER TABLE "mensaje_soporte" ALTER COLUMN "id_mensaje" TYPE BIGINT;
ALTER SEQUENCE "mensaje_soporte_id_mensaje_seq" AS BIGINT;
ALTER TABLE "lectura_conversacion" ALTER COLUMN "ultimo_leido" TYPE BIGINT;
ALTER TABLE "movimiento_caja" ALTER COLUMN "id_movimiento" TYPE BIGINT;
ALTER SEQUENCE "movimiento_caja_id_movimiento_seq" AS BIGINT;
ALTER TABLE "abono" ALTER COLUMN "id_abono" TYPE BIGINT;
ALTER SEQUENCE "abono_id_abono_seq" AS BIGINT;
ALTER TABLE "token_restablecimiento" ALTER COLUMN "id_token" TYPE BIGINT;
ALTER SEQUENCE "token_restablecimiento_id_token_seq" AS BIGINT;
