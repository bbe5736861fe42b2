-- Hands at the till you can trust (issue 31, docs/cajeros.md): cashiers with a PIN, the owner's
-- approval recorded with both people, an audit trail, and an offline lane that leaves a trail.

-- A cashier ('cajero') is a person of one shop. The shop is an attribute of the account
-- (id_minimarket_cajero, not id_minimarket: usuario is a table every node of a Citus cluster keeps
-- whole, a reference table, never distributed by shop; reglas-citus.ts reads `id_minimarket` as
-- "distributed by it"). A cashier may have no e-mail and no password (the PIN alone, at a shared
-- till); the owners' and administrators' accounts keep every field they always had.
ALTER TABLE "usuario" DROP CONSTRAINT "usuario_rol_check";
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_rol_check" CHECK ("rol" IN ('administrador', 'pyme', 'cajero'));
ALTER TABLE "usuario" ADD COLUMN "id_minimarket_cajero" INTEGER;
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_minimarket_cajero_fkey"
    FOREIGN KEY ("id_minimarket_cajero") REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE;
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_cajero_tienda_check" CHECK (("rol" = 'cajero') = ("id_minimarket_cajero" IS NOT NULL));
ALTER TABLE "usuario" ALTER COLUMN "correo" DROP NOT NULL;
ALTER TABLE "usuario" ALTER COLUMN "contrasena_hash" DROP NOT NULL;
ALTER TABLE "usuario" ALTER COLUMN "empresa" DROP NOT NULL;
ALTER TABLE "usuario" ALTER COLUMN "rut_usuario" DROP NOT NULL;
ALTER TABLE "usuario" ALTER COLUMN "rut_empresa" DROP NOT NULL;
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_cuenta_completa_check" CHECK (
    "rol" = 'cajero' OR ("correo" IS NOT NULL AND "contrasena_hash" IS NOT NULL AND "empresa" IS NOT NULL
                         AND "rut_usuario" IS NOT NULL AND "rut_empresa" IS NOT NULL));
-- An e-mail signs in with a password: both or neither.
ALTER TABLE "usuario" ADD CONSTRAINT "usuario_correo_contrasena_check" CHECK (("correo" IS NULL) = ("contrasena_hash" IS NULL));
CREATE INDEX "usuario_minimarket_cajero_idx" ON "usuario" ("id_minimarket_cajero");

-- The PINs of a shop's people: its cashiers, and its owner (one row per shop they own). `huella` is
-- HMAC-SHA256 of the shop and the PIN under a key that is not in the database (PIN_CLAVE; a 4–6 digit
-- PIN falls to any unkeyed hash, slow or not, in minutes): unique within the shop, and the person
-- behind a PIN is found by one indexed read. docs/cajeros.md «El PIN».
CREATE TABLE "pin_tienda" (
    "id_minimarket" INTEGER NOT NULL,
    "id_usuario" INTEGER NOT NULL,
    "huella" TEXT NOT NULL,
    "actualizado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "pin_tienda_pkey" PRIMARY KEY ("id_minimarket", "id_usuario"),
    CONSTRAINT "pin_tienda_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    CONSTRAINT "pin_tienda_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario" ("id_usuario") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "pin_tienda_huella_key" ON "pin_tienda" ("id_minimarket", "huella");

-- After this many idle minutes the shared till goes back to the PIN screen (Configuración).
ALTER TABLE "minimarket" ADD COLUMN "minutos_bloqueo_caja" INTEGER NOT NULL DEFAULT 10;
ALTER TABLE "minimarket" ADD CONSTRAINT "minimarket_minutos_bloqueo_caja_check" CHECK ("minutos_bloqueo_caja" BETWEEN 1 AND 240);

-- The audit trail of a shop: every action the owner approved with their PIN, every PIN refused,
-- every change of price, stock count and person; who did it, who approved it, when and why.
-- `id_producto` is set on a price change: the offline lane asks which prices a product had lately.
CREATE TABLE "auditoria" (
    "id_minimarket" INTEGER NOT NULL,
    "id_auditoria" BIGSERIAL,
    "accion" TEXT NOT NULL,
    "id_usuario" INTEGER,
    "id_autorizador" INTEGER,
    "detalle" TEXT NOT NULL,
    "datos" JSONB,
    "id_producto" BIGINT,
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "auditoria_pkey" PRIMARY KEY ("id_minimarket", "id_auditoria"),
    CONSTRAINT "auditoria_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    CONSTRAINT "auditoria_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL,
    CONSTRAINT "auditoria_autorizador_fkey" FOREIGN KEY ("id_autorizador") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL,
    CONSTRAINT "auditoria_detalle_check" CHECK (char_length("detalle") BETWEEN 1 AND 500)
);
CREATE INDEX "auditoria_tienda_fecha_idx" ON "auditoria" ("id_minimarket", "fecha" DESC, "id_auditoria" DESC);
CREATE INDEX "auditoria_precio_idx" ON "auditoria" ("id_minimarket", "id_producto", "fecha") WHERE "accion" = 'cambio_precio';

-- Who approved: a void, a return, a fiado past the limit, a cash withdrawal by a cashier.
ALTER TABLE "venta" ADD COLUMN "id_autorizador" INTEGER;
ALTER TABLE "venta" ADD CONSTRAINT "venta_autorizador_fkey" FOREIGN KEY ("id_autorizador") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL;
ALTER TABLE "venta" ADD COLUMN "id_autorizador_anulacion" INTEGER;
ALTER TABLE "venta" ADD CONSTRAINT "venta_autorizador_anulacion_fkey"
    FOREIGN KEY ("id_autorizador_anulacion") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL;
ALTER TABLE "devolucion" ADD COLUMN "id_autorizador" INTEGER;
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_autorizador_fkey" FOREIGN KEY ("id_autorizador") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL;
ALTER TABLE "movimiento_caja" ADD COLUMN "id_autorizador" INTEGER;
ALTER TABLE "movimiento_caja" ADD CONSTRAINT "movimiento_caja_autorizador_fkey"
    FOREIGN KEY ("id_autorizador") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL;

-- When a sale reached the server (its clock): the moment of the sale itself for a sale made at the
-- counter, later for one sent from a device's outbox. The sales already kept arrived when they were made.
ALTER TABLE "venta" ADD COLUMN "recibida_en" TIMESTAMPTZ(3);
UPDATE "venta" SET "recibida_en" = "fecha_venta";
ALTER TABLE "venta" ALTER COLUMN "recibida_en" SET NOT NULL;
ALTER TABLE "venta" ALTER COLUMN "recibida_en" SET DEFAULT now();
-- What an offline sale did that the counter would not have let through (docs/offline.md «El rastro»):
-- 'precio_desconocido', 'fecha_anterior_al_contacto', 'fiado_sobre_limite', 'sin_stock'.
ALTER TABLE "venta" ADD COLUMN "alertas" TEXT[] NOT NULL DEFAULT '{}';
ALTER TABLE "venta" ADD CONSTRAINT "venta_alertas_check" CHECK (
    "alertas" <@ ARRAY['precio_desconocido', 'fecha_anterior_al_contacto', 'fiado_sobre_limite', 'sin_stock']::text[]);
CREATE INDEX "venta_vendedor_idx" ON "venta" ("id_minimarket", "id_usuario", "fecha_venta");

-- A sale the server refused, by the key its device gave it (prisma/funciones/intentar_venta.sql): an
-- online attempt refused here is never also recorded when the same cart comes back through the
-- offline lane (that attempt gets the same refusal), and a sale refused for good on its way from a
-- device's outbox waits here, `apartada`, for the owner to settle. A later sale under the same key
-- removes the row. `code` and `datos` are the refusal as the API reads it (its Spanish is built from
-- them, ventas/rechazos.ts); `cuerpo` the cart as sent.
CREATE TABLE "venta_rechazada" (
    "id_minimarket" INTEGER NOT NULL,
    "id_venta_rechazada" BIGSERIAL,
    "idempotency_key" TEXT NOT NULL,
    "id_usuario" INTEGER,
    "origen" TEXT NOT NULL,
    "cuerpo" JSONB NOT NULL,
    "code" TEXT NOT NULL,
    "datos" JSONB NOT NULL DEFAULT '{}',
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "apartada" BOOLEAN NOT NULL DEFAULT false,
    "resuelta_en" TIMESTAMPTZ(3),
    "id_resuelta_por" INTEGER,
    "nota_resolucion" TEXT,
    CONSTRAINT "venta_rechazada_pkey" PRIMARY KEY ("id_minimarket", "id_venta_rechazada"),
    CONSTRAINT "venta_rechazada_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    CONSTRAINT "venta_rechazada_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL,
    CONSTRAINT "venta_rechazada_resuelta_por_fkey" FOREIGN KEY ("id_resuelta_por") REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL,
    CONSTRAINT "venta_rechazada_origen_check" CHECK ("origen" IN ('mostrador', 'offline'))
);
CREATE UNIQUE INDEX "venta_rechazada_clave_key" ON "venta_rechazada" ("id_minimarket", "idempotency_key");
CREATE INDEX "venta_rechazada_apartadas_idx" ON "venta_rechazada" ("id_minimarket", "fecha" DESC) WHERE "apartada";
