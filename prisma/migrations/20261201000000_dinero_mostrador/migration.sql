-- Money at the counter, right to the law and to the label (issue 32, docs/pagos.md): cash rounding
-- (Ley 20.956), a price label charged its printed amount, discounts stored per line, the loose sale
-- with no product, and a product sold by the kilo with its PLU and no barcode.

-- Cash rounding: what the rounding of the cash part added (+) or took (−), −5 to +4 pesos; the total
-- stays the exact sum of the lines (the boleta's). A refund in cash is rounded the same way.
ALTER TABLE "venta" ADD COLUMN "redondeo" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "venta" ADD CONSTRAINT "venta_redondeo_check" CHECK ("redondeo" BETWEEN -5 AND 4);
ALTER TABLE "devolucion" ADD COLUMN "redondeo" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "devolucion" ADD CONSTRAINT "devolucion_redondeo_check" CHECK ("redondeo" BETWEEN -5 AND 4);

-- Discounts: each line keeps its own (a line's, and its share of one on the whole cart), so a return
-- refunds what was paid for the units that come back. The sale keeps why (required with a discount).
ALTER TABLE "detalle_venta" ADD COLUMN "descuento" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_descuento_check" CHECK ("descuento" >= 0 AND ("descuento" = 0 OR "subtotal" > 0));
ALTER TABLE "venta" ADD COLUMN "motivo_descuento" TEXT;
ALTER TABLE "venta" ADD CONSTRAINT "venta_motivo_descuento_check" CHECK (char_length("motivo_descuento") BETWEEN 1 AND 200);
-- What a cashier may discount without the owner's PIN, in percent of the cart (docs/cajeros.md).
ALTER TABLE "minimarket" ADD COLUMN "descuento_maximo_pct" INTEGER NOT NULL DEFAULT 10;
ALTER TABLE "minimarket" ADD CONSTRAINT "minimarket_descuento_maximo_pct_check" CHECK ("descuento_maximo_pct" BETWEEN 0 AND 100);

-- A line scanned from a price label: its 13 digits. It is charged the label's printed amount (checked
-- by the sale against the label), its grams derived for the stock; so its subtotal is not the price per
-- kilo times the grams.
ALTER TABLE "detalle_venta" ADD COLUMN "codigo_etiqueta" TEXT;
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_codigo_etiqueta_check" CHECK ("codigo_etiqueta" ~ '^[0-9]{8,20}$');
ALTER TABLE "detalle_venta" DROP CONSTRAINT "detalle_venta_subtotal_check";
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_subtotal_check" CHECK (
    "codigo_etiqueta" IS NOT NULL
    OR "subtotal" + "descuento" = CASE "unidad"
        WHEN 'kg' THEN ("precio_unitario"::bigint * "num_unidades" + 500) / 1000
        ELSE "precio_unitario"::bigint * "num_unidades" END);

-- The loose sale ("venta libre"): a line with no product ("Varios", a bag), one unit at its amount,
-- no stock moved.
ALTER TABLE "detalle_venta" ALTER COLUMN "id_producto" DROP NOT NULL;
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_venta_libre_check" CHECK (
    "id_producto" IS NOT NULL OR ("unidad" = 'unidad' AND "num_unidades" = 1 AND "codigo_etiqueta" IS NULL));

-- A product sold by the kilo needs a PLU or a barcode, not both (jamón, bread and vegetables have
-- only their PLU).
ALTER TABLE "producto" ALTER COLUMN "codigo_barra" DROP NOT NULL;
ALTER TABLE "producto" ADD CONSTRAINT "producto_codigo_check" CHECK (
    "codigo_barra" IS NOT NULL OR ("unidad" = 'kg' AND "codigo_plu" IS NOT NULL));

-- An offline sale's discount past the cashier's cap is flagged too (docs/offline.md «El rastro»).
ALTER TABLE "venta" DROP CONSTRAINT "venta_alertas_check";
ALTER TABLE "venta" ADD CONSTRAINT "venta_alertas_check" CHECK (
    "alertas" <@ ARRAY['precio_desconocido', 'fecha_anterior_al_contacto', 'fiado_sobre_limite', 'sin_stock',
                       'descuento_sobre_tope']::text[]);

-- Quick keys of Nueva venta (issue 32): the products the owner put on the till's grid, in order (bread,
-- what has no barcode). None set: the till shows the shop's most sold products.
CREATE TABLE "tecla_rapida" (
    "id_minimarket" INTEGER NOT NULL,
    "posicion" INTEGER NOT NULL,
    "id_producto" BIGINT NOT NULL,
    CONSTRAINT "tecla_rapida_pkey" PRIMARY KEY ("id_minimarket", "posicion"),
    CONSTRAINT "tecla_rapida_posicion_check" CHECK ("posicion" BETWEEN 0 AND 23),
    CONSTRAINT "tecla_rapida_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    CONSTRAINT "tecla_rapida_producto_fkey" FOREIGN KEY ("id_minimarket", "id_producto")
        REFERENCES "producto" ("id_minimarket", "id_producto") ON DELETE CASCADE
);
