// The one way the SPA talks to the API: same origin, everything under /api, bearer token
// from storage, and errors turned into ApiError carrying the server's Spanish `detail`. Every call
// names a route of the contracts' table ('GET /minimarkets/:id'), which types what it sends and what
// it gets back (docs/web.md «Llamadas a la API»); the table comes in as types only, so no zod here.
import { MENSAJE_ERROR_SERVIDOR } from '@minimarket/contracts/reglas';
import type { ClaveRuta, Rutas } from '@minimarket/contracts/rutas';
import type { z } from 'zod';
import { getToken } from './auth-token';
import { registrarContacto, registrarResultado } from './offline/conexion';

const API_BASE = '/api';
export const MENSAJE_ERROR_CONEXION = 'Error de conexión. Inténtalo de nuevo.';
/**
 * POST /auth/pin's 401 for a PIN nobody of the shop has: the session is fine, the PIN is not. A
 * literal here (the contracts' cajeros.ts pulls zod, which the app shell does not load).
 */
export const CODIGO_PIN_INCORRECTO = 'PIN_INCORRECTO';

export interface CampoError {
  campo: string;
  mensaje: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: CampoError[];

  constructor(status: number, detail: string, code: string, errors: CampoError[] = []) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  get detail(): string {
    return this.message;
  }
}

/** What the untyped core takes; the exported functions type it from the route table. */
interface Peticion {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  json?: unknown;
  form?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Unknown extends only unknown (and any): what zod gives as the input of a coerced field. */
type EsDesconocido<T> = unknown extends T ? true : false;
/**
 * A query as the browser writes it: the schema's input ('true' for a flag read from text), or for a
 * coerced number, whose input zod leaves `unknown`, its output (a number). Optional keys stay optional.
 */
type QueryDe<S extends z.ZodType> = {
  [K in keyof z.input<S>]: EsDesconocido<z.input<S>[K]> extends true
    ? K extends keyof z.output<S>
      ? z.output<S>[K]
      : never
    : z.input<S>[K];
};
type ParteParams<E> = E extends { params: infer S extends z.ZodType } ? { params: z.output<S> } : unknown;
type ParteQuery<E> = E extends { query: infer S extends z.ZodType }
  ? object extends QueryDe<S>
    ? { query?: QueryDe<S> }
    : { query: QueryDe<S> }
  : unknown;
/** A body goes as JSON, or as a form (POST /auth/token, OAuth2's password form). */
type ParteCuerpo<E> = E extends { body: infer S extends z.ZodType } ? { json: z.input<S> } | { form: z.input<S> } : unknown;

/** What a call to the route `K` takes: its path's params, its query, its body, as the contract says. */
export type OpcionesRuta<K extends ClaveRuta> = ParteParams<Rutas[K]> &
  ParteQuery<Rutas[K]> &
  ParteCuerpo<Rutas[K]> & { headers?: Record<string, string>; signal?: AbortSignal };
/** The options are optional only when the route needs none (no params, no required query, no body). */
export type Argumentos<K extends ClaveRuta> = object extends OpcionesRuta<K> ? [opciones?: OpcionesRuta<K>] : [opciones: OpcionesRuta<K>];
/** What the route answers: its success schema's output; a 204 is no value. */
export type RespuestaRuta<K extends ClaveRuta> = Rutas[K]['respuesta'] extends z.ZodNull ? void : z.output<Rutas[K]['respuesta']>;

/** The routes that answer a file, not JSON. */
type ClaveArchivo = { [K in ClaveRuta]: Rutas[K]['respuesta'] extends z.ZodAny ? K : never }[ClaveRuta];
/** The routes that answer JSON. */
export type ClaveJson = Exclude<ClaveRuta, ClaveArchivo>;
/** The list routes whose rows come as an array (the total in `x-total-count`). */
export type ClaveLista = { [K in ClaveJson]: RespuestaRuta<K> extends readonly unknown[] ? K : never }[ClaveJson];

/** "GET /minimarkets/:id" with { id: 3 } → '/api/minimarkets/3', and the query string. */
function direccion(clave: string, { params, query }: Peticion = {}): string {
  const busqueda = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    busqueda.set(key, String(value));
  }
  const qs = busqueda.toString();
  // Every `:name` of the path is in params (the types say so); encodeURIComponent writes a number as text.
  const ruta = clave.split(' ')[1]!.replace(/:(\w+)/g, (_, nombre: string) => encodeURIComponent(params![nombre] as string));
  return `${API_BASE}${ruta}${qs ? `?${qs}` : ''}`;
}

async function send(clave: string, options: Peticion = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form as Record<string, string>).toString();
  }

  let response: Response;
  try {
    response = await fetch(direccion(clave, options), { method: clave.split(' ')[0], headers, body, signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No answer at all (the network, or a time limit the caller set): the top bar says so.
    registrarResultado(true);
    throw new ApiError(0, MENSAJE_ERROR_CONEXION, 'NETWORK_ERROR');
  }
  registrarResultado(false);

  if (!response.ok) throw await toApiError(response);
  registrarContacto(response.headers.get('date'));
  return response;
}

/** The ApiError of a failed answer: the server's `detail` and `code`, or a generic message. */
export async function toApiError(response: Response): Promise<ApiError> {
  let detail = response.status >= 500 ? MENSAJE_ERROR_SERVIDOR : `Error ${response.status}`;
  let code = `HTTP_${response.status}`;
  let errors: CampoError[] = [];
  try {
    const data = (await response.json()) as { detail?: unknown; code?: unknown; errors?: unknown };
    if (typeof data.detail === 'string' && data.detail) detail = data.detail;
    if (typeof data.code === 'string') code = data.code;
    if (Array.isArray(data.errors)) errors = data.errors as CampoError[];
  } catch {
    // Not JSON (a proxy page, an empty body): keep the generic message.
  }
  return new ApiError(response.status, detail, code, errors);
}

/** A successful answer's JSON (undefined for a 204 or an empty body). */
export async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Calls a route of the contract's table by its "METHOD /path": the params, query and body it takes and
 * what it answers are the route's zod schemas (packages/contracts/src/rutas.ts), so a field renamed
 * there breaks the type check here, where it is used.
 */
export async function api<K extends ClaveJson>(clave: K, ...opciones: Argumentos<K>): Promise<RespuestaRuta<K>> {
  return readJson(await send(clave, ...(opciones as [Peticion?])));
}

/** For the list routes that give the rows as an array and the total in `x-total-count`. */
export async function apiPage<K extends ClaveLista>(
  clave: K,
  ...opciones: Argumentos<K>
): Promise<{ items: RespuestaRuta<K>; total: number }> {
  const response = await send(clave, ...(opciones as [Peticion?]));
  const items = await readJson<RespuestaRuta<K> & unknown[]>(response);
  const header = response.headers.get('x-total-count');
  return { items, total: header !== null ? Number(header) : items.length };
}

/** The answer itself, not read (a file to save: lib/api-archivos.ts). */
export const apiResponse = send as <K extends ClaveRuta>(clave: K, ...opciones: Argumentos<K>) => Promise<Response>;

/** The address of a route, for what cannot go through fetch (an EventSource, an upload's XMLHttpRequest). */
export const apiUrl = direccion as <K extends ClaveRuta>(clave: K, ...opciones: Argumentos<K>) => string;

/**
 * A 401 that means the session ended (expired, revoked, deactivated): the app forgets the token.
 * A wrong PIN at the shared till (401 PIN_INCORRECTO) is not one.
 */
export function esSesionTerminada(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code !== CODIGO_PIN_INCORRECTO;
}

/** The message to show for any failure: the server's detail, or the screen's own fallback. */
export function mensajeDeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // A bare status with no server text is not a useful sentence for a shop owner.
    return /^Error \d+$/.test(error.detail) ? fallback : error.detail;
  }
  return fallback;
}

/** A fresh key per checkout attempt (crypto.randomUUID needs a secure context, so fall back). */
export function nuevaIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
