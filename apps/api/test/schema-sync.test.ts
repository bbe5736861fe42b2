// schema.prisma and the hand-written SQL migrations must describe the same database
// (Prisma's migrate cannot run here, see docs/database.md). This test reads the
// schema with Prisma's own parser (WASM) and compares it with what the migrations
// built: tables, columns, types, nullability, defaults, indexes and foreign keys.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFunciones, listMigrations, migrate } from '../src/db/migrate.js';
import { REPO_ROOT } from '../src/env.js';
import { createTestContext, type TestContext } from './helpers.js';

/** Indexes the SQL adds on purpose that Prisma's schema language cannot express. */
const SQL_ONLY_INDEXES = [
  'producto_nombre_busqueda_trgm_idx',
  'producto_nombre_busqueda_prefijo_idx',
  'usuario_busqueda_trgm_idx',
  'minimarket_busqueda_trgm_idx',
  // Partial (WHERE cerrado_en IS NULL): one open shift per shop; Prisma cannot write a partial index.
  'turno_caja_abierto_unico',
  // Partial (WHERE tipo_ajuste IS NOT NULL): the shop's stock adjustments by date.
  'movimiento_stock_ajustes_idx',
  // Trigram index on the generated nombre_busqueda (search ignoring accents) and the partial index of
  // the sales that name a customer (WHERE id_cliente IS NOT NULL).
  'cliente_nombre_busqueda_trgm_idx',
  'venta_cliente_idx',
  // Partial (WHERE metodo_pago = 'Mixto'): a shop's split sales by date (docs/pagos.md).
  'venta_mixto_idx',
  // On the SQL-only column version_cambio (the offline catalogue's "what changed since").
  'producto_version_cambio_idx',
  'cliente_version_cambio_idx',
  // Partial: one boleta per sale, one nota de crédito per return and per void, the worker's queue (docs/boleta.md).
  'documento_dte_boleta_unica',
  'documento_dte_anulacion_unica',
  'documento_dte_devolucion_unica',
  'documento_dte_cola_idx',
  // Partial, the same rows by shop: the worker takes one shop's due rows at a time (docs/escalar.md).
  'documento_dte_cola_tienda_idx',
  // A shop's audit trail newest first; partial: a product's price changes; the sales set aside (docs/cajeros.md).
  'auditoria_tienda_fecha_idx',
  'auditoria_precio_idx',
  'venta_rechazada_apartadas_idx',
];
/** Id columns: BIGINT in SQL, Int in schema.prisma (read as JavaScript numbers). */
const ID_64_COMO_INT = /^(id_(?!minimarket$|usuario$)\w+|ultimo_leido)$/;
/** From this migration on, functions and views live in prisma/funciones only (docs/database.md). */
const PRIMERA_MIGRACION_CON_FUNCIONES = '20261124100000';
/** Generated columns (written by PostgreSQL only), by table. */
const SQL_ONLY_COLUMNS: Record<string, string[]> = {
  // version_cambio: written by a trigger only (the offline catalogue's "what changed since").
  producto: ['nombre_busqueda', 'version_cambio'],
  usuario: ['busqueda'],
  minimarket: ['busqueda'],
  cliente: ['nombre_busqueda', 'version_cambio'],
};

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'object' | 'enum';
  type: string;
  isRequired: boolean;
  isList: boolean;
  hasDefaultValue: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  fields: { name: string }[];
}

function readDmmf() {
  const require = createRequire(import.meta.url);
  const wasm = require('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };
  const schema = fs.readFileSync(path.join(REPO_ROOT, 'prisma', 'schema.prisma'), 'utf8');
  const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schema]] })));
  return dmmf.datamodel as { models: DmmfModel[]; indexes: DmmfIndex[] };
}

function pgType(f: DmmfField): string {
  // A list (String[]) is a PostgreSQL array; information_schema names every array 'ARRAY'.
  if (f.isList) return 'ARRAY';
  if (f.type === 'DateTime' && f.nativeType?.[0] === 'Date') return 'date';
  if (f.type === 'DateTime') return f.nativeType?.[0] === 'Timestamptz' ? 'timestamp with time zone' : 'timestamp without time zone';
  if (f.type === 'String' && f.nativeType?.[0] === 'Uuid') return 'uuid';
  return (
    { Int: 'integer', String: 'text', Boolean: 'boolean', BigInt: 'bigint', Float: 'double precision', Bytes: 'bytea', Json: 'jsonb' }[
      f.type
    ] ?? f.type
  );
}

const ON_DELETE: Record<string, string> = { a: 'NoAction', r: 'Restrict', c: 'Cascade', n: 'SetNull', d: 'SetDefault' };

let ctx: TestContext;
let client: pg.Client;
const datamodel = readDmmf();
const tableOf = (model: string) => {
  const m = datamodel.models.find((x) => x.name === model)!;
  return m.dbName ?? m.name;
};

beforeAll(async () => {
  ctx = await createTestContext();
  client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await ctx.close();
});

describe('schema.prisma agrees with prisma/migrations', () => {
  it('has the same tables', async () => {
    const { rows } = await client.query<{ table_name: string }>(
      // Bookkeeping of the migrator aside; views are SQL of prisma/funciones, not models.
      `SELECT table_name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('_prisma_migrations', '_funciones_sql')`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(datamodel.models.map((m) => m.dbName ?? m.name).sort());
  });

  it('has the same columns, types, nullability and defaults', async () => {
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>(
      `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
       FROM information_schema.columns c
       JOIN information_schema.tables t USING (table_schema, table_name)
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    );
    for (const model of datamodel.models) {
      const table = model.dbName ?? model.name;
      const expected = model.fields
        .filter((f) => f.kind !== 'object')
        .map((f) => ({
          column: f.dbName ?? f.name,
          type: pgType(f),
          nullable: !f.isRequired,
          hasDefault: f.hasDefaultValue,
        }))
        .sort((a, b) => a.column.localeCompare(b.column));
      const actual = rows
        .filter((r) => r.table_name === table && !SQL_ONLY_COLUMNS[table]?.includes(r.column_name))
        .map((r) => ({
          column: r.column_name,
          // A 64-bit id is declared Int in schema.prisma (a JavaScript number; the note at its top).
          type: r.data_type === 'bigint' && ID_64_COMO_INT.test(r.column_name) ? 'integer' : r.data_type,
          nullable: r.is_nullable === 'YES',
          hasDefault: r.column_default !== null,
        }))
        .sort((a, b) => a.column.localeCompare(b.column));
      expect({ table, columns: actual }).toEqual({ table, columns: expected });
    }
  });

  it('has the same unique and plain indexes', async () => {
    const { rows } = await client.query<{ table: string; index: string; unique: boolean; primary: boolean; columns: string[] }>(`
      SELECT t.relname AS table, i.relname AS index, ix.indisunique AS unique, ix.indisprimary AS primary,
             array_agg(a.attname ORDER BY k.ord)::text[] AS columns
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
      CROSS JOIN LATERAL unnest(ix.indkey) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE t.relname NOT IN ('_prisma_migrations', '_funciones_sql')
      GROUP BY t.relname, i.relname, ix.indisunique, ix.indisprimary`);
    const describe = (table: string, kind: string, columns: string[]) => `${table} ${kind} (${columns.join(', ')})`;
    const actual = rows
      .filter((r) => !SQL_ONLY_INDEXES.includes(r.index))
      .map((r) => describe(r.table, r.primary ? 'id' : r.unique ? 'unique' : 'normal', r.columns))
      .sort();
    const expected = datamodel.indexes
      .map((ix) =>
        describe(
          tableOf(ix.model),
          ix.type,
          ix.fields.map((f) => f.name),
        ),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  it('has the same foreign keys and delete rules', async () => {
    const { rows } = await client.query<{ table: string; columns: string[]; ref_table: string; ref_columns: string[]; on_delete: string }>(`
      SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS ref_table, c.confdeltype AS on_delete,
             ARRAY(SELECT attname FROM unnest(c.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute ON attrelid = c.conrelid AND attnum = k.n ORDER BY o)::text[] AS columns,
             ARRAY(SELECT attname FROM unnest(c.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute ON attrelid = c.confrelid AND attnum = k.n ORDER BY o)::text[] AS ref_columns
      FROM pg_constraint c WHERE c.contype = 'f'`);
    const actual = rows
      .map((r) => `${r.table}(${r.columns.join(',')}) -> ${r.ref_table}(${r.ref_columns.join(',')}) on delete ${ON_DELETE[r.on_delete]}`)
      .sort();
    const expected = datamodel.models
      .flatMap((m) =>
        m.fields
          .filter((f) => f.kind === 'object' && f.relationFromFields && f.relationFromFields.length > 0)
          .map((f) => {
            const onDelete = f.relationOnDelete ?? (f.isRequired ? 'Restrict' : 'SetNull');
            return `${m.dbName ?? m.name}(${f.relationFromFields!.join(',')}) -> ${tableOf(f.type)}(${f.relationToFields!.join(',')}) on delete ${onDelete}`;
          }),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  it('records every migration in _prisma_migrations as prisma migrate deploy does', async () => {
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name',
    );
    const dirs = fs
      .readdirSync(path.join(REPO_ROOT, 'prisma', 'migrations'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(rows.map((r) => r.migration_name)).toEqual(dirs);
    for (const r of rows) {
      expect(r.finished_at).not.toBeNull();
      expect(r.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('prisma/funciones: one file per SQL function or view, the only copy of its body', () => {
  it('applies every file, records its checksum and leaves one function per name', async () => {
    const archivos = listFunciones();
    const { rows } = await client.query<{ nombre: string; checksum: string }>(
      'SELECT nombre, checksum FROM "_funciones_sql" ORDER BY nombre',
    );
    expect(rows).toEqual(archivos.map((f) => ({ nombre: f.nombre, checksum: f.checksum })));
    const { rows: objetos } = await client.query<{ nombre: string; cuantos: number }>(
      `SELECT proname AS nombre, count(*)::int AS cuantos FROM pg_proc WHERE pronamespace = 'public'::regnamespace GROUP BY proname
       UNION ALL SELECT viewname, 1 FROM pg_views WHERE schemaname = 'public'`,
    );
    for (const f of archivos)
      expect({ nombre: f.nombre, cuantos: objetos.find((o) => o.nombre === f.nombre)?.cuantos }).toEqual({ nombre: f.nombre, cuantos: 1 });
  });

  it('no migration after the files began pastes a function body again', () => {
    const nombres = listFunciones().map((f) => f.nombre);
    const despues = listMigrations().filter((m) => m.name >= PRIMERA_MIGRACION_CON_FUNCIONES);
    for (const m of despues)
      for (const nombre of nombres)
        expect({
          migracion: m.name,
          crea: new RegExp(`CREATE\\s+(OR\\s+REPLACE\\s+)?(FUNCTION|VIEW)\\s+${nombre}\\b`, 'i').test(m.sql),
        }).toEqual({ migracion: m.name, crea: false });
  });

  it('applies a file again when it changes, and only then', async () => {
    const aplicadas = await migrate(ctx.databaseUrl);
    expect(aplicadas).toEqual([]);
    await client.query(`UPDATE "_funciones_sql" SET checksum = 'otro' WHERE nombre = 'registrar_venta'`);
    expect(await migrate(ctx.databaseUrl)).toEqual(['registrar_venta']);
    const { rows } = await client.query<{ cuantos: number }>(
      `SELECT count(*)::int AS cuantos FROM pg_proc WHERE proname = 'registrar_venta'`,
    );
    expect(rows[0]!.cuantos).toBe(1);
  });
});
