-- The customer of a sale on credit, for its operation to check (registrar_venta,
-- sincronizar_venta_offline; la libreta, docs/fiado.md): its row locked first (every fiado sale and
-- abono of a customer takes it first, so they take turns and no deadlock with the products' locks is
-- possible), then its balance from the one definition (the view cuenta_cliente). A customer that is
-- not the shop's refuses the sale: CLIENT_NOT_FOUND.
CREATE FUNCTION cliente_para_fiado(
    p_minimarket INTEGER,
    p_id_cliente BIGINT,
    OUT nombre TEXT,
    OUT activo BOOLEAN,
    OUT limite_credito INTEGER,
    OUT saldo BIGINT
)
LANGUAGE plpgsql AS $$
BEGIN
    SELECT c.nombre, c.activo, c.limite_credito INTO nombre, activo, limite_credito FROM cliente c
    WHERE c.id_minimarket = p_minimarket AND c.id_cliente = p_id_cliente
    FOR UPDATE;
    IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'MM006', MESSAGE = jsonb_build_object('code', 'CLIENT_NOT_FOUND')::text;
    END IF;
    SELECT coalesce(sum(cc.cargo - cc.abono), 0) INTO saldo FROM cuenta_cliente cc
    WHERE cc.id_minimarket = p_minimarket AND cc.id_cliente = p_id_cliente;
END;
$$;
