-- Cash rounding (Ley 20.956, art. 13; docs/pagos.md «El redondeo del efectivo»): a cash amount paid to
-- the ten, a final digit of 1 to 5 down, 6 to 9 up ($3.145 → $3.140, $3.146 → $3.150). The SQL form of
-- the contracts' redondearEfectivo (redondeo.ts), for the sale that stores its rounding
-- (registrar_venta.sql); test/redondeo.test.ts sells every final digit through it.
CREATE FUNCTION redondear_efectivo(monto bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
-- A quoted body (not SQL-standard RETURN): migrate.ts can drop and recreate it when this file changes.
AS $$ SELECT CASE WHEN $1 % 10 <= 5 THEN $1 - $1 % 10 ELSE $1 + 10 - $1 % 10 END $$;
