import { type Documento, type PorDiaDocumentos } from '@minimarket/contracts/boletas';
import { ESTADOS_DTE, ETIQUETA_ESTADO_DTE, type EstadoDte } from '@minimarket/contracts/dte';
import { useQuery } from '@tanstack/react-query';
import { Printer, ReceiptText, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { FechaInput } from '../../../components/ui/fecha-input';
import { Field, Select } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { type ColumnaTabla, type FormaFila, TablaOTarjetas } from '../../../components/ui/tabla-o-tarjetas';
import { Table, Td, Th } from '../../../components/ui/table';
import { useClampedPage } from '../../../hooks/use-clamped-page';
import { useEsTelefono } from '../../../hooks/use-media-query';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { AVISO_SIMULADOR, documentosQueryOptions, emisorQueryOptions, useReintentarDocumento } from '../../../lib/boletas';
import { cn } from '../../../utils/cn';
import { esFechaIso, isoATexto, MENSAJE_FECHA_INVALIDA } from '../../../utils/fechas';
import { formatClp, formatEntero, formatFechaHora } from '../../../utils/format';
import {
  COLOR_ESTADO_DOCUMENTO,
  conteosPorEstado,
  hayDocumentosDePrueba,
  INSIGNIA_PRUEBA,
  nombreTipoDte,
  sePuedeReintentar,
  tituloDocumento,
} from '../utils/boletas';
import { rutaNotaCredito } from '../utils/nota-credito';

export const PAGE_SIZE_DOCUMENTOS = 20;

/**
 * POS → BOLETAS (issue #23): the documents the server's outbox sends to the provider. How many are in
 * each state, how many were issued each day, and the list, filterable by state and day; a rejected
 * one says why and can be sent again. The owner sees their shop; an administrador, the chosen one.
 */
export function BoletasPage({ idMinimarket }: { idMinimarket: number }) {
  const [estado, setEstado] = useState<EstadoDte | ''>('');
  const [dia, setDia] = useState('');
  const [pagina, setPagina] = useState(1);
  const diaValido = dia === '' || esFechaIso(dia);
  const consulta = useQuery({
    ...documentosQueryOptions({
      idMinimarket,
      pagina,
      tamano: PAGE_SIZE_DOCUMENTOS,
      estado: estado || undefined,
      dia: diaValido && dia ? dia : undefined,
    }),
    enabled: diaValido,
  });
  const paginas = useClampedPage({
    pagina,
    setPagina,
    total: consulta.data?.total,
    tamano: PAGE_SIZE_DOCUMENTOS,
    isFetching: consulta.isFetching,
  });
  const filtrar = (cambios: { estado?: EstadoDte | ''; dia?: string }) => {
    if (cambios.estado !== undefined) setEstado(cambios.estado);
    if (cambios.dia !== undefined) setDia(cambios.dia);
    setPagina(1);
  };
  const conFiltros = estado !== '' || dia !== '';

  return (
    <>
      <title>{tituloPagina('Boletas electrónicas')}</title>
      <div className="space-y-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Boletas electrónicas</h2>
          <p className="mt-1 text-sm text-slate-600">
            Cada venta pide su boleta al proveedor; si no responde, la venta sigue y la boleta queda pendiente hasta que se pueda enviar.
            Aquí ves las pendientes, las rechazadas (con su motivo) y las emitidas por día.
          </p>
        </div>
        <AvisoEmisor idMinimarket={idMinimarket} />
        {hayDocumentosDePrueba(consulta.data?.documentos) && (
          <Alert tipo="aviso">
            <span className="font-semibold">{INSIGNIA_PRUEBA.detalle}.</span> Los documentos marcados «{INSIGNIA_PRUEBA.texto}» los emitió
            el simulador local: sus folios no son del SII y su comprobante se imprime con esa leyenda.
          </Alert>
        )}
        <ConteosPorEstado
          porEstado={consulta.data?.por_estado}
          elegido={estado}
          onElegir={(e) => filtrar({ estado: e === estado ? '' : e })}
        />
        <EmitidosPorDia porDia={consulta.data?.por_dia} elegido={dia} onElegir={(d) => filtrar({ dia: d === dia ? '' : d })} />
        <Card className="p-4 sm:p-5">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h3 className="text-lg font-semibold text-slate-900">Documentos</h3>
            <div className="flex flex-wrap items-end gap-3">
              <Field label="Estado" className="w-48">
                {(p) => (
                  <Select {...p} value={estado} onChange={(e) => filtrar({ estado: e.target.value as EstadoDte | '' })}>
                    <option value="">Todos los estados</option>
                    {ESTADOS_DTE.map((e) => (
                      <option key={e} value={e}>
                        {ETIQUETA_ESTADO_DTE[e]}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field label="Día" className="w-48" error={diaValido ? undefined : MENSAJE_FECHA_INVALIDA}>
                {(p) => <FechaInput {...p} value={dia} onChange={(d) => filtrar({ dia: d })} />}
              </Field>
              {conFiltros && (
                <Button variante="contorno" onClick={() => filtrar({ estado: '', dia: '' })}>
                  Quitar filtros
                </Button>
              )}
            </div>
          </div>
          <QueryResult
            className="mt-3"
            query={consulta}
            filas={(d) => d.documentos}
            error={mensajeDeError(consulta.error, 'No se pudieron cargar los documentos.')}
            vacio={
              conFiltros ? (
                <p className="py-6 text-center text-sm text-slate-600">No hay documentos con estos filtros.</p>
              ) : (
                <EmptyState icono={ReceiptText} titulo="Aún no hay boletas">
                  Cuando la tienda emita boletas electrónicas, cada venta aparecerá aquí con su folio y lo que respondió el SII.
                </EmptyState>
              )
            }
          >
            {(documentos) => <ListaDocumentos idMinimarket={idMinimarket} documentos={documentos} />}
          </QueryResult>
          {consulta.data && <Pagination className="mt-3" pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
        </Card>
      </div>
    </>
  );
}

/** Whether the shop issues boletas at all, and with what: said before any figure. */
function AvisoEmisor({ idMinimarket }: { idMinimarket: number }) {
  const { data } = useQuery(emisorQueryOptions(idMinimarket));
  if (!data) return null;
  if (!data.emitir) {
    return (
      <Alert
        tipo="aviso"
        accion={
          <Link to="/configuracion" className="font-medium underline">
            Ir a Configuración
          </Link>
        }
      >
        Esta tienda no está emitiendo boletas electrónicas: actívalas en Configuración, sección «Boleta electrónica».
      </Alert>
    );
  }
  return data.proveedor === 'simulador' ? <Alert tipo="aviso">{AVISO_SIMULADOR}</Alert> : null;
}

/** One card per state; choosing one filters the list by it (choosing it again shows all). */
function ConteosPorEstado({
  porEstado,
  elegido,
  onElegir,
}: {
  porEstado: Partial<Record<EstadoDte, number>> | undefined;
  elegido: EstadoDte | '';
  onElegir: (estado: EstadoDte) => void;
}) {
  return (
    <section aria-label="Documentos por estado" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {conteosPorEstado(porEstado).map((c) => (
        <button
          key={c.estado}
          type="button"
          aria-pressed={elegido === c.estado}
          onClick={() => onElegir(c.estado)}
          data-testid={`conteo-${c.estado}`}
          className={cn(
            'rounded-xl border bg-white p-3 text-left shadow-sm hover:bg-slate-50',
            elegido === c.estado ? 'border-marca-700 ring-2 ring-marca-600' : 'border-slate-200',
            // Five cards in two columns: the last one takes the whole row instead of leaving a hole.
            c.estado === 'rechazado' && 'col-span-2 sm:col-span-1',
          )}
        >
          <Badge color={COLOR_ESTADO_DOCUMENTO[c.estado]}>{c.nombre}</Badge>
          <span className="mt-2 block text-2xl font-bold text-slate-900 tabular-nums">{porEstado ? formatEntero(c.cantidad) : '—'}</span>
        </button>
      ))}
    </section>
  );
}

/**
 * Issued per day (with a folio): the boletas and what they charged, the notas de crédito and what they
 * credited, and the net, so a sale voided the same day nets to $0. A day filters the list.
 */
function EmitidosPorDia({
  porDia,
  elegido,
  onElegir,
}: {
  porDia: readonly PorDiaDocumentos[] | undefined;
  elegido: string;
  onElegir: (dia: string) => void;
}) {
  const telefono = useEsTelefono();
  if (!porDia) return null;
  const notas = (monto: number) => (monto > 0 ? `−${formatClp(monto)}` : formatClp(0));
  const botonDia = (d: PorDiaDocumentos, clase: string) => (
    <button
      type="button"
      className={clase}
      aria-pressed={elegido === d.dia}
      aria-label={`Ver los documentos del ${isoATexto(d.dia)}`}
      onClick={() => onElegir(d.dia)}
    >
      {isoATexto(d.dia)}
    </button>
  );
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-lg font-semibold text-slate-900">Emitidos por día</h3>
      <p className="mt-1 text-sm text-slate-600">
        Las notas de crédito (de anulaciones y devoluciones) se restan: el neto es lo que las boletas del día cobraron menos lo que las
        notas acreditaron.
      </p>
      {porDia.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Todavía no hay documentos emitidos con folio.</p>
      ) : telefono ? (
        // Six columns do not fit 390 px: one card per day, the net first.
        <ul className="mt-3 space-y-2" aria-label="Documentos emitidos por día">
          {porDia.map((d) => (
            <li
              key={d.dia}
              data-testid={`emitidos-${d.dia}`}
              className={cn('rounded-lg border border-slate-200 p-3 text-sm', elegido === d.dia && 'border-marca-700 bg-marca-50')}
            >
              <div className="flex items-center justify-between gap-3">
                {botonDia(d, 'min-h-11 font-medium text-marca-800 underline underline-offset-2')}
                <span className="font-semibold tabular-nums">
                  Neto <span data-testid="neto-dia">{formatClp(d.neto)}</span>
                </span>
              </div>
              <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-slate-700 tabular-nums">
                <dt>
                  Boletas: <span data-testid="boletas-dia">{formatEntero(d.boletas)}</span>
                </dt>
                <dd className="text-right">{formatClp(d.monto_boletas)}</dd>
                <dt>
                  Notas de crédito: <span data-testid="notas-dia">{formatEntero(d.notas_credito)}</span>
                </dt>
                <dd className="text-right">{notas(d.monto_notas_credito)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <Table caption="Documentos emitidos por día">
            <thead>
              <tr>
                <Th>Día</Th>
                <Th className="text-right">Boletas</Th>
                <Th className="text-right">Monto boletas</Th>
                <Th className="text-right">Notas de crédito</Th>
                <Th className="text-right">Monto notas</Th>
                <Th className="text-right">Neto</Th>
              </tr>
            </thead>
            <tbody>
              {porDia.map((d) => (
                <tr key={d.dia} data-testid={`emitidos-${d.dia}`} className={cn(elegido === d.dia && 'bg-marca-50')}>
                  <Td className="whitespace-nowrap">{botonDia(d, 'font-medium text-marca-800 underline-offset-2 hover:underline')}</Td>
                  <Td className="text-right tabular-nums" data-testid="boletas-dia">
                    {formatEntero(d.boletas)}
                  </Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">{formatClp(d.monto_boletas)}</Td>
                  <Td className="text-right tabular-nums" data-testid="notas-dia">
                    {formatEntero(d.notas_credito)}
                  </Td>
                  <Td className="text-right whitespace-nowrap tabular-nums">{notas(d.monto_notas_credito)}</Td>
                  <Td className="text-right font-semibold whitespace-nowrap tabular-nums" data-testid="neto-dia">
                    {formatClp(d.neto)}
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}

function ListaDocumentos({ idMinimarket, documentos }: { idMinimarket: number; documentos: readonly Documento[] }) {
  const reintentar = useReintentarDocumento();
  const enviarDeNuevo = async (d: Documento) => {
    try {
      await reintentar.mutateAsync({ idDocumento: d.id_documento, idMinimarket });
      toast.success('El documento volvió a la cola: se enviará en unos segundos.', { duration: 3000 });
    } catch (e) {
      toast.error(mensajeDeError(e, 'No se pudo reintentar el documento.'));
    }
  };
  const acciones = (d: Documento, forma: FormaFila) => (
    <>
      {sePuedeReintentar(d) && (
        <Button
          tamano="sm"
          className={cn(forma === 'tarjeta' && 'flex-1')}
          disabled={reintentar.isPending}
          aria-label={`Reintentar ${tituloDocumento(d)}, venta N° ${d.numero_venta}`}
          onClick={() => void enviarDeNuevo(d)}
        >
          <RotateCcw className="size-4" aria-hidden="true" /> Reintentar
        </Button>
      )}
      {/* A boleta: the sale's receipt, to reprint it with its folio. A nota de crédito: its own paper (issue 32),
          never the voided boleta. An icon in the table (the reason needs the room), words on a card. */}
      <Link
        to={d.tipo === 61 ? rutaNotaCredito(d) : `/pos/comprobante/${d.id_venta}`}
        state={{ desde: '/pos/boletas' }}
        className={
          forma === 'tarjeta'
            ? cn(buttonClasses('contorno', 'sm'), 'flex-1')
            : 'ml-1 inline-flex rounded-md p-2 align-middle text-slate-600 hover:bg-slate-100 hover:text-slate-900'
        }
        aria-label={
          d.tipo === 61
            ? `Imprimir nota de crédito ${d.folio === null ? '(en proceso)' : `N° ${d.folio}`}, venta N° ${d.numero_venta}`
            : `Comprobante de la venta N° ${d.numero_venta}`
        }
        title={forma === 'tabla' ? (d.tipo === 61 ? 'Ver e imprimir la nota de crédito' : 'Ver e imprimir el comprobante') : undefined}
      >
        <Printer className="size-4" aria-hidden="true" />
        {forma === 'tarjeta' && (d.tipo === 61 ? ' Imprimir nota de crédito' : ' Comprobante')}
      </Link>
    </>
  );
  return (
    // Cards on a phone: eight columns cut to 390 px would hide the state, the reason and Reintentar.
    <TablaOTarjetas
      caption="Documentos tributarios electrónicos"
      filas={documentos}
      clave={(d) => d.id_documento}
      columnas={COLUMNAS_DOCUMENTOS}
      acciones={acciones}
      tituloAcciones=""
      propsFila={(d) => ({ 'data-testid': `documento-${d.id_documento}`, 'data-estado': d.estado })}
    />
  );
}

const COLUMNAS_DOCUMENTOS: ColumnaTabla<Documento>[] = [
  // A card's heading says type and folio in one line; the table has them in their own columns.
  { titulo: 'Documento', enTarjeta: 'titulo', claseTabla: 'hidden', celda: (d) => tituloDocumento(d) },
  {
    titulo: 'Tipo',
    enTarjeta: 'oculta',
    celda: (d) => (
      <>
        <span className="block">{nombreTipoDte(d.tipo)}</span>
        {d.referencia_folio !== null && <span className="block text-xs text-slate-600">Corrige la N° {d.referencia_folio}</span>}
      </>
    ),
  },
  { titulo: 'Folio', enTarjeta: 'oculta', derecha: true, celda: (d) => (d.folio === null ? '—' : d.folio) },
  {
    titulo: 'Venta N°',
    derecha: true,
    // The date under the number: a column of its own would leave the reason no room.
    celda: (d) => (
      <>
        <span className="block">{d.numero_venta}</span>
        <span className="block text-xs whitespace-nowrap text-slate-600">{formatFechaHora(d.creado_en)}</span>
      </>
    ),
  },
  { titulo: 'Total', derecha: true, celda: (d) => formatClp(d.total) },
  {
    titulo: 'Estado',
    celda: (d) => (
      <span className="inline-flex flex-wrap gap-1">
        <Badge color={COLOR_ESTADO_DOCUMENTO[d.estado]}>{ETIQUETA_ESTADO_DTE[d.estado]}</Badge>
        {/* Issued by the local stand-in (issue 31): whatever its state, it is no document for SII. */}
        {d.de_prueba && (
          <span title={INSIGNIA_PRUEBA.detalle} data-testid={`insignia-prueba-${d.id_documento}`}>
            <Badge color="gris" className="font-bold uppercase ring-slate-700">
              {INSIGNIA_PRUEBA.texto}
              <span className="sr-only">: {INSIGNIA_PRUEBA.detalle}</span>
            </Badge>
          </span>
        )}
      </span>
    ),
  },
  {
    titulo: 'Motivo',
    claseTabla: 'min-w-48 max-w-96 text-slate-700',
    celda: (d) =>
      d.motivo ?? (
        <span className="text-slate-500" aria-label="Sin motivo">
          —
        </span>
      ),
  },
];
