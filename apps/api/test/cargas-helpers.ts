// Uploading through inject() the way a browser does (multipart/form-data, field `file`)
// and waiting for the background import by polling the history, as the page does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detalleResultadoSchema, type ArchivoCarga, type DetalleResultado } from '@minimarket/contracts/uploads';
import type { TestContext } from './helpers.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'cargas');

export const fixture = (nombre: string) => fs.readFileSync(path.join(FIXTURES, nombre));

export function multipart(nombreArchivo: string, contenido: Buffer | string, campo = 'file') {
  const boundary = `----minimarket${crypto.randomBytes(8).toString('hex')}`;
  const cabecera = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${campo}"; filename="${nombreArchivo}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const cierre = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([cabecera, Buffer.isBuffer(contenido) ? contenido : Buffer.from(contenido, 'utf8'), cierre]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Cliente = Awaited<ReturnType<TestContext['as']>>;

export async function subir(
  cliente: Cliente,
  q: { id_minimarket: number; id_usuario: number; upload_type: 'productos' | 'ventas' },
  nombreArchivo: string,
  contenido: Buffer | string,
) {
  const { payload, headers } = multipart(nombreArchivo, contenido);
  return cliente.request({
    method: 'POST',
    url: `/api/upload/files/?id_minimarket=${q.id_minimarket}&id_usuario=${q.id_usuario}&upload_type=${q.upload_type}`,
    payload,
    headers,
  });
}

/** Polls GET /upload/history until the upload leaves 'En revisión'. */
export async function esperarCarga(cliente: Cliente, idMinimarket: number, idArchivo: number, timeoutMs = 60_000) {
  const hasta = Date.now() + timeoutMs;
  for (;;) {
    const res = await cliente.request({ method: 'GET', url: `/api/upload/history/${idMinimarket}` });
    if (res.statusCode !== 200) throw new Error(`history ${res.statusCode}: ${res.body}`);
    const carga = (res.json() as ArchivoCarga[]).find((c) => c.id_archivo === idArchivo);
    if (!carga) throw new Error(`la carga ${idArchivo} no está en el historial`);
    if (carga.estado_procesamiento !== 'En revisión') {
      const detalle: DetalleResultado = detalleResultadoSchema.parse(JSON.parse(carga.detalle_resultado ?? 'null'));
      return { carga, detalle };
    }
    if (Date.now() > hasta) throw new Error(`la carga ${idArchivo} sigue En revisión`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads and waits for the final state. */
export async function importar(
  cliente: Cliente,
  q: { id_minimarket: number; id_usuario: number; upload_type: 'productos' | 'ventas' },
  nombreArchivo: string,
  contenido: Buffer | string,
) {
  const res = await subir(cliente, q, nombreArchivo, contenido);
  if (res.statusCode !== 201) throw new Error(`upload ${res.statusCode}: ${res.body}`);
  const creada = res.json() as ArchivoCarga;
  return { respuesta: creada, ...(await esperarCarga(cliente, q.id_minimarket, creada.id_archivo)) };
}
