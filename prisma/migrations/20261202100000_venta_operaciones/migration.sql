-- A sale is operations, not a flag (issue 33; docs/offline.md «Una venta, dos operaciones»): the
-- counter sale (registrar_venta) and the offline sync (sincronizar_venta_offline) each take their key's
-- lock and keep their refusals themselves, over the core that writes every sale (escribir_venta). The
-- keyed wrapper intentar_venta has no work left: it goes, with its bookkeeping row (prisma/funciones
-- no longer has its file). The new functions come from their files, as every function does.
DROP FUNCTION IF EXISTS intentar_venta(integer, integer, text, text, integer, text, jsonb, integer, bigint, jsonb, text, timestamptz, text, integer, text, jsonb);
DO $$
BEGIN
    IF to_regclass('"_funciones_sql"') IS NOT NULL THEN
        DELETE FROM "_funciones_sql" WHERE nombre = 'intentar_venta';
    END IF;
END $$;
