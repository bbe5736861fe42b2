-- Administrators search users and minimarkets as the counter searches products: case and accents
-- ignored ('jose perez' finds 'José Pérez Soto', 'maipu' finds Maipú). Each table gets its searched
-- fields folded once into a stored column (texto_busqueda, migration 20261121140000), written by
-- PostgreSQL only: Prisma's schema leaves them out, as it does producto.nombre_busqueda.
ALTER TABLE "usuario" ADD COLUMN "busqueda" TEXT
    GENERATED ALWAYS AS (texto_busqueda("nombre" || ' ' || "correo" || ' ' || "empresa" || ' ' || "rol")) STORED;
CREATE INDEX "usuario_busqueda_trgm_idx" ON "usuario" USING GIN ("busqueda" gin_trgm_ops);

ALTER TABLE "minimarket" ADD COLUMN "busqueda" TEXT
    GENERATED ALWAYS AS (texto_busqueda("nombre_minimarket" || ' ' || "direccion" || ' ' || "comuna")) STORED;
CREATE INDEX "minimarket_busqueda_trgm_idx" ON "minimarket" USING GIN ("busqueda" gin_trgm_ops);
