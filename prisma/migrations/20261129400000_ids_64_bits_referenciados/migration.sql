-- Issue 24, docs/escalar.md «Ids de 64 bits»: the last 32-bit ids that grow without bound — sales,
-- products, customers, returns, cash shifts, uploads, support conversations — become 64-bit with
-- their sequences, and so does every column that names one (a reference keeps its referenced
-- column's type). Only the shop and the user stay 32-bit on purpose (IDS_ACOTADOS in
-- apps/api/src/db/reglas-citus.ts). Rewrites the tables: with years of sales, minutes at the first
-- start after the update.
--
-- The views name these columns: they are dropped here and made again, with the new types, from
-- prisma/funciones right after the migrations.
DROP VIEW IF EXISTS "cuenta_cliente", "parte_contada", "parte_devolucion", "parte_venta", "venta_contada" CASCADE;

ALTER TABLE "producto" ALTER COLUMN "id_producto" TYPE BIGINT;
ALTER SEQUENCE "producto_id_producto_seq" AS BIGINT;
ALTER TABLE "cliente" ALTER COLUMN "id_cliente" TYPE BIGINT;
ALTER SEQUENCE "cliente_id_cliente_seq" AS BIGINT;
ALTER TABLE "turno_caja" ALTER COLUMN "id_turno" TYPE BIGINT;
ALTER SEQUENCE "turno_caja_id_turno_seq" AS BIGINT;
ALTER TABLE "venta" ALTER COLUMN "id_venta" TYPE BIGINT,
                    ALTER COLUMN "id_turno" TYPE BIGINT,
                    ALTER COLUMN "id_turno_anulacion" TYPE BIGINT,
                    ALTER COLUMN "id_cliente" TYPE BIGINT;
ALTER SEQUENCE "venta_id_venta_seq" AS BIGINT;
ALTER TABLE "devolucion" ALTER COLUMN "id_devolucion" TYPE BIGINT,
                         ALTER COLUMN "id_venta" TYPE BIGINT,
                         ALTER COLUMN "id_turno" TYPE BIGINT;
ALTER SEQUENCE "devolucion_id_devolucion_seq" AS BIGINT;
ALTER TABLE "archivo_carga" ALTER COLUMN "id_archivo" TYPE BIGINT;
ALTER SEQUENCE "archivo_carga_id_archivo_seq" AS BIGINT;
ALTER TABLE "conversacion" ALTER COLUMN "id_conversacion" TYPE BIGINT;
ALTER SEQUENCE "conversacion_id_conversacion_seq" AS BIGINT;

ALTER TABLE "detalle_venta" ALTER COLUMN "id_venta" TYPE BIGINT, ALTER COLUMN "id_producto" TYPE BIGINT;
ALTER TABLE "movimiento_stock" ALTER COLUMN "id_producto" TYPE BIGINT, ALTER COLUMN "id_venta" TYPE BIGINT;
ALTER TABLE "pago_venta" ALTER COLUMN "id_venta" TYPE BIGINT;
ALTER TABLE "detalle_devolucion" ALTER COLUMN "id_devolucion" TYPE BIGINT, ALTER COLUMN "id_producto" TYPE BIGINT;
ALTER TABLE "devolucion_pago" ALTER COLUMN "id_devolucion" TYPE BIGINT;
ALTER TABLE "documento_dte" ALTER COLUMN "id_venta" TYPE BIGINT, ALTER COLUMN "id_devolucion" TYPE BIGINT;
ALTER TABLE "resumen_producto_dia" ALTER COLUMN "id_producto" TYPE BIGINT;
ALTER TABLE "movimiento_caja" ALTER COLUMN "id_turno" TYPE BIGINT;
ALTER TABLE "abono" ALTER COLUMN "id_cliente" TYPE BIGINT, ALTER COLUMN "id_turno" TYPE BIGINT;
ALTER TABLE "aviso_fiado" ALTER COLUMN "id_cliente" TYPE BIGINT;
ALTER TABLE "trabajo_carga" ALTER COLUMN "id_archivo" TYPE BIGINT;
ALTER TABLE "trabajo_carga_parte" ALTER COLUMN "id_archivo" TYPE BIGINT;
ALTER TABLE "fila_rechazada" ALTER COLUMN "id_archivo" TYPE BIGINT;
ALTER TABLE "mensaje_soporte" ALTER COLUMN "id_conversacion" TYPE BIGINT;
ALTER TABLE "lectura_conversacion" ALTER COLUMN "id_conversacion" TYPE BIGINT;
