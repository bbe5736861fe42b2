import { tokenRequestSchema } from '@minimarket/contracts/auth';
import { correoSchema, passwordSchema } from '@minimarket/contracts/comunes';
import { z } from 'zod';

export const MENSAJE_NO_COINCIDEN = 'Las contraseñas no coinciden';

const correoObligatorio = z.string().trim().min(1, { error: 'El correo es obligatorio.' }).pipe(correoSchema);

export const loginFormSchema = z.object({
  correo: correoObligatorio,
  password: tokenRequestSchema.shape.password,
  recordar: z.boolean(),
});
export type LoginFormInput = z.input<typeof loginFormSchema>;

export const correoFormSchema = z.object({ email: correoObligatorio });
export type CorreoFormInput = z.input<typeof correoFormSchema>;

/** New password and its confirmation, under the one password rule (decisions §4). */
export const nuevaContrasenaFormSchema = z
  .object({
    nueva: passwordSchema,
    confirmacion: z.string(),
  })
  .refine((v) => v.nueva === v.confirmacion, { error: MENSAJE_NO_COINCIDEN, path: ['confirmacion'] });
export type NuevaContrasenaFormInput = z.input<typeof nuevaContrasenaFormSchema>;
