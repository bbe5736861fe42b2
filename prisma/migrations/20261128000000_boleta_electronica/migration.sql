-- The electronic boleta (issue 23, docs/boleta.md): the shop's issuer data and provider, products
-- exempt from IVA, and the outbox of documents (boletas 39/41, notas de crédito 61) a worker sends.

-- Exempt from IVA: its lines go on the boleta as exempt (MntExe).
ALTER TABLE "producto" ADD COLUMN "exento" BOOLEAN NOT NULL DEFAULT false;

-- One row per shop that set it up. The provider's API key is stored encrypted (AES-256-GCM with a
-- key from the environment, apps/api/src/modules/boletas/cifrado.ts) and never sent back.
CREATE TABLE "emisor_dte" (
    "id_minimarket" INTEGER NOT NULL,
    "rut" TEXT NOT NULL,
    "razon_social" TEXT NOT NULL,
    "giro" TEXT NOT NULL,
    "direccion" TEXT NOT NULL,
    "comuna" TEXT NOT NULL,
    "codigo_sucursal" TEXT,
    "resolucion_numero" INTEGER NOT NULL,
    "resolucion_anio" INTEGER NOT NULL,
    "proveedor" TEXT NOT NULL DEFAULT 'simulador',
    "api_key_cifrada" TEXT,
    "emitir" BOOLEAN NOT NULL DEFAULT false,
    "actualizado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "emisor_dte_pkey" PRIMARY KEY ("id_minimarket"),
    CONSTRAINT "emisor_dte_proveedor_check" CHECK ("proveedor" IN ('simulador', 'openfactura')),
    CONSTRAINT "emisor_dte_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE
);

-- The outbox: written in the transaction of the sale, void or return it documents (SQL functions
-- encolar_boleta and encolar_nota_credito), sent by a worker on any replica (one per row: a lease).
-- `lineas` is the document's content as of that transaction ([{nombre, cantidad, unidad,
-- precio_unitario, monto, exento}], gross pesos; cantidad in grams for 'kg'), so a later change of a
-- product's name or exemption does not change a document already requested. `clave` is the
-- provider's Idempotency-Key: every resend of the row carries it, so the provider gives one folio.
CREATE TABLE "documento_dte" (
    "id_minimarket" INTEGER NOT NULL,
    "id_documento" BIGSERIAL,
    "tipo" INTEGER NOT NULL,
    "id_venta" INTEGER NOT NULL,
    "id_devolucion" INTEGER,
    -- A nota de crédito: the boleta it corrects (sent once that one has its folio).
    "id_documento_ref" BIGINT,
    "clave" TEXT NOT NULL,
    "lineas" JSONB NOT NULL,
    "neto" INTEGER NOT NULL,
    "iva" INTEGER NOT NULL,
    "exento" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "estado" TEXT NOT NULL DEFAULT 'pendiente',
    "folio" INTEGER,
    "ted" TEXT,
    "pdf" TEXT,
    "token" TEXT,
    "motivo" TEXT,
    "intentos" INTEGER NOT NULL DEFAULT 0,
    "proximo_intento" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "tomado_por" UUID,
    "tomado_hasta" TIMESTAMPTZ(3),
    "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "emitido_en" TIMESTAMPTZ(3),
    CONSTRAINT "documento_dte_pkey" PRIMARY KEY ("id_minimarket", "id_documento"),
    CONSTRAINT "documento_dte_tipo_check" CHECK ("tipo" IN (39, 41, 61)),
    CONSTRAINT "documento_dte_estado_check" CHECK ("estado" IN ('pendiente', 'en_proceso', 'aceptado', 'reparos', 'rechazado')),
    CONSTRAINT "documento_dte_montos_check" CHECK ("neto" >= 0 AND "iva" >= 0 AND "exento" >= 0 AND "total" = "neto" + "iva" + "exento"),
    CONSTRAINT "documento_dte_clave_key" UNIQUE ("id_minimarket", "clave"),
    CONSTRAINT "documento_dte_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    CONSTRAINT "documento_dte_venta_fkey" FOREIGN KEY ("id_venta") REFERENCES "venta" ("id_venta") ON DELETE CASCADE,
    CONSTRAINT "documento_dte_devolucion_fkey" FOREIGN KEY ("id_minimarket", "id_devolucion")
        REFERENCES "devolucion" ("id_minimarket", "id_devolucion") ON DELETE CASCADE,
    CONSTRAINT "documento_dte_ref_fkey" FOREIGN KEY ("id_minimarket", "id_documento_ref")
        REFERENCES "documento_dte" ("id_minimarket", "id_documento") ON DELETE CASCADE
);
-- One boleta per sale, one nota de crédito per return and one for a void.
CREATE UNIQUE INDEX "documento_dte_boleta_unica" ON "documento_dte" ("id_minimarket", "id_venta") WHERE "tipo" IN (39, 41);
CREATE UNIQUE INDEX "documento_dte_anulacion_unica" ON "documento_dte" ("id_minimarket", "id_venta") WHERE "tipo" = 61 AND "id_devolucion" IS NULL;
CREATE UNIQUE INDEX "documento_dte_devolucion_unica" ON "documento_dte" ("id_minimarket", "id_devolucion") WHERE "id_devolucion" IS NOT NULL;
-- The worker's queue: what is due, oldest first.
CREATE INDEX "documento_dte_cola_idx" ON "documento_dte" ("proximo_intento") WHERE "estado" IN ('pendiente', 'en_proceso');
-- The documents screen: a shop's documents by day.
CREATE INDEX "documento_dte_dia_idx" ON "documento_dte" ("id_minimarket", "creado_en");
