import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { RAIZ } from '../query-keys';
import { pedirAlmacenamientoPersistente } from './db';
import { enviarPendientes, leerEstado, recontar, suscribirOutbox, type EstadoOutbox } from './outbox';

/** While sales wait, another round this often (besides the browser's 'online' event). */
const INTERVALO_ENVIO_MS = 15_000;

export function useEstadoOutbox(): EstadoOutbox {
  return useSyncExternalStore(suscribirOutbox, leerEstado, leerEstado);
}

/**
 * The app's sender, mounted once by the signed-in layout: a round at start, on 'online', and
 * every 15 s while sales wait. Figures that a sent sale moves are asked again.
 */
export function useEnvioOutbox(activo: boolean) {
  const { pendientes, enviadas } = useEstadoOutbox();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!activo) return;
    void pedirAlmacenamientoPersistente();
    void recontar().then(() => enviarPendientes());
    const alVolver = () => void enviarPendientes();
    window.addEventListener('online', alVolver);
    return () => window.removeEventListener('online', alVolver);
  }, [activo]);

  useEffect(() => {
    if (!activo || pendientes === 0) return;
    const id = window.setInterval(() => void enviarPendientes(), INTERVALO_ENVIO_MS);
    return () => window.clearInterval(id);
  }, [activo, pendientes]);

  const vistas = useRef(enviadas);
  useEffect(() => {
    if (enviadas === vistas.current) return;
    vistas.current = enviadas;
    for (const queryKey of [RAIZ.productos, RAIZ.ventas, RAIZ.analitica, RAIZ.caja, RAIZ.clientes])
      void queryClient.invalidateQueries({ queryKey });
  }, [enviadas, queryClient]);
}

/** «3 ventas enviadas»: said once per round of this tab that sent sales of the outbox. */
export function textoVentasEnviadas(n: number): string {
  return n === 1 ? '1 venta enviada' : `${n} ventas enviadas`;
}

/** Mounted with the sender: tells the person at the till when the waiting sales went out. */
export function useAvisoVentasEnviadas(avisar: (texto: string) => void) {
  const { ultimoEnvio } = useEstadoOutbox();
  const visto = useRef(ultimoEnvio?.ronda ?? 0);
  useEffect(() => {
    if (!ultimoEnvio || ultimoEnvio.ronda === visto.current) return;
    visto.current = ultimoEnvio.ronda;
    avisar(textoVentasEnviadas(ultimoEnvio.cantidad));
  }, [ultimoEnvio, avisar]);
}
