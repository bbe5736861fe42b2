// Authentication and role guards. Every request with a token re-reads its user, so
// a deactivated user or a changed password takes effect at once, not at expiry.
import type { Rol } from '@minimarket/contracts/comunes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { forbidden, unauthorized } from '../../lib/errors.js';

export const MENSAJE_NO_AUTENTICADO = 'Usuario no autenticado. Por favor, inicie sesión.';
export const MENSAJE_SESION_EXPIRADA = 'La sesión ha expirado. Por favor, inicie sesión de nuevo.';

export interface UsuarioSesion {
  id_usuario: number;
  nombre: string;
  correo: string;
  rol: Rol;
}

/** What the token carries. auth_time (ms) lets a password change void older tokens. */
export interface TokenPayload {
  sub: string;
  rol: Rol;
  auth_time: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    usuario: UsuarioSesion;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueToken: (usuario: { id_usuario: number; rol: string; sesiones_validas_desde?: Date }) => Promise<string>;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorateRequest('usuario', null as unknown as UsuarioSesion);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized(MENSAJE_NO_AUTENTICADO);
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        throw unauthorized(MENSAJE_SESION_EXPIRADA, 'SESSION_EXPIRED');
      }
      const usuario = await opts.db.usuario.findUnique({
        where: { id_usuario: Number(payload.sub) },
        select: { id_usuario: true, nombre: true, correo: true, rol: true, estado: true, sesiones_validas_desde: true },
      });
      if (!usuario || usuario.estado !== 'activo') throw unauthorized(MENSAJE_SESION_EXPIRADA, 'SESSION_EXPIRED');
      if (typeof payload.auth_time !== 'number' || payload.auth_time < usuario.sesiones_validas_desde.getTime()) {
        throw unauthorized(MENSAJE_SESION_EXPIRADA, 'SESSION_EXPIRED');
      }
      request.usuario = { id_usuario: usuario.id_usuario, nombre: usuario.nombre, correo: usuario.correo, rol: usuario.rol as Rol };
    });

    app.decorate('issueToken', async (usuario: { id_usuario: number; rol: string; sesiones_validas_desde?: Date }) => {
      // Never earlier than the user's sessions cut-off, even with a clock a few ms behind.
      const auth_time = Math.max(Date.now(), usuario.sesiones_validas_desde?.getTime() ?? 0);
      return app.jwt.sign({ sub: String(usuario.id_usuario), rol: usuario.rol as Rol, auth_time });
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (request.usuario?.rol !== 'administrador') {
        throw forbidden('Solo un administrador puede realizar esta acción.', 'ADMIN_ONLY');
      }
    });
  },
  { name: 'auth', dependencies: ['jwt'] },
);
