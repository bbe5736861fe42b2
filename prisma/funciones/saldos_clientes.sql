-- Each customer of a shop who owes something, with what they owe and the oldest purchase not yet
-- paid (la libreta, docs/fiado.md): read from the view cuenta_cliente, the one definition of a
-- balance. Credits (returns, voids, abonos) settle purchases oldest first, so the oldest unpaid
-- purchase is the first whose running sum passes everything credited (the same rule as the list of
-- customers, GET /api/clientes). Used by cuentas por cobrar (analytics, Inicio), Badito and the
-- overdue notice. A SQL function, not a view: cuenta_cliente can then be replaced on its own.
-- The opening balance of the paper notebook (tipo 'saldo_inicial') is a purchase here: owed since
-- its date, settled first when it is the oldest.
CREATE FUNCTION saldos_clientes(p_id_minimarket integer)
RETURNS TABLE (id_cliente bigint, saldo bigint, compra_impaga_desde timestamptz)
LANGUAGE sql STABLE AS $$
  WITH cuenta AS (
    SELECT c.id_cliente, sum(c.cargo - c.abono)::bigint AS saldo, sum(c.abono) AS creditos
    FROM cuenta_cliente c WHERE c.id_minimarket = p_id_minimarket GROUP BY c.id_cliente
  ), compras AS (
    SELECT c.id_cliente, c.fecha,
           sum(c.cargo) OVER (PARTITION BY c.id_cliente ORDER BY c.fecha, c.id_venta NULLS FIRST) AS acumulado
    FROM cuenta_cliente c WHERE c.id_minimarket = p_id_minimarket AND c.tipo IN ('compra', 'saldo_inicial')
  )
  SELECT cu.id_cliente, cu.saldo,
         (SELECT min(co.fecha) FROM compras co WHERE co.id_cliente = cu.id_cliente AND co.acumulado > cu.creditos)
  FROM cuenta cu
  WHERE cu.saldo <> 0
$$;
