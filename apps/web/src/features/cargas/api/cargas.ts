import { ESTADO_EN_REVISION, leerCarga, type TipoCarga } from '@minimarket/contracts/uploads';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiUpload } from '../../../lib/api-archivos';
import { api, type OpcionesRuta } from '../../../lib/api-client';
import { RAIZ } from '../../../lib/query-keys';

export type { TipoCarga };

/** While an upload is still being processed, the history refreshes itself this often (its progress bar moves). */
const REFRESCO_EN_REVISION_MS = 1000;

export const cargasKeys = {
  all: RAIZ.cargas,
  historial: (idMinimarket: number) => [...cargasKeys.all, 'historial', idMinimarket] as const,
};

export const historialCargasQueryOptions = (idMinimarket: number) =>
  queryOptions({
    queryKey: cargasKeys.historial(idMinimarket),
    queryFn: () => api('GET /upload/history/:id_minimarket', { params: { id_minimarket: idMinimarket } }),
    // Each record's detalle_resultado is read once per fetch, here, not by every component that shows it.
    select: (cargas) => cargas.map(leerCarga),
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.estado_procesamiento === ESTADO_EN_REVISION) ? REFRESCO_EN_REVISION_MS : false,
  });

export function useSubirArchivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      archivo,
      tipo,
      idMinimarket,
      idUsuario,
      onProgress,
    }: {
      archivo: File;
      tipo: TipoCarga;
      idMinimarket: number;
      idUsuario: number;
      /** Bytes sent so far, of all (a phone's upload of a big file takes a while). */
      onProgress?: (enviados: number, total: number) => void;
    }) => {
      const body = new FormData();
      body.append('file', archivo, archivo.name);
      return apiUpload('POST /upload/files/', {
        query: { id_minimarket: idMinimarket, id_usuario: idUsuario, upload_type: tipo },
        body,
        onProgress,
      });
    },
    onSettled: (_data, _error, { idMinimarket }) => {
      void queryClient.invalidateQueries({ queryKey: cargasKeys.historial(idMinimarket) });
      // An import changes products and sales everywhere else too.
      for (const raiz of [RAIZ.productos, RAIZ.ventas, RAIZ.notificaciones, RAIZ.analitica])
        void queryClient.invalidateQueries({ queryKey: raiz });
    },
  });
}

export const PLANTILLAS = {
  productos: { excel: 'plantilla_productos.xlsx', xml: 'plantilla_productos.xml', csv: 'plantilla_productos.csv' },
  ventas: { excel: 'plantilla_ventas.xlsx', xml: 'plantilla_ventas.xml', csv: 'plantilla_ventas.csv' },
  clientes: { excel: 'plantilla_clientes.xlsx', xml: 'plantilla_clientes.xml', csv: 'plantilla_clientes.csv' },
} as const satisfies Record<TipoCarga, Record<string, NombrePlantilla>>;

export type NombrePlantilla = OpcionesRuta<'GET /upload/plantillas/:nombre'>['params']['nombre'];

/** With the shop's id, the sales template's examples use that shop's own products. */
export function descargarPlantilla(nombre: NombrePlantilla, idMinimarket: number): Promise<void> {
  return apiDownload('GET /upload/plantillas/:nombre', { params: { nombre }, query: { id_minimarket: idMinimarket } }, nombre);
}

export type FormatoRechazados = 'csv' | 'xlsx';

/** The rejected rows of an upload as they came in the file, plus a "motivo" column. */
export function descargarRechazados(idMinimarket: number, idArchivo: number, formato: FormatoRechazados): Promise<void> {
  return apiDownload(
    'GET /upload/history/:id_minimarket/:id_archivo/:archivo',
    { params: { id_minimarket: idMinimarket, id_archivo: idArchivo, archivo: `rechazados.${formato}` } },
    `rechazados-carga-${idArchivo}.${formato}`,
  );
}
