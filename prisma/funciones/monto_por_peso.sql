-- The amount of a weight (docs/granel.md, "El redondeo"): price per kilo × grams / 1000 to the
-- nearest peso, half a peso going up, in integers. The SQL form of the contracts' montoPorPeso
-- (granel.ts), for the statements that price lines in the database (each line of a sale,
-- registrar_venta.sql; an imported sales file, imports/aplicar-ventas.ts): for values >= 0, (p × g + 500) / 1000 truncated is the same
-- rounding, and test/cargas-granel.test.ts checks both agree on the rounding table.
CREATE FUNCTION monto_por_peso(precio_por_kilo bigint, gramos bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
-- A quoted body (not SQL-standard RETURN): nothing depends on it, so migrate.ts can drop and
-- recreate it when this file changes; a simple SQL function is inlined by the planner anyway.
AS $$ SELECT ($1 * $2 + 500) / 1000 $$;
