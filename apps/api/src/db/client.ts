import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma, PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
/** The client or an open transaction: the data modules (src/data) write through either. */
export type Tx = Prisma.TransactionClient | Db;
export { Prisma };

/** Prisma over node-postgres: the WASM query compiler, no engine binary needed. */
export function createDb(databaseUrl: string, poolSize = 10): Db {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: poolSize });
  return new PrismaClient({ adapter });
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
