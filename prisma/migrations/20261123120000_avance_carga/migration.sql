-- How far an import has got, for the progress bar of the upload history. Written while the import
-- runs, from outside its transaction (data/archivo-carga.ts registrarAvance), so anyone can read it:
-- the file's size as received, the rows read so far and an estimate of all of them (rows read over
-- the share of the file read), and the stage: 'leyendo' the file, then 'guardando' its rows.
ALTER TABLE "archivo_carga" ADD COLUMN "tamano_bytes" BIGINT;
ALTER TABLE "archivo_carga" ADD COLUMN "filas_leidas" INTEGER;
ALTER TABLE "archivo_carga" ADD COLUMN "filas_estimadas" INTEGER;
ALTER TABLE "archivo_carga" ADD COLUMN "etapa" TEXT;
ALTER TABLE "archivo_carga" ADD CONSTRAINT "archivo_carga_etapa_check" CHECK ("etapa" IN ('leyendo', 'guardando'));
