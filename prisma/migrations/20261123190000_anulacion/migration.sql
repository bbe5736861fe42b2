-- Voiding a whole sale (issue #14): it stays in the history as 'Anulada' with who, when and why,
-- its units go back to stock through the ledger ('anulacion'), and it leaves every figure that
-- counts sales. id_turno_anulacion is the cash shift open when it was voided: a cash sale voided in
-- a later shift is cash handed back from that shift's till.
ALTER TABLE "venta" ADD COLUMN "anulada_en" TIMESTAMPTZ(3);
ALTER TABLE "venta" ADD COLUMN "id_usuario_anulacion" INTEGER REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL;
ALTER TABLE "venta" ADD COLUMN "motivo_anulacion" TEXT CHECK (char_length("motivo_anulacion") BETWEEN 1 AND 200);
ALTER TABLE "venta" ADD COLUMN "id_turno_anulacion" INTEGER;
ALTER TABLE "venta" ADD CONSTRAINT "venta_turno_anulacion_fkey"
    FOREIGN KEY ("id_minimarket", "id_turno_anulacion") REFERENCES "turno_caja" ("id_minimarket", "id_turno");
CREATE INDEX "venta_turno_anulacion_idx" ON "venta" ("id_minimarket", "id_turno_anulacion");
