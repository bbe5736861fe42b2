-- Distributes the app's tables by shop on a Citus cluster (issue 24, docs/escalar.md). Run on the
-- coordinator after the app migrated the schema (deploy/citus/docker-compose.yml does). Idempotent:
-- a table already distributed or already a reference table is left alone, so it can run again after
-- a migration that adds a table (add the table below first; apps/api/test/citus.test.ts says which
-- rules it must follow).
--
-- Reviewed against the Citus docs (citus_set_coordinator_host, citus_add_node,
-- create_reference_table, create_distributed_table with colocate_with): see docs/escalar.md for
-- what was checked and what could not be run here.
--
-- Every shop table's primary key and every reference between shop tables carry id_minimarket since
-- migration 20261129000000_clave_tienda (before it, create_distributed_table refused producto, venta
-- and the tables referencing them); apps/api/test/citus.test.ts keeps it so.

\set ON_ERROR_STOP on

-- The cluster: this node is the coordinator, two workers hold the shards.
SELECT citus_set_coordinator_host('coordinator', 5432);
SELECT citus_add_node('worker1', 5432) WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodename = 'worker1');
SELECT citus_add_node('worker2', 5432) WHERE NOT EXISTS (SELECT 1 FROM pg_dist_node WHERE nodename = 'worker2');

CREATE OR REPLACE FUNCTION pg_temp.referencia(tabla regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM citus_tables WHERE table_name = tabla) THEN
        PERFORM create_reference_table(tabla);
    END IF;
END $$;

CREATE OR REPLACE FUNCTION pg_temp.por_tienda(tabla regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM citus_tables WHERE table_name = tabla) THEN
        -- Every shop table in one colocation group, by id_minimarket: a shop's rows of every table
        -- live on the same worker, so its joins, foreign keys and transactions stay on one node.
        PERFORM create_distributed_table(tabla, 'id_minimarket', colocate_with => 'producto');
    END IF;
END $$;

-- Reference tables: copied to every node (shop tables reference them).
SELECT pg_temp.referencia('minimarket');
SELECT pg_temp.referencia('usuario');

-- Coordinator-only tables stay local: token_restablecimiento, token_revocado, limite_intento,
-- estado_sistema, ticket_eventos, _prisma_migrations, _funciones_sql (no shop table references them).

-- Shop tables, each after the tables it references (the first one opens the colocation group).
SELECT create_distributed_table('producto', 'id_minimarket', colocate_with => 'none')
WHERE NOT EXISTS (SELECT 1 FROM citus_tables WHERE table_name = 'producto'::regclass);
SELECT pg_temp.por_tienda(t) FROM unnest(ARRAY[
    'notificacion', 'archivo_carga', 'fila_rechazada', 'trabajo_carga', 'trabajo_carga_parte',
    'resumen_venta_hora', 'resumen_pendiente', 'resumen_categoria_hora', 'resumen_categoria_hora_total',
    'resumen_producto_dia', 'conversacion', 'lectura_conversacion', 'mensaje_soporte',
    'turno_caja', 'movimiento_caja', 'cliente', 'contador_venta', 'version_catalogo', 'emisor_dte', 'abono', 'aviso_fiado',
    'venta', 'devolucion', 'detalle_venta', 'pago_venta', 'devolucion_pago', 'movimiento_stock',
    'documento_dte', 'detalle_devolucion'
]::regclass[]) AS t;

-- The two sale operations (registrar_venta at the counter, sincronizar_venta_offline from a device's
-- outbox) take the shop as their first argument: the coordinator delegates each call to the worker
-- holding that shop's shard (every table they touch, through escribir_venta and the helpers they call,
-- is colocated or a reference table) instead of running their statements one by one from the coordinator.
SELECT create_distributed_function('registrar_venta'::regproc, 'p_minimarket', colocate_with => 'producto');
SELECT create_distributed_function('sincronizar_venta_offline'::regproc, 'p_minimarket', colocate_with => 'producto');
