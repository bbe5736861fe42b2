// Files to and from the API: an upload that reports its progress and a download handed to the browser.
// Apart from lib/api-client.ts because only the import and export pages use them, and the login page,
// which downloads api-client.ts, has no use for them. Typed by the same route table.
import type { ClaveRuta } from '@minimarket/contracts/rutas';
import {
  ApiError,
  apiResponse,
  apiUrl,
  type Argumentos,
  type ClaveJson,
  MENSAJE_ERROR_CONEXION,
  type OpcionesRuta,
  readJson,
  type RespuestaRuta,
  toApiError,
} from './api-client';
import { getToken } from './auth-token';

/**
 * Sends a file with the bytes sent reported as they go (fetch cannot tell an upload's progress;
 * XMLHttpRequest can). Same token, same errors as api.
 */
export function apiUpload<K extends Extract<ClaveJson, `POST ${string}`>>(
  clave: K,
  options: OpcionesRuta<K> & { body: FormData; onProgress?: (enviados: number, total: number) => void },
): Promise<RespuestaRuta<K>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(clave, ...([options] as Argumentos<K>)));
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
      else void readJson<RespuestaRuta<K>>(respuesta).then(resolve, reject);
    };
    xhr.send(options.body);
  });
}

/** Downloads a file the API serves (behind the bearer token) and hands it to the browser. */
export async function apiDownload<K extends Extract<ClaveRuta, `GET ${string}`>>(
  clave: K,
  opciones: OpcionesRuta<K>,
  nombreArchivo: string,
): Promise<void> {
  const response = await apiResponse(clave, ...([{ ...opciones, headers: { Accept: '*/*' } }] as Argumentos<K>));
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
