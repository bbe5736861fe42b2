-- La libreta de papel, pasada una vez (issue #21, docs/fiado.md «Importar la libreta»): what a
-- customer already owed when the shop started using the app, and since when. It is a cargo of the
-- view cuenta_cliente (tipo 'saldo_inicial', prisma/funciones), never edited afterwards: an abono
-- lowers it like any purchase.
ALTER TABLE "cliente" ADD COLUMN "saldo_inicial" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "cliente" ADD CONSTRAINT "cliente_saldo_inicial_check" CHECK ("saldo_inicial" >= 0);
-- The oldest unpaid purchase of the paper notebook; null: the customer's fecha_creacion.
ALTER TABLE "cliente" ADD COLUMN "saldo_inicial_desde" TIMESTAMPTZ(3);

-- A third kind of upload: the shop's customers (la libreta) with their opening balance.
ALTER TABLE "archivo_carga" DROP CONSTRAINT "archivo_carga_tipo_check";
ALTER TABLE "archivo_carga" ADD CONSTRAINT "archivo_carga_tipo_check" CHECK ("tipo_archivo" IN ('productos', 'ventas', 'clientes'));
