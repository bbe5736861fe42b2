import { referenciaVenta } from '@minimarket/contracts/ventas';
import { ESTADO_VENTA_COMPLETADA } from '@minimarket/contracts/comunes';
import type { Boleta } from '@minimarket/contracts/caja';
import { useQuery } from '@tanstack/react-query';
import { LEYENDA_BOLETA_EN_PROCESO } from '@minimarket/contracts/boletas';
import { useCallback, useEffect, useState } from 'react';
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Loading } from '../../../../components/ui/loading';
import { RetryAlert } from '../../../../components/ui/query-result';
import { mensajeDeError } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { cn } from '../../../../utils/cn';
import { formatFechaHora } from '../../../../utils/format';
import { boletaQueryOptions } from '../../api/ventas';
import { ElegirAnchoPapel, HojaPapel, SeparadorPapel } from '../../../../components/shop/papel-termico';
import { usePapelTermico } from '../../../../hooks/use-papel-termico';
import type { AnchoPapel } from '../../../../lib/papel';
import { boletaEmitida, boletaEnProceso, filasTotales, leyendaDePrueba, montosDelRecibo } from '../../utils/comprobante';
import { EncabezadoDte, ESPERA_TIMBRE_MS, LeyendaPrueba, SelloPrueba, TimbreDte } from './documento-tributario';
import { LineasComprobante } from './lineas-comprobante';

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
      {boletaEnProceso(boleta) && (
        <p
          className="mt-[1.5mm] border border-dashed border-black py-[1mm] text-center font-bold uppercase"
          data-testid="boleta-en-proceso"
        >
          {LEYENDA_BOLETA_EN_PROCESO}
        </p>
      )}
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
      <dl>
        {filasTotales({ ...boleta, ...montosDelRecibo(boleta) }).map((f) => (
          <div key={f.etiqueta} className={cn('flex justify-between gap-[2mm]', f.destacada && 'text-[1.15em] font-bold')}>
            <dt>{f.etiqueta}</dt>
            <dd className="text-right" data-testid={`comprobante-${f.etiqueta.toLowerCase().replace(/\W+/g, '-')}`}>
              {f.valor}
            </dd>
          </div>
        ))}
      </dl>
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
 * printer. The @page rule takes the chosen width and the receipt's own length (a roll has no
 * fixed page), so it prints as one strip. The print button has the focus on arrival: Enter prints.
 */
export function ComprobantePage({ idVenta }: { idVenta: number }) {
  const location = useLocation();
  const volverA = (location.state as { desde?: string } | null)?.desde ?? '/pos/transacciones';
  const consulta = useQuery(boletaQueryOptions(idVenta));
  // The stamp is drawn after the data arrives (its encoder loads on demand): printing waits for it,
  // or the paper would come out without the timbre. Keyed by the stamp, so a new one waits again.
  const ted = consulta.data ? (boletaEmitida(consulta.data)?.ted ?? null) : null;
  const [timbreListo, setTimbreListo] = useState<string | null>(null);
  const onTimbreListo = useCallback(() => setTimbreListo(ted), [ted]);
  // A stamp that cannot be drawn (its encoder failed to load, a TED it refuses) never says it is
  // ready: after a while the receipt prints anyway, rather than not at all.
  useEffect(() => {
    if (ted === null) return;
    const espera = window.setTimeout(() => setTimbreListo(ted), ESPERA_TIMBRE_MS);
    return () => window.clearTimeout(espera);
  }, [ted]);
  const imprimible = consulta.data !== undefined && (ted === null || timbreListo === ted);
  const { ancho, elegirAncho, papel, imprimir, reglaImpresion } = usePapelTermico(imprimible ? consulta.data : undefined, location.state);
  // The shop's number for the sale ('Venta N° 12', an offline sale's provisional reference, an imported
  // sale's own id): never the internal id_venta, which counts every shop's sales.
  const titulo = consulta.data ? `Comprobante · Venta ${referenciaVenta(consulta.data)}` : 'Comprobante de venta';

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
              <Printer className="size-4" aria-hidden="true" /> Imprimir comprobante
            </Button>
          </div>
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
            En el diálogo de impresión elige tu impresora térmica y tamaño de papel «{ancho} mm» si lo pide; márgenes: ninguno.
          </p>
        </div>

        {consulta.isPending ? (
          <Loading />
        ) : consulta.isError ? (
          <RetryAlert onReintentar={() => void consulta.refetch()}>
            {mensajeDeError(consulta.error, 'No se pudo cargar el comprobante.')}
          </RetryAlert>
        ) : (
          <HojaPapel ref={papel} ancho={ancho} etiqueta={`Comprobante de la venta ${referenciaVenta(consulta.data)}`} testId="comprobante">
            <Recibo boleta={consulta.data} ancho={ancho} onTimbreListo={onTimbreListo} />
          </HojaPapel>
        )}
      </main>
    </div>
  );
}
