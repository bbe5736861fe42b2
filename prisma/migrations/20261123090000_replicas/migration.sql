-- Issue #9: safe on the internet, several API replicas over one PostgreSQL. Everything the
-- replicas share lives here: the throttling counters, the import queue with its leases and
-- the uploaded files until they are processed, revoked session tokens, and what the database
-- has been set up with. New shop-owned tables carry id_minimarket in their primary key and in
-- every foreign key to another shop-owned table (ready for Citus, decisions §9).
-- Written by hand in the form `prisma migrate dev` writes.

-- CreateTable
-- One row per fact of the installation ('datos_demo': the demo data was loaded), so a start
-- never guesses from an e-mail address whether it already did something.
CREATE TABLE "estado_sistema" (
    "clave" TEXT NOT NULL,
    "valor" TEXT NOT NULL,
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "estado_sistema_pkey" PRIMARY KEY ("clave")
);

-- A database seeded before this table existed already has its demo data: say so.
INSERT INTO "estado_sistema" ("clave", "valor")
SELECT 'datos_demo', 'cargados antes del registro' WHERE EXISTS (SELECT 1 FROM "usuario");

-- CreateTable
-- Throttling counters (modules/limites): `clave` names the rule and who it counts (an
-- e-mail, a client address). Fixed-window rules keep `intentos` until `hasta`; leaky-bucket
-- rules keep in `hasta` the instant their bucket would be empty. A row whose `hasta` is past
-- means nothing and may be deleted.
CREATE TABLE "limite_intento" (
    "clave" TEXT NOT NULL,
    "intentos" INTEGER NOT NULL DEFAULT 0,
    "hasta" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "limite_intento_pkey" PRIMARY KEY ("clave")
);

-- Reserves one attempt in a fixed window of p_ventana_ms that opens at the first attempt:
-- returns 0 when granted, otherwise the milliseconds until the window closes. The row lock
-- makes concurrent callers (any replica) count one after another.
CREATE FUNCTION reservar_intento_ventana(p_clave TEXT, p_max INTEGER, p_ventana_ms INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_ahora TIMESTAMPTZ := clock_timestamp();
    v_intentos INTEGER;
    v_hasta TIMESTAMPTZ;
BEGIN
    IF random() < 0.01 THEN
        DELETE FROM limite_intento WHERE hasta < v_ahora;
    END IF;
    INSERT INTO limite_intento (clave, intentos, hasta) VALUES (p_clave, 0, '-infinity') ON CONFLICT (clave) DO NOTHING;
    SELECT intentos, hasta INTO v_intentos, v_hasta FROM limite_intento WHERE clave = p_clave FOR UPDATE;
    IF v_hasta <= v_ahora THEN
        v_intentos := 0;
        v_hasta := v_ahora + p_ventana_ms * INTERVAL '1 millisecond';
    END IF;
    IF v_intentos >= p_max THEN
        RETURN greatest(1, ceil(extract(epoch FROM v_hasta - v_ahora) * 1000))::INTEGER;
    END IF;
    UPDATE limite_intento SET intentos = v_intentos + 1, hasta = v_hasta WHERE clave = p_clave;
    RETURN 0;
END
$$;

-- Reserves one attempt in a leaky bucket of p_max attempts that empties one attempt every
-- p_ventana_ms / p_max (GCRA: `hasta` is the instant the bucket would be empty). A burst
-- fills it; then one attempt is let through per interval, never a lockout for the whole
-- window. Returns 0 when granted, otherwise the milliseconds until the next attempt fits.
CREATE FUNCTION reservar_intento_goteo(p_clave TEXT, p_max INTEGER, p_ventana_ms INTEGER) RETURNS INTEGER
LANGUAGE plpgsql AS $$
DECLARE
    v_ahora TIMESTAMPTZ := clock_timestamp();
    v_paso INTERVAL := (p_ventana_ms::DOUBLE PRECISION / p_max) * INTERVAL '1 millisecond';
    v_ventana INTERVAL := p_ventana_ms * INTERVAL '1 millisecond';
    v_lleno TIMESTAMPTZ;
BEGIN
    IF random() < 0.01 THEN
        DELETE FROM limite_intento WHERE hasta < v_ahora;
    END IF;
    INSERT INTO limite_intento (clave, intentos, hasta) VALUES (p_clave, 0, '-infinity') ON CONFLICT (clave) DO NOTHING;
    SELECT greatest(hasta, v_ahora) INTO v_lleno FROM limite_intento WHERE clave = p_clave FOR UPDATE;
    IF v_lleno + v_paso - v_ahora > v_ventana THEN
        RETURN greatest(1, ceil(extract(epoch FROM v_lleno + v_paso - v_ventana - v_ahora) * 1000))::INTEGER;
    END IF;
    UPDATE limite_intento SET hasta = v_lleno + v_paso, intentos = intentos + 1 WHERE clave = p_clave;
    RETURN 0;
END
$$;

-- CreateTable
-- Tokens ended before their expiry by 'Cerrar Sesión' (POST /auth/logout). A row is of no
-- use once the token would have expired anyway.
CREATE TABLE "token_revocado" (
    "jti" UUID NOT NULL,
    "id_usuario" INTEGER NOT NULL,
    "expira_en" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "token_revocado_pkey" PRIMARY KEY ("jti")
);

-- CreateIndex
CREATE INDEX "token_revocado_expira_en_idx" ON "token_revocado"("expira_en");

-- AddForeignKey
ALTER TABLE "token_revocado" ADD CONSTRAINT "token_revocado_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE CASCADE ON UPDATE CASCADE;

-- The import queue's jobs point at their upload by (shop, id).
-- CreateIndex
CREATE UNIQUE INDEX "archivo_carga_id_minimarket_id_archivo_key" ON "archivo_carga"("id_minimarket", "id_archivo");

-- CreateTable
-- The import queue (imports/cola.ts): one row per upload waiting or running. Any replica
-- takes the oldest job of a shop whose head job is free (FOR UPDATE SKIP LOCKED) and holds
-- it by renewing `lease_hasta`; a job whose lease ran out belongs to a replica that died
-- and is taken again. The row goes in the same transaction that records the result.
CREATE TABLE "trabajo_carga" (
    "id_minimarket" INTEGER NOT NULL,
    "id_archivo" INTEGER NOT NULL,
    "encolado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "tomado_por" TEXT,
    "lease_hasta" TIMESTAMPTZ(3),
    "intentos" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "trabajo_carga_pkey" PRIMARY KEY ("id_minimarket", "id_archivo")
);

-- CreateIndex
CREATE INDEX "trabajo_carga_encolado_en_idx" ON "trabajo_carga"("encolado_en");

-- AddForeignKey
ALTER TABLE "trabajo_carga" ADD CONSTRAINT "trabajo_carga_id_minimarket_id_archivo_fkey" FOREIGN KEY ("id_minimarket", "id_archivo") REFERENCES "archivo_carga"("id_minimarket", "id_archivo") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
-- The uploaded file itself, in pieces of at most 1 MB, until its job ends: whichever
-- replica takes the job reads it from here (no shared disk needed).
CREATE TABLE "trabajo_carga_parte" (
    "id_minimarket" INTEGER NOT NULL,
    "id_archivo" INTEGER NOT NULL,
    "parte" INTEGER NOT NULL,
    "datos" BYTEA NOT NULL,

    CONSTRAINT "trabajo_carga_parte_pkey" PRIMARY KEY ("id_minimarket", "id_archivo", "parte")
);

-- Kept for minutes, written and read once: compressing it costs more time than the disk it saves
-- (an .xlsx is compressed already).
ALTER TABLE "trabajo_carga_parte" ALTER COLUMN "datos" SET STORAGE EXTERNAL;

-- AddForeignKey
ALTER TABLE "trabajo_carga_parte" ADD CONSTRAINT "trabajo_carga_parte_id_minimarket_id_archivo_fkey" FOREIGN KEY ("id_minimarket", "id_archivo") REFERENCES "trabajo_carga"("id_minimarket", "id_archivo") ON DELETE CASCADE ON UPDATE CASCADE;

-- Uploads left 'En revisión' by the in-process queue this replaces had their file on a
-- disk that is gone: they end as the old restart did.
UPDATE "archivo_carga"
SET "estado_procesamiento" = 'Error',
    "detalle_resultado" = json_build_object(
        'total_filas', 0, 'errores', 0, 'productos_cargados', 0, 'productos_reactivados', 0,
        'productos_omitidos_por_duplicado', 0, 'ventas_procesadas', 0, 'ventas_omitidas_por_errores', 0,
        'detalle_errores', json_build_array(), 'status', 'error',
        'message', 'El procesamiento se interrumpió (el servidor se reinició). Vuelva a cargar el archivo.')::TEXT
WHERE "estado_procesamiento" = 'En revisión';
