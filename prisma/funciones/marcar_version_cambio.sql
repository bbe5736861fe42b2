-- Stamps a product or customer row with the id of the transaction writing it (64 bits, never wraps):
-- the catalogue's "what changed since" (issue #22, modules/productos/catalogo.ts). The triggers live
-- here with their function, so re-applying this file (which drops the function with CASCADE) makes
-- them again.
CREATE FUNCTION marcar_version_cambio() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW.version_cambio := pg_current_xact_id()::text::bigint;
    RETURN NEW;
END;
$$;

CREATE TRIGGER producto_version_cambio BEFORE INSERT OR UPDATE ON producto
    FOR EACH ROW EXECUTE FUNCTION marcar_version_cambio();
CREATE TRIGGER cliente_version_cambio BEFORE INSERT OR UPDATE ON cliente
    FOR EACH ROW EXECUTE FUNCTION marcar_version_cambio();
