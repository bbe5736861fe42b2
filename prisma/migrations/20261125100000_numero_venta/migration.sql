-- Each shop numbers its own sales 1, 2, 3… (issue #19): the owner of a new shop saw "Venta N° 5060"
-- and then "N° 7508", the global id shared by every shop. The global id stays the key (URLs, foreign
-- keys); numero_venta is what a person reads and searches.
--
-- contador_venta holds each shop's last number. registrar_venta takes the next one with
-- INSERT … ON CONFLICT DO UPDATE … RETURNING, inside the sale's transaction: the row stays locked
-- until the sale commits, so two sales of a shop never get the same number, and a sale that rolls
-- back gives its number back (no gaps). Sales of different shops do not wait for each other.
--
-- Sales imported from another system's file keep that system's number (id_venta_csv) and get none
-- here: numbering them would hold the shop's counter for the whole import (one transaction) and
-- stop the counter meanwhile.
CREATE TABLE "contador_venta" (
    "id_minimarket" INTEGER NOT NULL,
    "ultimo" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "contador_venta_pkey" PRIMARY KEY ("id_minimarket")
);
ALTER TABLE "contador_venta" ADD CONSTRAINT "contador_venta_id_minimarket_fkey"
    FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "venta" ADD COLUMN "numero_venta" INTEGER;

-- The sales made so far, numbered in the order they were recorded.
UPDATE "venta" v SET "numero_venta" = n.numero
FROM (
    SELECT id_venta, row_number() OVER (PARTITION BY id_minimarket ORDER BY id_venta)::int AS numero
    FROM "venta" WHERE id_venta_csv IS NULL
) n
WHERE v.id_venta = n.id_venta;

INSERT INTO "contador_venta" ("id_minimarket", "ultimo")
SELECT id_minimarket, max(numero_venta) FROM "venta" WHERE numero_venta IS NOT NULL GROUP BY id_minimarket;

CREATE UNIQUE INDEX "venta_id_minimarket_numero_venta_key" ON "venta"("id_minimarket", "numero_venta");
