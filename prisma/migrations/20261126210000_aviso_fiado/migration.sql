-- La libreta's overdue notice (docs/fiado.md, "Avisos"): the owner hears once, per customer and per
-- crossing, when a customer's oldest unpaid purchase passes the shop's number of days.
-- The number of days, a setting of the shop (PATCH /api/minimarkets/{id}/configuracion).
ALTER TABLE "minimarket" ADD COLUMN "dias_aviso_fiado" INTEGER NOT NULL DEFAULT 30;
ALTER TABLE "minimarket" ADD CONSTRAINT "minimarket_dias_aviso_fiado_check" CHECK ("dias_aviso_fiado" BETWEEN 1 AND 365);

-- A customer already told about: the row lives while the customer stays overdue and goes when they
-- are not (paid, or the oldest unpaid purchase is again within the days), so the next crossing is
-- told again. The primary key makes one notice however many replicas look at once.
CREATE TABLE "aviso_fiado" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    "id_cliente" INTEGER NOT NULL,
    -- The oldest unpaid purchase when the notice went out.
    "compra_desde" TIMESTAMPTZ(3) NOT NULL,
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "aviso_fiado_pkey" PRIMARY KEY ("id_minimarket", "id_cliente"),
    CONSTRAINT "aviso_fiado_cliente_fkey" FOREIGN KEY ("id_minimarket", "id_cliente")
        REFERENCES "cliente" ("id_minimarket", "id_cliente") ON DELETE CASCADE ON UPDATE NO ACTION
);
