// Which backups to keep: the last of each of the 7 most recent days that have one, and among the
// older ones the last of each of the 4 most recent ISO weeks. Days and weeks are Santiago's
// calendar (a backup at 22:00 local time belongs to that evening's day, not to UTC's next one).
// Pure: the folder listing goes in, the names to keep come out; carpeta.ts deletes the rest.
import { fechaLocal, textoDia, type FechaLocal } from '../../lib/tiempo.js';

export interface RespaldoFechado {
  archivo: string;
  fecha: Date;
}

export const DIARIOS = 7;
export const SEMANALES = 4;

const DIA_MS = 86_400_000;

/** ISO 8601 week of a calendar date, as '2026-W48' (weeks from Monday; week 1 holds the year's first Thursday). */
export function semanaIso({ anio, mes, dia }: FechaLocal): string {
  const fecha = new Date(0);
  fecha.setUTCFullYear(anio, mes - 1, dia);
  const diaSemana = (fecha.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const jueves = new Date(fecha.getTime() + (3 - diaSemana) * DIA_MS);
  const anioIso = jueves.getUTCFullYear();
  const enero1 = new Date(0);
  enero1.setUTCFullYear(anioIso, 0, 1);
  const semana = 1 + Math.floor((jueves.getTime() - enero1.getTime()) / (7 * DIA_MS));
  return `${anioIso}-W${String(semana).padStart(2, '0')}`;
}

/** The names to keep; every other backup in the list may be deleted. */
export function respaldosAConservar(
  respaldos: readonly RespaldoFechado[],
  { diarios = DIARIOS, semanales = SEMANALES }: { diarios?: number; semanales?: number } = {},
): Set<string> {
  const recientes = [...respaldos].sort((a, b) => b.fecha.getTime() - a.fecha.getTime());
  const conservar = new Set<string>();
  const dias = new Set<string>();
  const semanas = new Set<string>();
  for (const r of recientes) {
    const local = fechaLocal(r.fecha);
    const dia = textoDia(local);
    if (dias.has(dia)) continue; // an earlier backup of a day already kept
    if (dias.size < diarios) {
      dias.add(dia);
      conservar.add(r.archivo);
      continue;
    }
    // Past the daily ones: the newest of each week, for as many weeks as kept.
    const semana = semanaIso(local);
    if (semanas.has(semana) || semanas.size >= semanales) continue;
    semanas.add(semana);
    conservar.add(r.archivo);
  }
  return conservar;
}
