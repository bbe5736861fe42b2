// Chilean RUT: body digits plus a check digit computed with módulo 11.
// Stored normalised as 'NNNNNNNN-D' (no dots, upper-case K).
import { z } from 'zod';

export function computeRutDv(body: number): string {
  let sum = 0;
  let factor = 2;
  for (let n = body; n > 0; n = Math.floor(n / 10)) {
    sum += (n % 10) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const dv = 11 - (sum % 11);
  return dv === 11 ? '0' : dv === 10 ? 'K' : String(dv);
}

/** '12.345.678-5', '123456785' or '12345678-5' → '12345678-5'; null when the check digit is wrong. */
export function normalizeRut(input: string): string | null {
  const clean = input.replace(/[.\s-]/g, '').toUpperCase();
  const match = /^(\d{1,8})([\dK])$/.exec(clean);
  if (!match) return null;
  const body = Number(match[1]);
  return computeRutDv(body) === match[2] ? `${body}-${match[2]}` : null;
}

/** '12345678-5' → '12.345.678-5', for display. */
export function formatRut(rut: string): string {
  const [body, dv] = rut.split('-');
  return `${Number(body).toLocaleString('es-CL')}-${dv}`;
}

export const rutSchema = (campo: string) =>
  z
    .string({ error: `${campo} es obligatorio.` })
    .trim()
    .min(1, { error: `${campo} es obligatorio.` })
    .transform((v, ctx) => {
      const rut = normalizeRut(v);
      if (!rut) {
        ctx.addIssue({ code: 'custom', message: `${campo} no es válido (revisa el dígito verificador).` });
        return z.NEVER;
      }
      return rut;
    });
