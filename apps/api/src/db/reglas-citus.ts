// The rules that let the data be distributed by shop with Citus (issue 24, docs/escalar.md), read
// from the live catalogue so a new table or constraint cannot slip past them:
//
// - A shop-owned table is one with an `id_minimarket` column: it is distributed by that column, so
//   its primary key, every unique constraint (and unique index) and every foreign key to another
//   shop-owned table include `id_minimarket` (Citus enforces uniqueness and references only within
//   one shop's shard, colocated); a reference has the type of what it references.
// - Ids that grow without bound (a sequence or identity default) are 64-bit (IDS_ACOTADOS: the two
//   that count shops and people, not events, and stay 32-bit on purpose).
// - Every other table is shared and has a declared role (TABLAS_COMPARTIDAS): 'referencia' (copied to
//   every node: shop tables may reference it) or 'coordinador' (lives on the coordinator only: no
//   shop table may reference it).
// - A SQL function that reads or writes a shop table filters by the shop (`id_minimarket`) unless it
//   is declared global with its reason (FUNCIONES_GLOBALES): on Citus such a statement would fan out
//   to every node.
import type pg from 'pg';

export type RolCompartida = 'referencia' | 'coordinador';

/** Tables without `id_minimarket`, each with its role on a Citus cluster and why. */
export const TABLAS_COMPARTIDAS: Record<string, { rol: RolCompartida; porque: string }> = {
  minimarket: { rol: 'referencia', porque: 'la lista de tiendas: toda tabla de una tienda la referencia' },
  usuario: { rol: 'referencia', porque: 'quién vendió, anuló o escribió: las tablas de una tienda lo referencian' },
  token_restablecimiento: { rol: 'coordinador', porque: 'recuperación de contraseña, por usuario' },
  token_revocado: { rol: 'coordinador', porque: 'sesiones cerradas, por usuario' },
  limite_intento: { rol: 'coordinador', porque: 'límites de intentos por correo y dirección' },
  estado_sistema: { rol: 'coordinador', porque: 'marcas del sistema (datos de demostración)' },
  ticket_eventos: { rol: 'coordinador', porque: 'tickets de un flujo de soporte en vivo, por usuario' },
  _prisma_migrations: { rol: 'coordinador', porque: 'el registro de migraciones' },
  _funciones_sql: { rol: 'coordinador', porque: 'el registro de funciones y vistas aplicadas' },
};

/**
 * Ids from a sequence that stay 32-bit on purpose, and why: they count shops and people, not sales or
 * lines, and 2,147,483,647 of either is out of reach.
 */
export const IDS_ACOTADOS: Record<string, string> = {
  'minimarket.id_minimarket':
    'cuenta tiendas; es además la columna de distribución, del mismo tipo en cada tabla de una tienda (Citus las coloca juntas por ella)',
  'usuario.id_usuario': 'cuenta personas (dueños y administradores), una por cuenta creada',
};

/** SQL functions that touch shop tables across shops on purpose, and why. */
export const FUNCIONES_GLOBALES: Record<string, string> = {
  marcar_version_cambio: 'disparador: escribe la fila que se está escribiendo, ya de una tienda',
};

export interface Violacion {
  regla:
    | 'clave_primaria'
    | 'unica'
    | 'clave_foranea'
    | 'tipo_foraneo'
    | 'id_32_bits'
    | 'tabla_sin_rol'
    | 'referencia_a_coordinador'
    | 'funcion_sin_tienda';
  objeto: string;
  detalle: string;
}

/** Every violation of the rules in the connected database's public schema. */
export async function violacionesCitus(client: pg.Client | pg.PoolClient): Promise<Violacion[]> {
  const violaciones: Violacion[] = [];
  const { rows: tablas } = await client.query<{ tabla: string; de_tienda: boolean }>(`
    SELECT c.relname AS tabla,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'id_minimarket' AND NOT a.attisdropped) AS de_tienda
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY 1`);
  const deTienda = new Set(tablas.filter((t) => t.de_tienda && t.tabla !== 'minimarket').map((t) => t.tabla));

  for (const t of tablas) {
    if (deTienda.has(t.tabla)) continue;
    if (!TABLAS_COMPARTIDAS[t.tabla]) {
      violaciones.push({ regla: 'tabla_sin_rol', objeto: t.tabla, detalle: 'sin id_minimarket y sin rol en TABLAS_COMPARTIDAS' });
    }
  }

  // Primary keys, unique constraints and unique indexes: their columns.
  const { rows: unicas } = await client.query<{ tabla: string; nombre: string; primaria: boolean; columnas: string[] }>(`
    SELECT t.relname AS tabla, i.relname AS nombre, x.indisprimary AS primaria,
           array(SELECT a.attname FROM unnest(x.indkey) k JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k)::text[] AS columnas
    FROM pg_index x
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND x.indisunique ORDER BY 1, 2`);
  for (const u of unicas) {
    if (!deTienda.has(u.tabla) || u.columnas.includes('id_minimarket')) continue;
    violaciones.push({
      regla: u.primaria ? 'clave_primaria' : 'unica',
      objeto: `${u.tabla}.${u.nombre}`,
      detalle: `(${u.columnas.join(', ')}) sin id_minimarket`,
    });
  }
  for (const t of deTienda) {
    if (!unicas.some((u) => u.tabla === t && u.primaria)) {
      violaciones.push({ regla: 'clave_primaria', objeto: t, detalle: 'sin clave primaria' });
    }
  }

  // Foreign keys: between shop tables they carry the shop; to shared tables only reference ones.
  const { rows: foraneas } = await client.query<{
    tabla: string;
    nombre: string;
    destino: string;
    columnas: string[];
    mismo_tipo: boolean;
  }>(`
    SELECT t.relname AS tabla, c.conname AS nombre, d.relname AS destino,
           array(SELECT a.attname FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k)::text[] AS columnas,
           NOT EXISTS (SELECT 1 FROM unnest(c.conkey, c.confkey) AS par(de, a)
                       JOIN pg_attribute x ON x.attrelid = c.conrelid AND x.attnum = par.de
                       JOIN pg_attribute y ON y.attrelid = c.confrelid AND y.attnum = par.a
                       WHERE x.atttypid <> y.atttypid) AS mismo_tipo
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_class d ON d.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public' AND c.contype = 'f' ORDER BY 1, 2`);
  for (const f of foraneas) {
    if (!deTienda.has(f.tabla)) continue;
    if (deTienda.has(f.destino) && !f.columnas.includes('id_minimarket')) {
      violaciones.push({
        regla: 'clave_foranea',
        objeto: `${f.tabla}.${f.nombre}`,
        detalle: `(${f.columnas.join(', ')}) → ${f.destino} sin id_minimarket`,
      });
    }
    // A reference names its row with the referenced column's own type (a 32-bit column pointing at a
    // 64-bit id would stop at 2,147,483,647; colocated joins want the same type on both sides).
    if (!f.mismo_tipo) {
      violaciones.push({
        regla: 'tipo_foraneo',
        objeto: `${f.tabla}.${f.nombre}`,
        detalle: `(${f.columnas.join(', ')}) de otro tipo que ${f.destino}`,
      });
    }
    if (TABLAS_COMPARTIDAS[f.destino]?.rol === 'coordinador') {
      violaciones.push({ regla: 'referencia_a_coordinador', objeto: `${f.tabla}.${f.nombre}`, detalle: `→ ${f.destino}` });
    }
  }

  // Ids from a sequence or an identity: 64-bit.
  const { rows: ids } = await client.query<{ tabla: string; columna: string; tipo: string }>(`
    SELECT c.table_name AS tabla, c.column_name AS columna, c.data_type AS tipo
    FROM information_schema.columns c
    WHERE c.table_schema = 'public' AND (c.column_default LIKE 'nextval(%' OR c.is_identity = 'YES') AND c.data_type <> 'bigint'
    ORDER BY 1, 2`);
  for (const i of ids.filter((i) => !IDS_ACOTADOS[`${i.tabla}.${i.columna}`]))
    violaciones.push({ regla: 'id_32_bits', objeto: `${i.tabla}.${i.columna}`, detalle: `${i.tipo}, no bigint` });

  // SQL functions that name a shop table and never the shop.
  const { rows: funciones } = await client.query<{ nombre: string; cuerpo: string }>(`
    SELECT p.proname AS nombre, p.prosrc AS cuerpo
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public' AND p.prolang IN (SELECT oid FROM pg_language WHERE lanname IN ('sql', 'plpgsql'))
    ORDER BY 1`);
  for (const f of funciones) {
    if (FUNCIONES_GLOBALES[f.nombre]) continue;
    const cuerpo = f.cuerpo.replace(/--[^\n]*/g, '');
    const nombradas = [...deTienda].filter((t) => new RegExp(`\\b${t}\\b`).test(cuerpo));
    if (nombradas.length > 0 && !/\bid_minimarket\b/.test(cuerpo)) {
      violaciones.push({
        regla: 'funcion_sin_tienda',
        objeto: f.nombre,
        detalle: `usa ${nombradas.join(', ')} sin filtrar por id_minimarket`,
      });
    }
  }
  return violaciones;
}
