// Authentication and role guards. Every request with a token re-reads its user (and whether
// this token was ended by 'Cerrar Sesión') in one query (data/usuario.ts sesionDeUsuario), so deactivating a user, changing
// their password, e-mail or role, or logging out takes effect at once, not at expiry. A stream
// ticket opens one stream, once (data/ticket-eventos.ts).
//
// Roles (issue 31, docs/cajeros.md): a route is for owners and administrators unless its config
// says otherwise (`config: PARA_CAJEROS`). A cashier is refused every other route here, after the
// session is read and before the body is: what a cashier may not do is refused by default, so a new
// route is closed to cashiers until someone opens it on purpose (test/permisos-roles.test.ts).
import crypto from 'node:crypto';
import { ROLES, type Rol } from '@minimarket/contracts/comunes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { usarTicket } from '../../data/ticket-eventos.js';
import { sesionDeUsuario } from '../../data/usuario.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';

export const MENSAJE_NO_AUTENTICADO = 'Usuario no autenticado. Por favor, inicie sesión.';
export const MENSAJE_SESION_EXPIRADA = 'La sesión ha expirado. Por favor, inicie sesión de nuevo.';
export const MENSAJE_TICKET_USADO = 'Este ticket de eventos ya se usó. Pide uno nuevo para reconectar.';
export const MENSAJE_ROL_NO_PERMITIDO = 'Como cajero no puedes hacer esto. Pídeselo al dueño de la tienda.';

/** Roles a route admits when its config names none: owners and administrators (never a cashier). */
export const ROLES_POR_DEFECTO: readonly Rol[] = ['administrador', 'pyme'];
/** A route's config that opens it to cashiers too (the rest of its checks still apply). */
export const PARA_CAJEROS = { roles: ROLES } as const;
/** A route only the owner of a shop uses (their own PIN). */
export const SOLO_DUENOS = { roles: ['pyme'] } as const satisfies { roles: readonly Rol[] };

/** What the token carries. auth_time (ms) lets a password change void older tokens; jti names this one token. */
export interface TokenPayload {
  sub: string;
  rol: Rol;
  auth_time: number;
  jti: string;
  exp?: number;
  /**
   * Set only on a stream ticket (issueTicketEventos): a short-lived token for the one route a
   * browser's EventSource reaches with the token in its URL. Every other route refuses it.
   */
  uso?: 'eventos';
  /** A ticket's session expiry (seconds): the stream ends with the session, not the ticket. */
  ses_exp?: number;
  /** A ticket's own id (its jti names the session behind it): it is used once (ticket_eventos). */
  tid?: string;
}

/** This request's token, for 'Cerrar Sesión'. */
export interface SesionActual {
  jti: string;
  id_usuario: number;
  expira_en: Date;
  /** When the session began (ms): a change that ends the sessions before an instant ends it too. */
  auth_time: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (ROLES_POR_DEFECTO when left out). */
    roles?: readonly Rol[];
  }
  interface FastifyRequest {
    usuario: UsuarioSesion;
    sesion: SesionActual;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The live-events route: a stream ticket in ?ticket= (or the session token in the header). */
    authenticateTicket: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueTicketEventos: (request: FastifyRequest) => { ticket: string; expira_en: string };
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    issueToken: (usuario: { id_usuario: number; rol: string; sesiones_validas_desde?: Date }) => Promise<string>;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_ID = 2_147_483_647;
/** How long a stream ticket can be used to connect. */
const SEGUNDOS_TICKET = 60;

export default fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorateRequest('usuario', null as unknown as UsuarioSesion);
    app.decorateRequest('sesion', null as unknown as SesionActual);
    const expirada = () => unauthorized(MENSAJE_SESION_EXPIRADA, 'SESSION_EXPIRED');

    /** The token's user and session, re-read now; a stream ticket only where `aceptaTicket`. */
    async function sesionDe(request: FastifyRequest, payload: TokenPayload, aceptaTicket: boolean) {
      if (payload.uso !== undefined && !(aceptaTicket && payload.uso === 'eventos')) throw expirada();
      const id = Number(payload.sub);
      // A token from before sessions had an id (jti) cannot be ended by logout: it is refused.
      if (!Number.isInteger(id) || id < 1 || id > MAX_ID || typeof payload.jti !== 'string' || !UUID.test(payload.jti)) throw expirada();
      const usuario = await sesionDeUsuario(opts.db, id, payload.jti);
      if (!usuario || usuario.estado !== 'activo' || usuario.revocado) throw expirada();
      if (typeof payload.auth_time !== 'number' || payload.auth_time < usuario.sesiones_validas_desde.getTime()) throw expirada();
      request.usuario = {
        id_usuario: usuario.id_usuario,
        nombre: usuario.nombre,
        correo: usuario.correo,
        rol: usuario.rol,
        id_minimarket_cajero: usuario.id_minimarket_cajero,
      };
      request.sesion = {
        jti: payload.jti,
        id_usuario: usuario.id_usuario,
        expira_en: new Date((payload.ses_exp ?? payload.exp ?? Date.now() / 1000) * 1000),
        auth_time: payload.auth_time,
      };
      const permitidos = request.routeOptions.config.roles ?? ROLES_POR_DEFECTO;
      if (!permitidos.includes(usuario.rol)) {
        throw forbidden(usuario.rol === 'cajero' ? MENSAJE_ROL_NO_PERMITIDO : 'Tu rol no permite esta acción.', 'FORBIDDEN_ROLE');
      }
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw unauthorized(MENSAJE_NO_AUTENTICADO);
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        throw expirada();
      }
      await sesionDe(request, payload, false);
    });

    app.decorate('authenticateTicket', async (request: FastifyRequest) => {
      const ticket = (request.query as { ticket?: unknown }).ticket;
      if (typeof ticket !== 'string' || ticket.length === 0) {
        if (!request.headers.authorization) throw unauthorized(MENSAJE_NO_AUTENTICADO);
        return app.authenticate(request, null as unknown as FastifyReply);
      }
      let payload: TokenPayload;
      try {
        payload = app.jwt.verify<TokenPayload>(ticket);
      } catch {
        throw expirada();
      }
      if (payload.uso !== 'eventos' || typeof payload.tid !== 'string' || !UUID.test(payload.tid)) throw expirada();
      await sesionDe(request, payload, true);
      // Once: the ticket's row goes in before the stream opens; a second use finds it.
      const primerUso = await usarTicket(opts.db, {
        id_ticket: payload.tid,
        id_usuario: request.usuario.id_usuario,
        expira_en: new Date((payload.exp ?? Date.now() / 1000 + SEGUNDOS_TICKET) * 1000),
      });
      if (!primerUso) throw unauthorized(MENSAJE_TICKET_USADO, 'TICKET_USED');
    });

    app.decorate('issueTicketEventos', (request: FastifyRequest) => {
      const u = request.usuario;
      const s = request.sesion;
      const payload = request.user;
      const ticket = app.jwt.sign(
        {
          sub: String(u.id_usuario),
          rol: u.rol,
          auth_time: payload.auth_time,
          jti: s.jti,
          uso: 'eventos',
          ses_exp: Math.floor(s.expira_en.getTime() / 1000),
          tid: crypto.randomUUID(),
        },
        { expiresIn: SEGUNDOS_TICKET },
      );
      return { ticket, expira_en: new Date(Date.now() + SEGUNDOS_TICKET * 1000).toISOString() };
    });

    app.decorate('issueToken', async (usuario: { id_usuario: number; rol: string; sesiones_validas_desde?: Date }) => {
      // Never earlier than the user's sessions cut-off, even with a clock a few ms behind.
      const auth_time = Math.max(Date.now(), usuario.sesiones_validas_desde?.getTime() ?? 0);
      return app.jwt.sign({ sub: String(usuario.id_usuario), rol: usuario.rol as Rol, auth_time, jti: crypto.randomUUID() });
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (request.usuario?.rol !== 'administrador') {
        throw forbidden('Solo un administrador puede realizar esta acción.', 'ADMIN_ONLY');
      }
    });
  },
  { name: 'auth', dependencies: ['jwt'] },
);
