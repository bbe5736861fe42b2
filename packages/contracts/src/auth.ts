import { z } from 'zod';
import { correoSchema, passwordSchema } from './comunes.js';

/** POST /auth/token, form-encoded as OAuth2's password flow: username holds the e-mail. */
export const tokenRequestSchema = z.object({
  username: z.string({ error: 'El correo es obligatorio.' }).trim().min(1, { error: 'El correo es obligatorio.' }),
  password: z.string({ error: 'La contraseña es obligatoria.' }).min(1, { error: 'La contraseña es obligatoria.' }),
});

export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
  })
  .meta({ id: 'Token' });

export const forgotPasswordSchema = z.object({ email: correoSchema });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, { error: 'Token de recuperación no encontrado' }),
  new_password: passwordSchema,
});
