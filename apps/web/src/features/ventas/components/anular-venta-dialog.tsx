import { anulacionVentaSchema, referenciaVenta, type Venta } from '@minimarket/contracts/ventas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Autorizacion } from '@minimarket/contracts/cajeros';
import { useAutorizacionDueno } from '../../../components/shop/autorizacion-dueno';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Textarea } from '../../../components/ui/field';
import { mensajeDeError } from '../../../lib/api-client';
import { contar, formatClp } from '../../../utils/format';
import { boletaQueryOptions, useAnularVenta } from '../api/ventas';
import { avisoNotaAnulacion } from '../../boletas';
import { AvisoNotaCredito, BotonesConfirmar, BotonesContinuar } from './confirmar-cambio';

type ConAutorizacion = ReturnType<typeof useAutorizacionDueno>['ejecutar'];

function Contenido({ venta, onCerrar, autorizar }: { venta: Venta; onCerrar: () => void; autorizar: ConAutorizacion }) {
  const anular = useAnularVenta();
  const [motivo, setMotivo] = useState('');
  const [errorMotivo, setErrorMotivo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmando, setConfirmando] = useState(false);
  const pregunta = useRef<HTMLDivElement>(null);
  const unidades = venta.detalles.reduce((s, d) => s + d.num_unidades, 0);
  // A sale with an electronic boleta: the void issues its nota de crédito (docs/boleta.md), said before confirming.
  const boleta = useQuery(boletaQueryOptions(venta.id_venta));
  const avisoNota = avisoNotaAnulacion(venta, boleta.data?.boleta_electronica ?? null);

  useEffect(() => {
    if (confirmando) pregunta.current?.focus();
  }, [confirmando]);

  const continuar = () => {
    const r = anulacionVentaSchema.shape.motivo.safeParse(motivo);
    if (!r.success) {
      setErrorMotivo(r.error.issues[0]?.message ?? 'Escribe el motivo de la anulación.');
      return;
    }
    setErrorMotivo(null);
    setConfirmando(true);
  };

  const confirmar = async () => {
    setError(null);
    try {
      // A cashier's void needs the owner's PIN: the dialog asks for it and the void goes again with it.
      const anulada = await autorizar((autorizacion?: Autorizacion) =>
        anular.mutateAsync({ idVenta: venta.id_venta, motivo: motivo.trim(), autorizacion }),
      );
      if (!anulada) return;
      toast.success(`Venta ${referenciaVenta(venta)} anulada.`, { duration: 2000 });
      onCerrar();
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo anular la venta.'));
    }
  };

  return (
    <div className="space-y-4">
      {!confirmando ? (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            continuar();
          }}
        >
          <Field label="Motivo de la anulación" error={errorMotivo ?? undefined}>
            {(p) => (
              <Textarea
                {...p}
                autoFocus
                maxLength={200}
                value={motivo}
                placeholder="Ej: el cliente se arrepintió antes de llevarse los productos"
                onChange={(e) => setMotivo(e.target.value)}
              />
            )}
          </Field>
          <BotonesContinuar onCancelar={onCerrar} />
        </form>
      ) : (
        <>
          <div ref={pregunta} tabIndex={-1} className="space-y-2 text-sm text-slate-800 focus:outline-none">
            <p>
              ¿Anular la venta {referenciaVenta(venta)} por <strong>{formatClp(venta.total)}</strong>?{' '}
              {contar(unidades, 'unidad', 'unidades')} {unidades === 1 ? 'vuelve' : 'vuelven'} al inventario, la venta deja de contar en tus
              cifras y, si fue en efectivo, el dinero sale de la caja abierta. No se puede deshacer.
            </p>
            <AvisoNotaCredito aviso={avisoNota} />
          </div>
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">Motivo: {motivo.trim()}</p>
          <BotonesConfirmar
            error={error}
            procesando={anular.isPending}
            textoProcesando="Anulando..."
            textoConfirmar="Sí, anular venta"
            onVolver={() => setConfirmando(false)}
            onConfirmar={() => void confirmar()}
          />
        </>
      )}
    </div>
  );
}

/**
 * 'Anular venta': a reason, then a confirmation that says what happens; a cashier's needs the owner's
 * PIN (its dialog stands beside this one, not inside it).
 */
export function AnularVentaDialog({ venta, onCerrar }: { venta: Venta | null; onCerrar: () => void }) {
  const { ejecutar, dialogo } = useAutorizacionDueno();
  return (
    <>
      <Dialog abierto={venta !== null} onCerrar={onCerrar} titulo={venta ? `Anular venta ${referenciaVenta(venta)}` : 'Anular venta'}>
        {venta && <Contenido key={venta.id_venta} venta={venta} onCerrar={onCerrar} autorizar={ejecutar} />}
      </Dialog>
      {dialogo}
    </>
  );
}
