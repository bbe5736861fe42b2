// The last backup of the embedded database, as the administrator's page shows it (docs/respaldos.md).
import { z } from 'zod';

/** Older than this, the administrator is warned (a daily backup missed twice). */
export const RESPALDO_ATRASADO_MS = 2 * 24 * 60 * 60 * 1000;

export const MENSAJE_RESPALDO_ATRASADO = 'El último respaldo tiene más de dos días.';
export const MENSAJE_SIN_RESPALDOS = 'Aún no hay respaldos.';
export const MENSAJE_RESPALDOS_DESHABILITADOS =
  'La app no respalda esta base de datos (DATABASE_URL): sus respaldos son los del servidor de base de datos.';

export const ultimoRespaldoSchema = z
  .object({
    /** false with DATABASE_URL: the operator's database has its own backups and the app takes none. */
    habilitado: z.boolean(),
    ultimo: z
      .object({
        fecha: z.iso.datetime(),
        /** Size of the archive in bytes (whole number). */
        bytes: z.number().int().nonnegative(),
        /** File name inside RESPALDO_DIR (never a path: the folder is the server's business). */
        archivo: z.string(),
      })
      .nullable(),
    /** Enabled and the last backup is missing or older than two days. */
    atrasado: z.boolean(),
  })
  .meta({ id: 'UltimoRespaldo' });
export type UltimoRespaldo = z.infer<typeof ultimoRespaldoSchema>;

/** Is a backup taken at `fecha` late at `ahora`? Missing counts as late. */
export const respaldoAtrasado = (fecha: Date | null, ahora: Date = new Date()): boolean =>
  fecha === null || ahora.getTime() - fecha.getTime() > RESPALDO_ATRASADO_MS;

const unidades = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
const decimal = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1 });

/** A size as a person reads it: 512 B, 45 MB, 1,2 GB (powers of 1024, one decimal under 10). */
export function formatBytes(bytes: number): string {
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < unidades.length - 1) {
    n /= 1024;
    u += 1;
  }
  const texto = u === 0 || n >= 10 ? String(Math.round(n)) : decimal.format(Math.round(n * 10) / 10);
  return `${texto} ${unidades[u]}`;
}
