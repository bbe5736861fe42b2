import { referenciaVenta } from '@minimarket/contracts/ventas';
import { ESTADO_VENTA_COMPLETADA } from '@minimarket/contracts/comunes';
import type { Boleta } from '@minimarket/contracts/caja';
import { useQuery } from '@tanstack/react-query';
import { LEYENDA_BOLETA_EN_PROCESO } from '@minimarket/contracts/boletas';
import { useLocation } from 'react-router-dom';
import { Alert } from '../../../../components/ui/alert';
import { cn } from '../../../../utils/cn';
import { formatFechaHora } from '../../../../utils/format';
import { boletaQueryOptions } from '../../api/ventas';
import { HojaPapel, SeparadorPapel } from '../../../../components/shop/papel-termico';
import { usePapelTermico } from '../../../../hooks/use-papel-termico';
import type { AnchoPapel } from '../../../../lib/papel';
import { boletaEmitida, boletaEnProceso, filasTotales, leyendaDePrueba, montosDelRecibo } from '../../utils/comprobante';
import { EncabezadoDte, LeyendaPrueba, SelloPrueba, TimbreDte } from './documento-tributario';
import { LineasComprobante } from './lineas-comprobante';
import { LeyendaEnProceso, PaginaDocumento, TotalesPapel, useTimbreListo } from './pagina-documento';

/** The receipt itself, sized in millimetres for the thermal roll; monospace, black on white. */
function Recibo({ boleta, ancho, onTimbreListo }: { boleta: Boleta; ancho: AnchoPapel; onTimbreListo: () => void }) {
  const m = boleta.minimarket;
  const emitida = boletaEmitida(boleta);
  const prueba = leyendaDePrueba(boleta);
  return (
    <div className="relative">
      {prueba && <SelloPrueba leyenda={prueba} />}
      {emitida ? (
        <EncabezadoDte documento={emitida} nombreTienda={m.nombre} />
      ) : (
        <header className="text-center">
          <p className="text-[1.15em] font-bold uppercase">{m.nombre}</p>
          {m.rut && <p>RUT {m.rut}</p>}
          {m.direccion && <p>{m.direccion}</p>}
          {m.comuna && <p>{m.comuna}</p>}
        </header>
      )}
      {prueba && <LeyendaPrueba leyenda={prueba} />}
      {boletaEnProceso(boleta) && <LeyendaEnProceso testId="boleta-en-proceso">{LEYENDA_BOLETA_EN_PROCESO}</LeyendaEnProceso>}
      <SeparadorPapel />
      <p>Venta {referenciaVenta(boleta)}</p>
      {/* A sale made offline: the reference its provisional receipt carried. */}
      {boleta.referencia_local && <p data-testid="comprobante-referencia">Ref. sin conexión {boleta.referencia_local}</p>}
      <p>{formatFechaHora(boleta.fecha_venta)}</p>
      {boleta.estado_venta !== ESTADO_VENTA_COMPLETADA && (
        <p className="mt-[1mm] text-center font-bold uppercase">Venta {boleta.estado_venta}</p>
      )}
      <SeparadorPapel />
      <LineasComprobante
        lineas={boleta.lineas.map((l) => ({
          nombre: l.nombre_producto,
          cantidad: l.num_unidades,
          unidad: l.unidad,
          precio: l.precio_unitario,
          subtotal: l.subtotal,
          descuento: l.descuento,
        }))}
        motivoDescuento={boleta.motivo_descuento}
      />
      <SeparadorPapel />
      <TotalesPapel filas={filasTotales({ ...boleta, ...montosDelRecibo(boleta) })} prefijoTestId="comprobante" />
      <SeparadorPapel />
      {emitida && (
        <>
          {prueba && <LeyendaPrueba leyenda={prueba} />}
          <TimbreDte documento={emitida} onListo={onTimbreListo} />
          <SeparadorPapel />
        </>
      )}
      {boleta.leyenda && <p className={cn('text-center font-bold', ancho === 58 && 'text-[0.95em]')}>{boleta.leyenda}</p>}
      <p className="mt-[1mm] text-center">¡Gracias por tu compra!</p>
    </div>
  );
}

/**
 * /pos/comprobante/:id?ancho=58|80 — the receipt alone, outside the app's chrome, for a thermal
 * printer (pagina-documento.tsx): it prints as one strip, and Enter prints.
 */
export function ComprobantePage({ idVenta }: { idVenta: number }) {
  const location = useLocation();
  const consulta = useQuery(boletaQueryOptions(idVenta));
  const ted = consulta.data ? (boletaEmitida(consulta.data)?.ted ?? null) : null;
  const { listo, onTimbreListo } = useTimbreListo(ted);
  const imprimible = consulta.data !== undefined && listo;
  const papelTermico = usePapelTermico(imprimible ? consulta.data : undefined, location.state);
  // The shop's number for the sale ('Venta N° 12', an offline sale's provisional reference, an imported
  // sale's own id): never the internal id_venta, which counts every shop's sales.
  const titulo = consulta.data ? `Comprobante · Venta ${referenciaVenta(consulta.data)}` : 'Comprobante de venta';

  return (
    <PaginaDocumento
      titulo={titulo}
      textoImprimir="Imprimir comprobante"
      imprimible={imprimible}
      papelTermico={papelTermico}
      consulta={consulta}
      errorCarga="No se pudo cargar el comprobante."
      avisos={
        <>
          {consulta.data?.de_prueba && (
            <Alert tipo="aviso">
              Esta boleta la emitió el simulador local: su folio y su timbre no son del SII y no vale como boleta. Se imprime con la leyenda
              «{leyendaDePrueba(consulta.data)}».
            </Alert>
          )}
          {consulta.data && boletaEnProceso(consulta.data) && (
            <Alert tipo="info">
              La boleta electrónica se está emitiendo. Esta página se actualiza sola y muestra el folio y el timbre apenas lleguen; si ya
              imprimiste, puedes reimprimirla entonces.
            </Alert>
          )}
          <p className="text-xs text-slate-600">
            En el diálogo de impresión elige tu impresora térmica y tamaño de papel «{papelTermico.ancho} mm» si lo pide; márgenes: ninguno.
          </p>
        </>
      }
    >
      {(boleta) => (
        <HojaPapel
          ref={papelTermico.papel}
          ancho={papelTermico.ancho}
          etiqueta={`Comprobante de la venta ${referenciaVenta(boleta)}`}
          testId="comprobante"
        >
          <Recibo boleta={boleta} ancho={papelTermico.ancho} onTimbreListo={onTimbreListo} />
        </HojaPapel>
      )}
    </PaginaDocumento>
  );
}
