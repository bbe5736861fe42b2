import { LEYENDA_DOCUMENTO_PRUEBA, LEYENDA_NOTA_EN_PROCESO, type NotaCredito } from '@minimarket/contracts/boletas';
import { ETIQUETA_ESTADO_DTE } from '@minimarket/contracts/dte';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ElegirAnchoPapel, HojaPapel, SeparadorPapel } from '../../../../components/shop/papel-termico';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Loading } from '../../../../components/ui/loading';
import { RetryAlert } from '../../../../components/ui/query-result';
import { usePapelTermico } from '../../../../hooks/use-papel-termico';
import { mensajeDeError } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { notaCreditoQueryOptions } from '../../../../lib/boletas';
import { cn } from '../../../../utils/cn';
import { formatFechaHora } from '../../../../utils/format';
import { filasTotales } from '../../utils/comprobante';
import { referenciaNota, tituloNota } from '../../utils/nota-credito';
import { EncabezadoDte, ESPERA_TIMBRE_MS, LeyendaPrueba, SelloPrueba, TimbreDte } from './documento-tributario';
import { LineasComprobante } from './lineas-comprobante';

/** The nota de crédito on the thermal roll: SII's box, the boleta it references, what it credits, its timbre. */
function PapelNota({ nota, onTimbreListo }: { nota: NotaCredito; onTimbreListo: () => void }) {
  const prueba = nota.de_prueba ? LEYENDA_DOCUMENTO_PRUEBA : null;
  // Amounts only: a nota de crédito is not paid, so the receipt's payment rows have nothing to say.
  const totales = filasTotales({ ...nota, pagos: [], monto_recibido: null, vuelto: null, cliente: null });
  return (
    <div className="relative">
      {prueba && <SelloPrueba leyenda={prueba} />}
      <EncabezadoDte documento={nota} nombreTienda={nota.nombre_tienda} />
      {prueba && <LeyendaPrueba leyenda={prueba} />}
      {nota.folio === null && (
        <p className="mt-[1.5mm] border border-dashed border-black py-[1mm] text-center font-bold uppercase" data-testid="nota-en-proceso">
          {LEYENDA_NOTA_EN_PROCESO}
        </p>
      )}
      <SeparadorPapel />
      <p className="font-bold break-words" data-testid="nota-referencia">
        {referenciaNota(nota)}
      </p>
      <p className="break-words">Motivo: {nota.razon}</p>
      <p>Venta {nota.referencia_venta}</p>
      <p>{formatFechaHora(nota.fecha)}</p>
      <SeparadorPapel />
      <LineasComprobante
        lineas={nota.lineas.map((l) => ({
          nombre: l.nombre,
          cantidad: l.cantidad,
          unidad: l.unidad,
          precio: l.precio_unitario,
          subtotal: l.monto,
        }))}
      />
      <SeparadorPapel />
      <dl>
        {totales.map((f) => (
          <div key={f.etiqueta} className={cn('flex justify-between gap-[2mm]', f.destacada && 'text-[1.15em] font-bold')}>
            <dt>{f.etiqueta}</dt>
            <dd className="text-right" data-testid={`nota-${f.etiqueta.toLowerCase().replace(/\W+/g, '-')}`}>
              {f.valor}
            </dd>
          </div>
        ))}
      </dl>
      <SeparadorPapel />
      {nota.folio !== null && (
        <>
          {prueba && <LeyendaPrueba leyenda={prueba} />}
          <TimbreDte documento={nota} onListo={onTimbreListo} />
        </>
      )}
    </div>
  );
}

/**
 * /pos/comprobante/nota-credito/:id — a nota de crédito (of a void or a return) printed as its own
 * document, outside the app's chrome like the receipt (issue 32: its button printed the voided boleta).
 * Printing waits for the timbre; while it has no folio the page reads it again until it does.
 */
export function NotaCreditoPage({ idMinimarket, idDocumento }: { idMinimarket: number; idDocumento: number }) {
  const location = useLocation();
  const volverA = (location.state as { desde?: string } | null)?.desde ?? '/pos/transacciones';
  const consulta = useQuery(notaCreditoQueryOptions(idMinimarket, idDocumento));
  const nota = consulta.data;
  const ted = nota && nota.folio !== null ? nota.ted : null;
  const [timbreListo, setTimbreListo] = useState<string | null>(null);
  const onTimbreListo = useCallback(() => setTimbreListo(ted), [ted]);
  useEffect(() => {
    if (ted === null) return;
    const espera = window.setTimeout(() => setTimbreListo(ted), ESPERA_TIMBRE_MS);
    return () => window.clearTimeout(espera);
  }, [ted]);
  const imprimible = nota !== undefined && (ted === null || timbreListo === ted);
  const { ancho, elegirAncho, papel, imprimir, reglaImpresion } = usePapelTermico(imprimible ? nota : undefined, location.state);
  const titulo = nota ? `${tituloNota(nota)} · Venta ${nota.referencia_venta}` : 'Nota de crédito';

  return (
    <div className="min-h-screen bg-slate-100 print:min-h-0 print:bg-white">
      <title>{tituloPagina(titulo)}</title>
      <style>{reglaImpresion}</style>
      <main className="mx-auto max-w-xl px-3 py-4 sm:py-8 print:m-0 print:max-w-none print:p-0">
        <div className="mb-4 space-y-3 print:hidden">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-xl font-bold text-slate-900">{titulo}</h1>
            <Link to={volverA} className={buttonClasses('contorno', 'sm')}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Volver
            </Link>
          </div>
          <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3">
            <ElegirAnchoPapel ancho={ancho} onElegir={elegirAncho} />
            <Button ref={imprimir} onClick={() => window.print()} disabled={!imprimible}>
              <Printer className="size-4" aria-hidden="true" /> Imprimir nota de crédito
            </Button>
          </div>
          {nota?.de_prueba && (
            <Alert tipo="aviso">
              Esta nota de crédito la emitió el simulador local: su folio y su timbre no son del SII. Se imprime con la leyenda «
              {LEYENDA_DOCUMENTO_PRUEBA}».
            </Alert>
          )}
          {nota && nota.folio === null && nota.estado !== 'rechazado' && (
            <Alert tipo="info">
              La nota de crédito se está emitiendo. Esta página se actualiza sola y muestra el folio y el timbre apenas lleguen.
            </Alert>
          )}
          {nota?.estado === 'rechazado' && (
            <Alert tipo="error">
              {ETIQUETA_ESTADO_DTE.rechazado}: el proveedor no emitió esta nota de crédito. Revisa el motivo en POS → BOLETAS.
            </Alert>
          )}
        </div>

        {consulta.isPending ? (
          <Loading />
        ) : consulta.isError ? (
          <RetryAlert onReintentar={() => void consulta.refetch()}>
            {mensajeDeError(consulta.error, 'No se pudo cargar la nota de crédito.')}
          </RetryAlert>
        ) : (
          <HojaPapel ref={papel} ancho={ancho} etiqueta={titulo} testId="nota-credito">
            <PapelNota nota={consulta.data} onTimbreListo={onTimbreListo} />
          </HojaPapel>
        )}
      </main>
    </div>
  );
}
