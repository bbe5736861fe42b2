import { formatFechaHora, hoyEnSantiago } from '../../../utils/format';

const DIA_MS = 24 * 60 * 60 * 1000;
const hora = (iso: string) => formatFechaHora(iso).split(', ')[1];

/** When a backup was taken, as the card says it: «hoy 03:12», «ayer 03:12», or the whole date (Santiago's calendar). */
export function cuandoFue(iso: string, ahora: Date = new Date()): string {
  const dia = hoyEnSantiago(new Date(iso));
  if (dia === hoyEnSantiago(ahora)) return `hoy ${hora(iso)}`;
  if (dia === hoyEnSantiago(new Date(ahora.getTime() - DIA_MS))) return `ayer ${hora(iso)}`;
  return formatFechaHora(iso);
}
