// La libreta (issue #21, docs/fiado.md «Importar la libreta»), set-based from the staging table:
// a customer is one person of the shop, so a row that names someone already there is skipped,
// never a second copy (uploading the same file twice loads nothing new). The same person is the
// same RUT, or the same name (case, accents and spaces aside) where one of the two has no RUT. A
// repeat further down the file is a rejected row with its reason; someone already in the shop is
// counted as skipped, named in the result, with their row left as it is in the shop.
import type pg from 'pg';
import { candadoCargaClientes, crearClientesDesdeStaging } from '../data/cliente.js';

export const SQL_STG_CLIENTE = `
CREATE TEMP TABLE stg_cliente (
  fila                integer PRIMARY KEY,
  nombre              text,
  rut                 text,
  telefono            text,
  direccion           text,
  limite_credito      integer,
  saldo_inicial       integer,
  saldo_inicial_desde text,
  notas               text,
  errores             jsonb,
  celdas              text NOT NULL,
  -- The name as compared: folded like cliente.nombre_busqueda, runs of spaces as one.
  nombre_comparado    text GENERATED ALWAYS AS (regexp_replace(texto_busqueda(nombre), '\\s+', ' ', 'g')) STORED,
  -- Why the row was skipped: the customer is already in the shop (not an error of the row).
  omitido             text
) ON COMMIT DROP`;

/** s.rut '12345678-5' as people read it, '12.345.678-5' (contracts' formatRut). */
const SQL_RUT_LEGIBLE = `reverse(regexp_replace(reverse(split_part(s.rut, '-', 1)), '(\\d{3})(?=\\d)', '\\1.', 'g')) || '-' || split_part(s.rut, '-', 2)`;

/** The result names at most this many skipped customers (the count is the real one). */
export const MAX_OMITIDOS_NOMBRADOS = 10;

export interface OmitidoPorDuplicado {
  fila: number;
  nombre: string;
  /** What made it the same customer: its RUT, or its name. */
  por: 'rut' | 'nombre';
}

export interface ConteoClientes {
  cargados: number;
  omitidos: number;
  /** Pesos of opening balance the new customers carry. */
  saldoInicial: number;
  /** The first skipped rows, in file order. */
  omitidosNombrados: OmitidoPorDuplicado[];
}

export async function aplicarClientes(client: pg.Client, p: { idMinimarket: number }): Promise<ConteoClientes> {
  // Two notebook imports of one shop take turns (data/cliente.ts).
  await candadoCargaClientes(client, p.idMinimarket);
  await client.query('ANALYZE stg_cliente');
  await rechazarRepetidosDelArchivo(client);

  // Already in the shop (active or not): skipped, with the reason.
  await client.query(
    `UPDATE stg_cliente s
     SET omitido = CASE WHEN c.rut = s.rut THEN 'rut' ELSE 'nombre' END
     FROM cliente c
     WHERE c.id_minimarket = $1 AND s.errores IS NULL
       AND (c.rut = s.rut
            OR (regexp_replace(c.nombre_busqueda, '\\s+', ' ', 'g') = s.nombre_comparado AND (c.rut IS NULL OR s.rut IS NULL)))`,
    [p.idMinimarket],
  );

  const { creados, saldoInicial } = await crearClientesDesdeStaging(client, 'stg_cliente', p.idMinimarket);
  const { rows } = await client.query<{ validas: number; nombrados: OmitidoPorDuplicado[] | null }>(
    `SELECT count(*) FILTER (WHERE errores IS NULL)::int AS validas,
            (SELECT jsonb_agg(jsonb_build_object('fila', o.fila, 'nombre', o.nombre, 'por', o.omitido) ORDER BY o.fila)
             FROM (SELECT fila, nombre, omitido FROM stg_cliente WHERE errores IS NULL AND omitido IS NOT NULL ORDER BY fila LIMIT $1) o) AS nombrados
     FROM stg_cliente`,
    [MAX_OMITIDOS_NOMBRADOS],
  );
  const validas = rows[0]?.validas ?? 0;
  return {
    cargados: creados,
    // Skipped: those already in the shop, and any whose RUT another upload took meanwhile.
    omitidos: validas - creados,
    saldoInicial,
    omitidosNombrados: rows[0]?.nombrados ?? [],
  };
}

/**
 * A person named twice in the file: the first valid row keeps them, a later one with the same RUT,
 * or the same name where one of the two has no RUT, is rejected naming the row it repeats.
 * Windows over the file (never row against row), so a large file costs a sort, not a square.
 */
async function rechazarRepetidosDelArchivo(client: pg.Client) {
  await client.query(`
    WITH anteriores AS (
      SELECT fila,
             min(fila) OVER (PARTITION BY rut ORDER BY fila ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS por_rut,
             min(fila) FILTER (WHERE rut IS NULL)
               OVER (PARTITION BY nombre_comparado ORDER BY fila ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS por_nombre_sin_rut,
             min(fila) OVER (PARTITION BY nombre_comparado ORDER BY fila ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS por_nombre
      FROM stg_cliente WHERE errores IS NULL
    ), repetidas AS (
      SELECT a.fila,
             CASE WHEN s.rut IS NOT NULL AND a.por_rut IS NOT NULL THEN 'rut' ELSE 'nombre' END AS campo,
             coalesce(CASE WHEN s.rut IS NOT NULL THEN a.por_rut END,
                      CASE WHEN s.rut IS NULL THEN a.por_nombre ELSE a.por_nombre_sin_rut END) AS primera
      FROM anteriores a JOIN stg_cliente s USING (fila)
    )
    UPDATE stg_cliente s
    SET errores = jsonb_build_array(jsonb_build_object(
      'campo', r.campo,
      'mensaje', CASE r.campo
        WHEN 'rut' THEN format('El RUT %s ya aparece en la fila %s del archivo; se omitió esta fila.', ${SQL_RUT_LEGIBLE}, r.primera)
        ELSE format('«%s» ya aparece en la fila %s del archivo; se omitió esta fila.', s.nombre, r.primera) END))
    FROM repetidas r
    WHERE s.fila = r.fila AND r.primera IS NOT NULL`);
}
