// «Escanear con la cámara» (issue 32, docs/web.md): the device's camera where no scanner gun is
// plugged in. The camera is asked for first (so a refusal is said at once), the decoder is loaded
// meanwhile (lector-camara.ts, its own chunk), and the first code read closes the dialog and goes
// where a scan goes.
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { entregaUnaVez, MENSAJE_CAMARA_INSEGURA, MENSAJE_LECTOR_NO_CARGO, mensajeErrorCamara } from '../utils/camara';

function Visor({ onCodigo, onCerrar }: { onCodigo: (codigo: string) => void; onCerrar: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [listo, setListo] = useState(false);
  // The latest handlers, without restarting the camera on every render.
  const alLeer = useRef(onCodigo);
  useEffect(() => {
    alLeer.current = onCodigo;
  });

  useEffect(() => {
    let terminado = false;
    let stream: MediaStream | null = null;
    let detener: (() => void) | null = null;
    const apagar = () => {
      detener?.();
      for (const pista of stream?.getTracks() ?? []) pista.stop();
    };
    void (async () => {
      // getUserMedia exists only in a secure context (https, or this same machine).
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(MENSAJE_CAMARA_INSEGURA);
        return;
      }
      const modulo = import('./lector-camara');
      // The rejection is handled below; this keeps a failed load from being reported as unhandled meanwhile.
      modulo.catch(() => undefined);
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (e) {
        if (!terminado) setError(mensajeErrorCamara(e));
        return;
      }
      if (terminado || !video.current) return apagar();
      let lector: Awaited<typeof modulo>;
      try {
        lector = await modulo;
      } catch {
        apagar();
        if (!terminado) setError(MENSAJE_LECTOR_NO_CARGO);
        return;
      }
      if (terminado || !video.current) return apagar();
      const entregar = entregaUnaVez((codigo) => {
        // Leave the camera before the code goes on: its product may open another dialog (the weight).
        window.setTimeout(() => {
          apagar();
          alLeer.current(codigo);
        });
      });
      try {
        detener = (await lector.leerConCamara(stream, video.current, entregar)).detener;
        if (terminado) apagar();
        else setListo(true);
      } catch (e) {
        apagar();
        if (!terminado) setError(mensajeErrorCamara(e));
      }
    })();
    return () => {
      terminado = true;
      apagar();
    };
  }, []);

  return (
    <div className="space-y-3">
      {error ? (
        <div data-testid="error-camara">
          <Alert tipo="error">{error}</Alert>
        </div>
      ) : (
        <>
          <div className="relative overflow-hidden rounded-lg bg-slate-900">
            <video ref={video} className="aspect-[4/3] w-full object-cover" muted playsInline aria-label="Vista de la cámara" />
            {/* Where to put the barcode: a band across the middle. */}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-x-6 top-1/2 h-20 -translate-y-1/2 rounded-md border-2 border-white/80"
            />
          </div>
          <p className="text-sm text-slate-700" role="status" data-testid="estado-camara">
            {listo ? 'Apunta la cámara al código de barras, dentro del recuadro.' : 'Abriendo la cámara...'}
          </p>
        </>
      )}
      <div className="flex justify-end">
        <Button variante="contorno" onClick={onCerrar}>
          {error ? 'Cerrar' : 'Cancelar'}
        </Button>
      </div>
    </div>
  );
}

export function CamaraDialog({
  abierto,
  onCodigo,
  onCerrar,
}: {
  abierto: boolean;
  /** The code read: it goes the way a scanned one goes. */
  onCodigo: (codigo: string) => void;
  onCerrar: () => void;
}) {
  return (
    <Dialog
      abierto={abierto}
      onCerrar={onCerrar}
      titulo="Escanear con la cámara"
      descripcion="EAN-13, EAN-8, UPC y Code 128, también las etiquetas de la balanza."
    >
      {abierto && (
        <Visor
          onCodigo={(codigo) => {
            onCerrar();
            onCodigo(codigo);
          }}
          onCerrar={onCerrar}
        />
      )}
    </Dialog>
  );
}
