// Weekdays and hours as the API numbers them (dia_semana 1 = lunes … 7 = domingo; hora 0–23,
// Santiago's clock) and as the screens name them.

export const DIAS_SEMANA = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;
export const DIAS_CORTOS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'] as const;
export const HORAS = Array.from({ length: 24 }, (_, h) => h);

export const nombreDia = (diaSemana: number) => DIAS_SEMANA[diaSemana - 1] ?? String(diaSemana);
export const nombreDiaCorto = (diaSemana: number) => DIAS_CORTOS[diaSemana - 1] ?? String(diaSemana);

/** 9 → '09:00'. */
export const formatHora = (hora: number) => `${String(hora).padStart(2, '0')}:00`;

/** 9 → '09:00 a 10:00'. */
export const franjaHora = (hora: number) => `${formatHora(hora)} a ${formatHora((hora + 1) % 24)}`;

/** Around when a shop opens: a phone's heat map starts scrolled here, the night one swipe to the left. */
export const HORA_APERTURA = 8;
/** Sales before this hour are the night's (a late sale, an import with dates and no time), not an early opening. */
const FIN_DE_LA_NOCHE = 5;

/** The hour a heat map that does not fit the screen opens at: HORA_APERTURA, or earlier when the shop sells earlier in the morning. */
export function horaInicioVista(celdas: ReadonlyArray<{ hora: number; ventas: number }>): number {
  return celdas.reduce((h, c) => (c.ventas > 0 && c.hora >= FIN_DE_LA_NOCHE ? Math.min(h, c.hora) : h), HORA_APERTURA);
}

/** How strong a cell's colour is, 0 to 1, against the largest value shown (0 when all are 0). */
export const intensidad = (valor: number, max: number) => (max > 0 ? Math.max(0, valor) / max : 0);

const CALOR_DESDE = [240, 253, 250]; // marca-50
const CALOR_HASTA = [19, 78, 74]; // marca-900

function rgbCalor(t: number): number[] {
  return CALOR_DESDE.map((d, i) => Math.round(d + (CALOR_HASTA[i] - d) * t));
}

/** A teal from the brand's 50 (0) to its 900 (1), as an inline background. */
export function colorCalor(t: number): string {
  const [r, g, b] = rgbCalor(t);
  return `rgb(${r} ${g} ${b})`;
}

/** WCAG relative luminance of an sRGB colour. */
export function luminancia([r, g, b]: number[]): number {
  const lineal = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lineal(r) + 0.7152 * lineal(g) + 0.0722 * lineal(b);
}

/**
 * Black or white, whichever reads better on the cell: one of them always has at least 4.58:1
 * contrast (WCAG AA asks 4.5:1 for small text), whatever the shade.
 */
export function textoSobreCalor(t: number): string {
  return luminancia(rgbCalor(t)) > 0.179 ? '#000000' : '#ffffff';
}
