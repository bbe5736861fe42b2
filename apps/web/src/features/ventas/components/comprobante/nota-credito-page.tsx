import { LEYENDA_DOCUMENTO_PRUEBA, LEYENDA_NOTA_EN_PROCESO, type NotaCredito } from '@minimarket/contracts/boletas';
import { ETIQUETA_ESTADO_DTE } from '@minimarket/contracts/dte';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { HojaPapel, SeparadorPapel } from '../../../../components/shop/papel-termico';
import { Alert } from '../../../../components/ui/alert';
import { usePapelTermico } from '../../../../hooks/use-papel-termico';
import { notaCreditoQueryOptions } from '../../../../lib/boletas';
import { formatFechaHora } from '../../../../utils/format';
import { filasTotales } from '../../utils/comprobante';
import { referenciaNota, tituloNota } from '../../../boletas';
import { EncabezadoDte, LeyendaPrueba, SelloPrueba, TimbreDte } from './documento-tributario';
import { LineasComprobante } from './lineas-comprobante';
import { LeyendaEnProceso, PaginaDocumento, TotalesPapel, useTimbreListo } from './pagina-documento';

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
      {nota.folio === null && <LeyendaEnProceso testId="nota-en-proceso">{LEYENDA_NOTA_EN_PROCESO}</LeyendaEnProceso>}
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
      <TotalesPapel filas={totales} prefijoTestId="nota" />
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
  const consulta = useQuery(notaCreditoQueryOptions(idMinimarket, idDocumento));
  const nota = consulta.data;
  const { listo, onTimbreListo } = useTimbreListo(nota && nota.folio !== null ? nota.ted : null);
  const imprimible = nota !== undefined && listo;
  const papelTermico = usePapelTermico(imprimible ? nota : undefined, location.state);
  const titulo = nota ? `${tituloNota(nota)} · Venta ${nota.referencia_venta}` : 'Nota de crédito';

  return (
    <PaginaDocumento
      titulo={titulo}
      textoImprimir="Imprimir nota de crédito"
      imprimible={imprimible}
      papelTermico={papelTermico}
      consulta={consulta}
      errorCarga="No se pudo cargar la nota de crédito."
      avisos={
        <>
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
        </>
      }
    >
      {(datos) => (
        <HojaPapel ref={papelTermico.papel} ancho={papelTermico.ancho} etiqueta={titulo} testId="nota-credito">
          <PapelNota nota={datos} onTimbreListo={onTimbreListo} />
        </HojaPapel>
      )}
    </PaginaDocumento>
  );
}
