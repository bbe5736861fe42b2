-- La libreta de fiado (issue #21, docs/fiado.md): a shop's customers, the sales they take on credit
-- ('Fiado', with the customer on the sale) and what they pay on account (abonos). The balance is
-- computed, never stored: the view cuenta_cliente (prisma/funciones) is its one definition.
-- Shop-owned tables: id_minimarket leads the primary key and every foreign key between shop tables.
CREATE TABLE "cliente" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    "id_cliente" SERIAL NOT NULL,
    "nombre" TEXT NOT NULL CHECK (char_length("nombre") BETWEEN 1 AND 120),
    -- Normalised 'NNNNNNNN-D' (contracts' normalizeRut); one customer per RUT in a shop.
    "rut" TEXT CHECK ("rut" ~ '^[0-9]{1,8}-[0-9K]$'),
    "telefono" TEXT CHECK (char_length("telefono") <= 30),
    "direccion" TEXT CHECK (char_length("direccion") <= 200),
    -- Pesos the customer may owe at most; null: no limit.
    "limite_credito" INTEGER CHECK ("limite_credito" >= 0),
    "notas" TEXT CHECK (char_length("notas") <= 500),
    "activo" BOOLEAN NOT NULL DEFAULT true,
    "fecha_creacion" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "nombre_busqueda" TEXT GENERATED ALWAYS AS (texto_busqueda("nombre")) STORED,
    CONSTRAINT "cliente_pkey" PRIMARY KEY ("id_minimarket", "id_cliente")
);
CREATE UNIQUE INDEX "cliente_id_minimarket_rut_key" ON "cliente" ("id_minimarket", "rut");
CREATE INDEX "cliente_nombre_busqueda_trgm_idx" ON "cliente" USING gin ("nombre_busqueda" gin_trgm_ops);

-- A sale on credit names its customer; a sale paid otherwise may too (later: receipts by customer).
ALTER TABLE "venta" ADD COLUMN "id_cliente" INTEGER;
ALTER TABLE "venta" ADD CONSTRAINT "venta_cliente_fkey" FOREIGN KEY ("id_minimarket", "id_cliente")
    REFERENCES "cliente" ("id_minimarket", "id_cliente") ON DELETE NO ACTION ON UPDATE NO ACTION;
-- 'Fiado' joins the payment methods.
ALTER TABLE "venta" DROP CONSTRAINT "venta_metodo_pago_check";
ALTER TABLE "venta" ADD CONSTRAINT "venta_metodo_pago_check"
    CHECK ("metodo_pago" IN ('Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito', 'Fiado'));
ALTER TABLE "venta" ADD CONSTRAINT "venta_fiado_cliente_check" CHECK ("metodo_pago" <> 'Fiado' OR "id_cliente" IS NOT NULL);
CREATE INDEX "venta_cliente_idx" ON "venta" ("id_minimarket", "id_cliente") WHERE "id_cliente" IS NOT NULL;

-- A payment on account: never Fiado; a cash one belongs to the shift open when it was taken and
-- counts in its expected cash.
CREATE TABLE "abono" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    "id_abono" SERIAL NOT NULL,
    "id_cliente" INTEGER NOT NULL,
    "monto" INTEGER NOT NULL CHECK ("monto" > 0),
    "metodo_pago" TEXT NOT NULL CHECK ("metodo_pago" IN ('Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito')),
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "id_usuario" INTEGER REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL,
    "id_turno" INTEGER,
    CONSTRAINT "abono_pkey" PRIMARY KEY ("id_minimarket", "id_abono"),
    CONSTRAINT "abono_cliente_fkey" FOREIGN KEY ("id_minimarket", "id_cliente")
        REFERENCES "cliente" ("id_minimarket", "id_cliente") ON DELETE CASCADE ON UPDATE NO ACTION,
    CONSTRAINT "abono_turno_fkey" FOREIGN KEY ("id_minimarket", "id_turno")
        REFERENCES "turno_caja" ("id_minimarket", "id_turno") ON DELETE NO ACTION ON UPDATE NO ACTION
);
CREATE INDEX "abono_cliente_idx" ON "abono" ("id_minimarket", "id_cliente", "fecha");
CREATE INDEX "abono_turno_idx" ON "abono" ("id_minimarket", "id_turno");

-- /api/clientes/{id} names a customer by its id alone (as /productos/{id} does); the shop is then
-- checked against the user. Not unique on its own (Citus: a unique index carries the shop).
CREATE INDEX "cliente_id_idx" ON "cliente" ("id_cliente");
