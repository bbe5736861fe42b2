-- Each shop numbers its own cash shifts 1, 2, 3… (issue 32): the first shift of a new shop read
-- «Turno N° 5», the global id shared by every shop. The id stays the key (URLs, foreign keys);
-- numero_turno is what a person reads: in CAJA, the X report, the close, the closed shifts and the
-- printed report.
--
-- The next number is taken when the shift opens, inside its INSERT (data/turno-caja.ts abrirTurno):
-- the shop's highest number plus one. No counter table, unlike contador_venta: a shop has at most one
-- open shift (turno_caja_abierto_unico), so two openings of a shop never both succeed. If two race,
-- both read the same highest number; the second waits on the unique index below until the first
-- commits and is then refused (409, "Ya hay un turno de caja abierto"), which is what it is. An
-- opening that rolls back gives its number back: no gaps.

ALTER TABLE "turno_caja" ADD COLUMN "numero_turno" INTEGER;

-- The shifts so far, numbered per shop in the order they were opened.
UPDATE "turno_caja" t SET "numero_turno" = n.numero
FROM (
    SELECT id_minimarket, id_turno, row_number() OVER (PARTITION BY id_minimarket ORDER BY abierto_en, id_turno)::int AS numero
    FROM "turno_caja"
) n
WHERE t.id_minimarket = n.id_minimarket AND t.id_turno = n.id_turno;

ALTER TABLE "turno_caja" ALTER COLUMN "numero_turno" SET NOT NULL;

CREATE UNIQUE INDEX "turno_caja_id_minimarket_numero_turno_key" ON "turno_caja"("id_minimarket", "numero_turno");
