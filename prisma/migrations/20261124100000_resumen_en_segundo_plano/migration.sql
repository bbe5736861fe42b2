-- The analytics' summaries are summed by a worker outside any request (issue #18), no longer by the
-- reader in its own transaction: a year of imported history made the first read time out. A
-- pending day now keeps when it was last marked: the worker leaves a day alone while sales keep
-- marking it (reads add it from its lines meanwhile), and every mark takes the row's lock
-- (registrar_venta's ON CONFLICT DO UPDATE), so a day is never summed without a sale that is
-- committing. The functions themselves live in prisma/funciones/ from now on, one file each.
ALTER TABLE "resumen_pendiente" ADD COLUMN "marcado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT now();
