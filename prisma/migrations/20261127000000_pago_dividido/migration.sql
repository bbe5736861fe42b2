-- Pago dividido (issue #21, docs/pagos.md): a sale paid by more than one method ('Mixto' on the
-- sale) keeps its parts in pago_venta, one row per method, their sum the sale's total. A sale paid
-- by one method has no rows here: its one part is (metodo_pago, total), so nothing of the history
-- changes. A return of a split sale ('Mixto' on the return) keeps in devolucion_pago how much of it
-- went back by each method (fiado first, then cash, then the rest; ventas.service). The views
-- parte_venta and parte_devolucion (prisma/funciones) read both kinds the same way.
-- Shop-owned tables: id_minimarket leads the primary key and every foreign key between shop tables.
ALTER TABLE "venta" DROP CONSTRAINT "venta_metodo_pago_check";
ALTER TABLE "venta" ADD CONSTRAINT "venta_metodo_pago_check"
    CHECK ("metodo_pago" IN ('Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito', 'Fiado', 'Mixto'));
-- A customer is named by a sale on credit, whole or in part.
ALTER TABLE "venta" DROP CONSTRAINT "venta_fiado_cliente_check";
ALTER TABLE "venta" ADD CONSTRAINT "venta_fiado_cliente_check"
    CHECK (("metodo_pago" <> 'Fiado' OR "id_cliente" IS NOT NULL) AND ("id_cliente" IS NULL OR "metodo_pago" IN ('Fiado', 'Mixto')));
-- The split sales of a shop by date: the analytics add their parts by method (few rows).
CREATE INDEX "venta_mixto_idx" ON "venta" ("id_minimarket", "fecha_venta") WHERE "metodo_pago" = 'Mixto';

ALTER TABLE "devolucion" DROP CONSTRAINT IF EXISTS "devolucion_metodo_pago_check";
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_metodo_pago_check"
    CHECK ("metodo_pago" IN ('Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito', 'Fiado', 'Mixto'));

CREATE TABLE "pago_venta" (
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    "id_venta" INTEGER NOT NULL REFERENCES "venta" ("id_venta") ON DELETE CASCADE,
    "metodo_pago" TEXT NOT NULL CHECK ("metodo_pago" IN ('Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito', 'Fiado')),
    "monto" INTEGER NOT NULL CHECK ("monto" > 0),
    CONSTRAINT "pago_venta_pkey" PRIMARY KEY ("id_minimarket", "id_venta", "metodo_pago")
);
CREATE INDEX "pago_venta_venta_idx" ON "pago_venta" ("id_venta");

CREATE TABLE "devolucion_pago" (
    "id_minimarket" INTEGER NOT NULL,
    "id_devolucion" INTEGER NOT NULL,
    "metodo_pago" TEXT NOT NULL CHECK ("metodo_pago" IN ('Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito', 'Fiado')),
    "monto" INTEGER NOT NULL CHECK ("monto" > 0),
    CONSTRAINT "devolucion_pago_pkey" PRIMARY KEY ("id_minimarket", "id_devolucion", "metodo_pago"),
    CONSTRAINT "devolucion_pago_devolucion_fkey" FOREIGN KEY ("id_minimarket", "id_devolucion")
        REFERENCES "devolucion" ("id_minimarket", "id_devolucion") ON DELETE CASCADE ON UPDATE NO ACTION
);
