// Dates as Chileans write them, dd-mm-aaaa, whatever language the browser speaks. The app's
// date values stay ISO days ('2026-11-23', what the API takes); these turn one into the other.

export const FORMATO_FECHA = 'dd-mm-aaaa';
export const MENSAJE_FECHA_INVALIDA = `Escribe la fecha como ${FORMATO_FECHA}, por ejemplo 23-11-2026.`;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
// 23-11-2026, 23/11/2026, 23.11.2026, 1-2-2026, or the eight digits alone (23112026).
const TEXTO = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$|^(\d{2})(\d{2})(\d{4})$/;

export const esFechaIso = (v: string) => ISO.test(v);

/** '2026-11-23' → '23-11-2026'; anything else is returned as it is. */
export function isoATexto(iso: string): string {
  const m = ISO.exec(iso);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : iso;
}

/** What a person typed → '2026-11-23'; '' for nothing typed; null when it is not a day that exists. */
export function textoAIso(texto: string): string | null {
  const t = texto.trim();
  if (t === '') return '';
  const m = TEXTO.exec(t);
  if (!m) return null;
  const [d, mes, a] = (m[1] ? [m[1], m[2], m[3]] : [m[4], m[5], m[6]]).map(Number) as [number, number, number];
  const fecha = new Date(Date.UTC(a, mes - 1, d));
  if (fecha.getUTCFullYear() !== a || fecha.getUTCMonth() !== mes - 1 || fecha.getUTCDate() !== d) return null;
  return `${String(a).padStart(4, '0')}-${String(mes).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** A calendar day (local midnight, as the date picker gives it) ↔ its ISO day. */
export const diaAIso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
export function isoADia(iso: string): Date | undefined {
  const m = ISO.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}

/** A moment as ISO 8601 with the device's UTC offset ('2026-11-25T16:52:03-03:00'), to the second. */
export function fechaConZona(fecha: Date): string {
  const dos = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const desfase = -fecha.getTimezoneOffset();
  const signo = desfase >= 0 ? '+' : '-';
  return (
    `${fecha.getFullYear()}-${dos(fecha.getMonth() + 1)}-${dos(fecha.getDate())}` +
    `T${dos(fecha.getHours())}:${dos(fecha.getMinutes())}:${dos(fecha.getSeconds())}` +
    `${signo}${dos(desfase / 60)}:${dos(desfase % 60)}`
  );
}
