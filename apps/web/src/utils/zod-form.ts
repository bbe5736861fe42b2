/**
 * A contract field that reads whole numbers from text (`enteroDesdeTexto`: '1.990', '$1.990')
 * takes `string | number`; zod's `pipe` wants what comes before it typed the same, so a form's
 * text passes through this (it changes nothing at run time): `.transform(comoEntrada).pipe(…)`.
 */
export const comoEntrada = (texto: string): string | number => texto;
