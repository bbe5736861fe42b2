// The one way the SPA talks to the API: same origin, everything under /api, bearer token
// from storage, and errors turned into ApiError carrying the server's Spanish `detail`.
import { MENSAJE_ERROR_SERVIDOR } from '@minimarket/contracts/reglas';
import { getToken } from './auth-token';
import { registrarContacto, registrarResultado } from './offline/conexion';

export const API_BASE = '/api';
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

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body) {
    body = options.body;
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
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

async function toApiError(response: Response): Promise<ApiError> {
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

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readJson<T>(await send(path, options));
}

/** For the list endpoints that give the rows as an array and the total in `x-total-count`. */
export async function apiRequestPage<T>(path: string, options: RequestOptions = {}): Promise<{ items: T[]; total: number }> {
  const response = await send(path, options);
  const items = await readJson<T[]>(response);
  const header = response.headers.get('x-total-count');
  return { items, total: header !== null ? Number(header) : items.length };
}

/**
 * Sends a file with the bytes sent reported as they go (fetch cannot tell an upload's progress;
 * XMLHttpRequest can). Same token, same errors as apiRequest.
 */
export function apiUpload<T>(
  path: string,
  options: { query?: Record<string, QueryValue>; body: FormData; onProgress?: (enviados: number, total: number) => void },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded, e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, MENSAJE_ERROR_CONEXION, 'NETWORK_ERROR'));
    xhr.onload = () => {
      const respuesta = new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status });
      if (!respuesta.ok) void toApiError(respuesta).then(reject);
      else void readJson<T>(respuesta).then(resolve, reject);
    };
    xhr.send(options.body);
  });
}

/** Downloads a file the API serves (behind the bearer token) and hands it to the browser. */
export async function apiDownload(path: string, nombreArchivo: string): Promise<void> {
  const response = await send(path, { headers: { Accept: '*/*' } });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombreArchivo;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
