-- Stamps a product or customer row with its shop's catalogue version: the catalogue's "what changed
-- since" (issue #22, modules/productos/catalogo.ts; per shop since issue 24, docs/escalar.md). The
-- triggers live here with their function, so re-applying this file (which drops the function with
-- CASCADE) makes them again.
--
-- Once per transaction and shop: the first write bumps version_catalogo (its row created for a shop
-- that has none yet) and keeps the row locked until the transaction ends; every later row of the
-- same transaction and shop gets the same version, remembered in a transaction-local setting. So an
-- import of 100,000 products updates the counter once, not 100,000 times (a row updated again and
-- again in one transaction leaves a chain of versions every update has to walk). A savepoint rolled
-- back takes its bump and the setting back together, so the next write bumps again.
--
-- Lock order (docs/offline.md): the counter is taken after the row being written is locked, so a
-- transaction that writes several products or customers locks them all first, in id order
-- (registrar_venta, devolverUnidades in data/producto.ts), and takes nothing else of the shop's
-- catalogue afterwards.
CREATE FUNCTION marcar_version_cambio() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    v_clave TEXT := 'version_catalogo.t' || NEW.id_minimarket;
    v_version BIGINT := nullif(current_setting(v_clave, true), '')::bigint;
BEGIN
    IF v_version IS NULL THEN
        INSERT INTO version_catalogo AS v (id_minimarket, version) VALUES (NEW.id_minimarket, 1)
        ON CONFLICT (id_minimarket) DO UPDATE SET version = v.version + 1
        RETURNING v.version INTO v_version;
        PERFORM set_config(v_clave, v_version::text, true);
    END IF;
    NEW.version_cambio := v_version;
    RETURN NEW;
END;
$$;

CREATE TRIGGER producto_version_cambio BEFORE INSERT OR UPDATE ON producto
    FOR EACH ROW EXECUTE FUNCTION marcar_version_cambio();
CREATE TRIGGER cliente_version_cambio BEFORE INSERT OR UPDATE ON cliente
    FOR EACH ROW EXECUTE FUNCTION marcar_version_cambio();
