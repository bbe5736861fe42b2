-- A kg line's subtotal is not price × quantity (issue #20, docs/granel.md): its num_unidades are
-- grams and its precio_unitario is per kilo, so its subtotal is the price of those grams to the
-- nearest peso, half up (the contracts' montoPorPeso; prisma/funciones/monto_por_peso.sql is its
-- SQL form, written out here because a CHECK is made before the function files are applied).
-- A unit line keeps the rule it always had.
ALTER TABLE "detalle_venta" DROP CONSTRAINT "detalle_venta_subtotal_check";
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_subtotal_check" CHECK (
    CASE "unidad"
        WHEN 'kg' THEN "subtotal" = ("precio_unitario"::bigint * "num_unidades" + 500) / 1000
        ELSE "subtotal" = "precio_unitario" * "num_unidades"
    END);
