import { describe, expect, it } from 'vitest';
import { Prisma } from './client.js';
import { esConexionPerdida } from './conexion-perdida.js';

/** As @prisma/adapter-pg hands a driver error to the client: inside meta.driverAdapterError.cause. */
const dePrisma = (code: string, cause: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError('Raw query failed.', {
    code,
    clientVersion: '7',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause } },
  });

/** As node-postgres rejects with what the server sent. */
const dePg = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('esConexionPerdida', () => {
  it('the server going or not there yet, from node-postgres', () => {
    expect(esConexionPerdida(dePg('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(esConexionPerdida(dePg('57P03', 'the database system is starting up'))).toBe(true);
    expect(esConexionPerdida(dePg('08006', 'connection failure'))).toBe(true);
    expect(
      esConexionPerdida(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' })),
    ).toBe(true);
    expect(esConexionPerdida(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(esConexionPerdida(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(esConexionPerdida(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
  });

  it('the same through Prisma and its driver adapter', () => {
    expect(esConexionPerdida(dePrisma('P2010', { kind: 'postgres', originalCode: '57P01', code: '57P01' }))).toBe(true);
    expect(esConexionPerdida(dePrisma('P2039', { kind: 'postgres', originalCode: '57P03', code: '57P03' }))).toBe(true);
    expect(esConexionPerdida(dePrisma('P2010', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 }))).toBe(true);
    expect(esConexionPerdida(dePrisma('P2010', { kind: 'ConnectionClosed' }))).toBe(true);
    expect(esConexionPerdida(dePrisma('P1001', {}))).toBe(true);
  });

  it('not a refusal of the request itself: a unique index, a cancelled statement, a rule of the data, a plain bug', () => {
    expect(esConexionPerdida(dePrisma('P2002', { kind: 'UniqueConstraintViolation' }))).toBe(false);
    expect(esConexionPerdida(dePrisma('P2010', { kind: 'postgres', originalCode: '57014', code: '57014' }))).toBe(false);
    expect(esConexionPerdida(dePrisma('P2010', { kind: 'postgres', originalCode: 'MM001', code: 'MM001' }))).toBe(false);
    expect(esConexionPerdida(dePg('23505', 'duplicate key value'))).toBe(false);
    expect(esConexionPerdida(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(esConexionPerdida(undefined)).toBe(false);
    expect(esConexionPerdida('Connection terminated')).toBe(false);
  });
});
