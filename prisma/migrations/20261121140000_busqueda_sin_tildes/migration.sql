-- Product search ignores case and accents: 'merken' finds 'Merkén', 'cafe' finds 'Café'.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (it reads a dictionary) and a stored column or an index needs an
-- IMMUTABLE expression; naming the dictionary explicitly is the documented way to make the
-- wrapper safe for that.
CREATE FUNCTION texto_busqueda(texto TEXT) RETURNS TEXT
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    RETURN lower(public.unaccent('public.unaccent'::regdictionary, texto));

-- The folded name followed by the brand, stored: searches compare against it without running
-- unaccent() on every row they look at, and a brand typed at the counter finds its products.
-- Written by PostgreSQL only, so Prisma's schema leaves it out (the schema-sync test knows it
-- as a SQL-only column).
ALTER TABLE "producto" ADD COLUMN "nombre_busqueda" TEXT
    GENERATED ALWAYS AS (texto_busqueda("nombre_producto" || ' ' || coalesce("marca", ''))) STORED;

-- The two search indexes, now over the folded name: trigrams for terms of 3+ characters, a
-- prefix index for 1–2 (pg_trgm needs 3 characters to use its index).
DROP INDEX "producto_nombre_producto_trgm_idx";
CREATE INDEX "producto_nombre_busqueda_trgm_idx" ON "producto" USING GIN ("nombre_busqueda" gin_trgm_ops);
DROP INDEX "producto_nombre_prefijo_idx";
CREATE INDEX "producto_nombre_busqueda_prefijo_idx" ON "producto" ("id_minimarket", "nombre_busqueda" text_pattern_ops) WHERE "estado" = 'activo';
