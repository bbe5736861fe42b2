import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { idsComoNumeros } from './ids.js';

export type Db = PrismaClient;
/** The client or an open transaction: the data modules (src/data) write through either. */
export type Tx = Prisma.TransactionClient | Db;
export { Prisma };

/**
 * Prisma over node-postgres: the WASM query compiler, no engine binary needed. Raw reads get their
 * 64-bit ids as numbers (idsComoNumeros), as model reads do (schema.prisma's note).
 */
export function createDb(databaseUrl: string, poolSize = 10): Db {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: poolSize });
  // The extension only rewrites raw results; every method the app calls is the client's own, so the
  // extended client stands in for PrismaClient (its $transaction hands out clients that keep it).
  return new PrismaClient({ adapter }).$extends({
    query: {
      $queryRaw: async ({ args, query }) => idsComoNumeros(await query(args)),
      $queryRawUnsafe: async ({ args, query }) => idsComoNumeros(await query(args)),
    },
  }) as unknown as Db;
}

/** What the driver adapter says PostgreSQL answered, on an error of a raw query. */
export function causaPostgres(err: Prisma.PrismaClientKnownRequestError): { originalCode?: string; originalMessage?: string } | undefined {
  return (err.meta as { driverAdapterError?: { cause?: { originalCode?: string; originalMessage?: string } } } | undefined)
    ?.driverAdapterError?.cause;
}

/** A unique index refused the write: P2002 from a model query, SQLSTATE 23505 from a raw one. */
export function esViolacionUnica(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && (err.code === 'P2002' || causaPostgres(err)?.originalCode === '23505');
}
