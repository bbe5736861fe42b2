-- A document issued by the local stand-in of the boleta provider (issue 31, docs/boleta.md «El
-- simulador»): its folio and timbre look like SII's and are not. Set by the worker when the stand-in
-- issues it (apps/api/src/modules/boletas/emisor.ts); the receipt and the Boletas screen print
-- «DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII» across it.
ALTER TABLE "documento_dte" ADD COLUMN "de_prueba" BOOLEAN NOT NULL DEFAULT false;

-- The documents issued before this column: the stand-in's timbre carries its fake CAF, folios
-- 1 to 1.000.000 under key id 100 (RANGO_CAF in apps/api/src/modules/dte/simulador.ts). No CAF of
-- SII spans a million folios, so that range marks exactly the stand-in's documents, also those of a
-- shop that has moved to OpenFactura since.
UPDATE "documento_dte" SET "de_prueba" = true
WHERE "folio" IS NOT NULL AND "ted" LIKE '%<RNG><D>1</D><H>1000000</H></RNG>%<IDK>100</IDK>%';
