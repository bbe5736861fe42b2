-- The issuer's economic activity code (Acteco) in the electronic boleta's settings (issue 32,
-- docs/boleta.md «Acteco»). SII's general DTE format (DTE_v10.xsd, Emisor/Acteco: positiveInteger,
-- totalDigits 6) requires it in every nota de crédito (61), and OpenFactura refuses a 61 without it;
-- boletas (39/41) do not carry it. PUT /api/boletas/emisor asks for it to issue.
--
-- Shops configured before this have none (NULL): their boletas keep going out, and their notas de
-- crédito wait in the outbox with a reason the owner reads on the Boletas screen until the owner sets
-- it; then they go out by themselves with their own Idempotency-Key (apps/api/src/modules/boletas/emisor.ts).
ALTER TABLE "emisor_dte" ADD COLUMN "acteco" INTEGER;
ALTER TABLE "emisor_dte" ADD CONSTRAINT "emisor_dte_acteco_check" CHECK ("acteco" BETWEEN 1 AND 999999);
