// Which sales of the demo history were on credit is decided before anything is written (the
// generator writes them 'Fiado' with their customer at once): checked here without a database.
import { describe, expect, it } from 'vitest';
import { localAUtc } from '../../lib/tiempo.js';
import { elegirComprasFiadas, LIBRETA_DON_PEPE, type ClienteDemo } from './libreta.js';

const AHORA = localAUtc(2026, 11, 25, 20);
/** A sale `hace` days before AHORA, at that hour (Santiago), of that total. */
const venta = (hace: number, hora: number, total: number) => ({ fecha: localAUtc(2026, 11, 25 - hace, hora), total });
const cliente = (nombre: string, compras: number[]): ClienteDemo => ({
  nombre,
  rut: null,
  telefono: null,
  direccion: null,
  limite: null,
  notas: null,
  compras,
  abonos: [],
});

describe('elegirComprasFiadas', () => {
  it('takes a sale of each day asked, a neighbour’s basket (2.000 to 25.000) before the day’s first, none twice', () => {
    const ventas = [
      venta(5, 9, 1_500), // 0: too small for a basket on credit
      venta(5, 11, 8_000), // 1
      venta(5, 18, 12_000), // 2
      venta(3, 10, 900), // 3: the day's only sale, taken anyway
      venta(1, 12, 30_000), // 4: too big
      venta(1, 13, 4_000), // 5
    ];
    const libreta = [cliente('Juana', [5, 3, 2]), cliente('Pedro', [5, 1])];
    // Day 2 has no sale: no purchase. Pedro's day 5 is the next basket Juana did not take.
    expect(elegirComprasFiadas(libreta, ventas, AHORA)).toEqual([
      [1, 3],
      [2, 5],
    ]);
  });

  it('gives each customer of Don Pepe a purchase on every day of a busy history', () => {
    const ventas = Array.from({ length: 60 }, (_, hace) => [venta(59 - hace, 10, 5_000), venta(59 - hace, 17, 7_000)]).flat();
    const compras = elegirComprasFiadas(LIBRETA_DON_PEPE, ventas, AHORA);
    expect(compras.map((c) => c.length)).toEqual(LIBRETA_DON_PEPE.map((c) => c.compras.length));
    const todas = compras.flat();
    expect(new Set(todas).size).toBe(todas.length);
  });
});
