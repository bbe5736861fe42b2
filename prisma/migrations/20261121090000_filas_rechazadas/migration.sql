-- Imports (issue #4): the rows an upload rejected are kept exactly as they were in the
-- file, so the owner downloads only them (with a `motivo` column), fixes them and
-- uploads them again. Written by hand in the form `prisma migrate dev` writes.

-- The header of the uploaded file as it was written (JSON array of strings), so the
-- rejected rows come back under the same column names.
ALTER TABLE "archivo_carga" ADD COLUMN "columnas_archivo" TEXT;

ALTER TABLE "archivo_carga" ADD CONSTRAINT "archivo_carga_estado_check"
    CHECK ("estado_procesamiento" IN ('En revisión', 'Completado', 'Con errores', 'Error'));

-- CreateTable
CREATE TABLE "fila_rechazada" (
    "id_fila_rechazada" SERIAL NOT NULL,
    "id_archivo" INTEGER NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "fila" INTEGER NOT NULL,
    "celdas" TEXT NOT NULL,
    "motivo" TEXT NOT NULL,

    CONSTRAINT "fila_rechazada_pkey" PRIMARY KEY ("id_fila_rechazada"),
    CONSTRAINT "fila_rechazada_fila_check" CHECK ("fila" > 0)
);

-- CreateIndex
CREATE INDEX "fila_rechazada_id_archivo_fila_idx" ON "fila_rechazada"("id_archivo", "fila");

-- CreateIndex
CREATE INDEX "fila_rechazada_id_minimarket_idx" ON "fila_rechazada"("id_minimarket");

-- AddForeignKey
ALTER TABLE "fila_rechazada" ADD CONSTRAINT "fila_rechazada_id_archivo_fkey" FOREIGN KEY ("id_archivo") REFERENCES "archivo_carga"("id_archivo") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "fila_rechazada" ADD CONSTRAINT "fila_rechazada_id_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;
