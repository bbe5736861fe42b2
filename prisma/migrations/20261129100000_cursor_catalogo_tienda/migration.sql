-- The offline catalogue's cursor comes from the shop itself (issue 24, docs/offline.md, docs/escalar.md).
-- Until now each product and customer row carried the id of the transaction that wrote it and a read
-- answered its snapshot's xmin as the cursor. On Citus a shop's rows live on a worker whose transaction
-- ids have nothing to do with the coordinator's, and a shard can move to another node: the cursor has to
-- travel with the shop's rows.
--
-- version_catalogo holds each shop's catalogue version. The trigger in
-- prisma/funciones/marcar_version_cambio.sql bumps it once per transaction (INSERT … ON CONFLICT DO
-- UPDATE … RETURNING) and stamps the rows with it; the row stays locked until the transaction ends, so
-- within a shop versions are given in commit order (modules/productos/catalogo.ts explains the read).
-- A shop-owned table (apps/api/src/db/reglas-citus.ts): distributed by id_minimarket with the others.
CREATE TABLE "version_catalogo" (
    "id_minimarket" INTEGER NOT NULL,
    "version" BIGINT NOT NULL,

    CONSTRAINT "version_catalogo_pkey" PRIMARY KEY ("id_minimarket")
);
ALTER TABLE "version_catalogo" ADD CONSTRAINT "version_catalogo_id_minimarket_fkey"
    FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;

-- Devices already hold xid cursors (the xmin of a snapshot taken before this migration, so at most
-- this transaction's id). Every shop's version starts above that id and above any stamp already
-- given, so the first stamp given from now on is larger than any cursor a device holds: an old
-- cursor still brings every later change (and the rows it had not seen yet). 2^32 above, not just
-- above: in a rolling deploy a replica still running the old code keeps answering xid cursors for a
-- while after this commits, and those stay below the versions unless four billion transactions run
-- meanwhile (versions are 64-bit: the margin costs nothing). test/catalogo.test.ts runs this
-- statement again for a shop to show it.
INSERT INTO "version_catalogo" ("id_minimarket", "version")
SELECT m."id_minimarket",
       greatest(pg_current_xact_id()::text::bigint + 4294967296,
                (SELECT max(p."version_cambio") FROM "producto" p WHERE p."id_minimarket" = m."id_minimarket"),
                (SELECT max(c."version_cambio") FROM "cliente" c WHERE c."id_minimarket" = m."id_minimarket"))
FROM "minimarket" m
ON CONFLICT ("id_minimarket") DO NOTHING;
