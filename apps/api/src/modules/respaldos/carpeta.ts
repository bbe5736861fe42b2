// The backup folder (RESPALDO_DIR) is the truth about backups: what is there, how big, how old.
// Nothing about them is kept in the database, which is what a restore would replace.
import fs from 'node:fs';
import path from 'node:path';
import { respaldosAConservar } from './retencion.js';

export interface Respaldo {
  archivo: string;
  /** When the backup started (UTC, from the file's name). */
  fecha: Date;
  bytes: number;
}

/** minimarket-20261126-031200-123Z.tar.gz: the UTC start, sortable, no ':' (Windows refuses it). */
const NOMBRE = /^minimarket-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})Z\.tar\.gz$/;

const dos = (n: number, largo = 2) => String(n).padStart(largo, '0');

export function nombreRespaldo(fecha: Date): string {
  const f = fecha;
  return (
    `minimarket-${f.getUTCFullYear()}${dos(f.getUTCMonth() + 1)}${dos(f.getUTCDate())}-` +
    `${dos(f.getUTCHours())}${dos(f.getUTCMinutes())}${dos(f.getUTCSeconds())}-${dos(f.getUTCMilliseconds(), 3)}Z.tar.gz`
  );
}

/** The start of the backup a file name says, or null for any other file. */
export function fechaDeNombre(archivo: string): Date | null {
  const m = NOMBRE.exec(archivo);
  if (!m) return null;
  const [anio, mes, dia, h, min, s, ms] = m.slice(1).map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(anio, mes - 1, dia, h, min, s, ms));
}

/** Finished backups in the folder, newest first (an unfinished one has another name until renamed). */
export function listarRespaldos(dir: string): Respaldo[] {
  let nombres: string[];
  try {
    nombres = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const respaldos: Respaldo[] = [];
  for (const archivo of nombres) {
    const fecha = fechaDeNombre(archivo);
    if (!fecha) continue;
    try {
      const stat = fs.statSync(path.join(dir, archivo));
      if (stat.isFile()) respaldos.push({ archivo, fecha, bytes: stat.size });
    } catch {
      // Deleted by the retention of another run between the listing and the look.
    }
  }
  return respaldos.sort((a, b) => b.fecha.getTime() - a.fecha.getTime());
}

export const ultimoRespaldo = (dir: string): Respaldo | null => listarRespaldos(dir)[0] ?? null;

/** Deletes what the retention does not keep; returns the names deleted. */
export function podarRespaldos(dir: string): string[] {
  const respaldos = listarRespaldos(dir);
  const conservar = respaldosAConservar(respaldos);
  const borrados: string[] = [];
  for (const r of respaldos) {
    if (conservar.has(r.archivo)) continue;
    fs.rmSync(path.join(dir, r.archivo), { force: true });
    borrados.push(r.archivo);
  }
  return borrados;
}
