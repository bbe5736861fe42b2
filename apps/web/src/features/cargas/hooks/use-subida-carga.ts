import {
  ESTADO_EN_REVISION,
  MENSAJE_CARGA_SIN_IDENTIFICACION,
  MENSAJE_FORMATO_NO_SOPORTADO,
  leerCarga,
  type CargaLeida,
} from '@minimarket/contracts/uploads';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError, mensajeDeError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { historialCargasQueryOptions, useSubirArchivo, type TipoCarga } from '../api/cargas';
import { extensionValida, MENSAJE_CARGA_SIN_CONEXION } from '../utils/resultado';

/**
 * The upload form of Cargar información: the file and data type chosen, sending it with its progress,
 * and the last upload followed until the server has processed it. The server answers 'En revisión' and
 * processes in the background; the history (which refreshes itself meanwhile) tells when it is done.
 */
export function useSubidaCarga(idMinimarket: number) {
  const { user } = useAuth();
  const subir = useSubirArchivo();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [tipo, setTipo] = useState<TipoCarga | null>(null);
  const [errorArchivo, setErrorArchivo] = useState<string | null>(null);
  const [ultimo, setUltimo] = useState<CargaLeida | null>(null);
  const [enviado, setEnviado] = useState<{ enviados: number; total: number } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const historial = useQuery(historialCargasQueryOptions(idMinimarket));
  const seguido = ultimo ? (historial.data?.find((c) => c.id_archivo === ultimo.id_archivo) ?? ultimo) : null;
  const estadoSeguido = seguido?.estado_procesamiento;
  const avisoEnCurso = useRef<string | number | null>(null);

  useEffect(() => {
    if (!seguido || !estadoSeguido || estadoSeguido === ESTADO_EN_REVISION) return;
    const id = avisoEnCurso.current ?? undefined;
    avisoEnCurso.current = null;
    if (id === undefined) return;
    if (estadoSeguido === 'Completado') {
      toast.success(`Archivo "${seguido.nombre_archivo}" procesado correctamente.`, { id, duration: 2000 });
    } else {
      toast.error(`El archivo "${seguido.nombre_archivo}" terminó con estado: ${estadoSeguido}. Revisa el detalle.`, { id });
    }
  }, [seguido, estadoSeguido]);

  // Leaving the page while a file is processed: the spinner toast goes; the history keeps the result.
  useEffect(
    () => () => {
      if (avisoEnCurso.current !== null) toast.dismiss(avisoEnCurso.current);
    },
    [],
  );

  const elegir = (f: File | undefined) => {
    if (!f) return;
    if (!extensionValida(f.name)) {
      setArchivo(null);
      setErrorArchivo(MENSAJE_FORMATO_NO_SOPORTADO);
      toast.error(MENSAJE_FORMATO_NO_SOPORTADO);
      return;
    }
    setErrorArchivo(null);
    setArchivo(f);
  };

  const quitarArchivo = () => {
    setArchivo(null);
    setErrorArchivo(null);
    if (input.current) input.current.value = '';
  };

  const cancelar = () => {
    quitarArchivo();
    setTipo(null);
  };

  const continuar = async () => {
    if (!archivo || !tipo) return;
    if (!user?.id_usuario || !idMinimarket) {
      toast.error(MENSAJE_CARGA_SIN_IDENTIFICACION);
      return;
    }
    const aviso = toast.loading('Subiendo y procesando archivo...');
    try {
      const carga = await subir.mutateAsync({
        archivo,
        tipo,
        idMinimarket,
        idUsuario: user.id_usuario,
        onProgress: (enviados, total) => setEnviado({ enviados, total }),
      });
      avisoEnCurso.current = aviso;
      setUltimo(leerCarga(carga));
      cancelar();
    } catch (e) {
      // The upload's own words for a request that never reached the server (spec §8).
      const mensaje =
        e instanceof ApiError && e.code === 'NETWORK_ERROR'
          ? MENSAJE_CARGA_SIN_CONEXION
          : mensajeDeError(e, 'Error en la subida del archivo.');
      toast.error(mensaje, { id: aviso });
    } finally {
      setEnviado(null);
    }
  };

  return {
    archivo,
    tipo,
    setTipo,
    errorArchivo,
    enviado,
    seguido,
    input,
    pendiente: subir.isPending,
    elegir,
    quitarArchivo,
    cancelar,
    continuar,
  };
}
export type SubidaCarga = Omit<ReturnType<typeof useSubidaCarga>, 'input'>;
