import type { Turno } from '@minimarket/contracts/caja';
import { useQuery } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { flushSync } from 'react-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { useCajaCompartida } from '../../../lib/caja-compartida/provider';
import { useCurrentShop } from '../../../lib/current-shop';
import { formatClp, formatFechaHora } from '../../../utils/format';
import { turnoActualQueryOptions } from '../../../lib/caja';
import { AbrirTurnoForm } from './abrir-turno-form';
import { CierreTurno } from './cierre-turno';
import { HistorialTurnos } from './historial-turnos';
import { InformeTurno } from './informe-turno';
import { MovimientoForm } from './movimiento-form';
import { esConteoCiego } from '../utils/caja';

interface Impresion {
  turno: Turno;
  titulo: string;
}

function tituloCierre(turno: Turno) {
  return `Informe de cierre del turno N° ${turno.numero_turno}`;
}

/** The open shift: who opened it, with what, the "X" report on demand (and its print), cash in and out, and the close. */
function TurnoAbierto({
  turno,
  verInformeX,
  setVerInformeX,
  refrescar,
  onImprimir,
  onCerrado,
}: {
  turno: Turno;
  verInformeX: boolean;
  setVerInformeX: Dispatch<SetStateAction<boolean>>;
  refrescar: () => Promise<Turno | null>;
  onImprimir: (i: Impresion) => void;
  onCerrado: (cerrado: Turno) => void;
}) {
  return (
    <>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-slate-900">Turno abierto</h3>
            <p className="text-sm text-slate-600" data-testid="turno-abierto">
              Turno N° {turno.numero_turno}, abierto el {formatFechaHora(turno.abierto_en)} con {formatClp(turno.monto_inicial)}
              {turno.nombre_usuario_apertura ? ` por ${turno.nombre_usuario_apertura}` : ''}.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variante="contorno" aria-expanded={verInformeX} aria-controls="informe-x" onClick={() => setVerInformeX((v) => !v)}>
              {verInformeX ? 'Ocultar informe X' : 'Ver informe X'}
            </Button>
            {verInformeX && (
              <Button variante="contorno" onClick={() => onImprimir({ turno, titulo: `Informe X del turno N° ${turno.numero_turno}` })}>
                <Printer className="size-4" aria-hidden="true" /> Imprimir informe X
              </Button>
            )}
          </div>
        </div>
        {verInformeX ? (
          <div id="informe-x" className="mt-4">
            <InformeTurno turno={turno} titulo="Informe X (cifras del turno en curso)" />
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-600">
            {esConteoCiego(turno)
              ? 'El informe X muestra cuántas ventas lleva el turno y los ingresos y retiros.'
              : 'El informe X muestra las ventas del turno y el efectivo esperado. Si vas a cerrar, cuenta antes de abrirlo.'}
          </p>
        )}
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <MovimientoForm idTurno={turno.id_turno} />
        <CierreTurno key={turno.id_turno} turno={turno} refrescar={refrescar} onCerrado={onCerrado} />
      </div>
    </>
  );
}

/** The shift just closed: what was counted (a cashier's blind count) or its close report, «Listo» and its print. */
function CierreReciente({ turno, onListo, onImprimir }: { turno: Turno; onListo: () => void; onImprimir: (i: Impresion) => void }) {
  return (
    <Card className="border-green-200 p-4 sm:p-5">
      {esConteoCiego(turno) ? (
        // A cashier's blind count: what they counted, and nothing they could check it against.
        <Alert tipo="exito">
          <span data-testid="conteo-registrado">
            Conteo registrado: {turno.monto_contado !== null ? formatClp(turno.monto_contado) : '—'}. La caja quedó cerrada; el dueño revisa
            si cuadra.
          </span>
        </Alert>
      ) : (
        <Alert tipo="exito">Caja cerrada. Este es el informe de cierre; queda también en Turnos cerrados.</Alert>
      )}
      <InformeTurno turno={turno} titulo={tituloCierre(turno)} className="mt-4" />
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variante="contorno" onClick={onListo}>
          Listo
        </Button>
        <Button onClick={() => onImprimir({ turno, titulo: tituloCierre(turno) })}>
          <Printer className="size-4" aria-hidden="true" /> Imprimir informe de cierre
        </Button>
      </div>
    </Card>
  );
}

/**
 * POS → CAJA: open the shift, cash in and out, the running "X" report, the blind close and the
 * closed shifts. Printing a report prints that report alone: the rest of the page is print:hidden.
 */
export function CajaPage({ idMinimarket }: { idMinimarket: number }) {
  const { nombre } = useCurrentShop();
  const { bloquear } = useCajaCompartida();
  const esCajero = useAuth().user?.rol === 'cajero';
  const consulta = useQuery(turnoActualQueryOptions(idMinimarket));
  const [verInformeX, setVerInformeX] = useState(false);
  const [recienCerrado, setRecienCerrado] = useState<Turno | null>(null);
  const [impresion, setImpresion] = useState<Impresion | null>(null);

  // The report to print is put on the page (print:block) before the print dialog opens, and
  // taken away after printing ('afterprint': some browsers do not block in window.print).
  const imprimir = (i: Impresion) => {
    flushSync(() => setImpresion(i));
    window.addEventListener('afterprint', () => setImpresion(null), { once: true });
    window.print();
  };

  const turno = consulta.data;
  let principal;
  if (consulta.isPending) principal = <Loading />;
  else if (consulta.isError)
    principal = (
      <RetryAlert onReintentar={() => void consulta.refetch()}>{mensajeDeError(consulta.error, 'No se pudo cargar la caja.')}</RetryAlert>
    );
  else if (!turno) principal = <AbrirTurnoForm idMinimarket={idMinimarket} />;
  else
    principal = (
      <TurnoAbierto
        turno={turno}
        verInformeX={verInformeX}
        setVerInformeX={setVerInformeX}
        refrescar={async () => (await consulta.refetch()).data ?? null}
        onImprimir={imprimir}
        onCerrado={(cerrado) => {
          setVerInformeX(false);
          setRecienCerrado(cerrado);
          // A shared till locks right after its shift closes (docs/cajeros.md); the PIN screen says what was counted.
          bloquear(
            `Turno N° ${cerrado.numero_turno} cerrado. Conteo registrado: ${cerrado.monto_contado !== null ? formatClp(cerrado.monto_contado) : '—'}.`,
          );
        }}
      />
    );

  return (
    <>
      <title>{tituloPagina('Caja')}</title>
      <div className={impresion ? 'space-y-4 print:hidden' : 'space-y-4'}>
        <h2 className="sr-only">Caja</h2>
        {recienCerrado && <CierreReciente turno={recienCerrado} onListo={() => setRecienCerrado(null)} onImprimir={imprimir} />}
        {principal}
        {/* Past shifts carry their differences: the owner's, not a cashier's (who counts blind). */}
        {!esCajero && <HistorialTurnos idMinimarket={idMinimarket} onImprimir={(t) => imprimir({ turno: t, titulo: tituloCierre(t) })} />}
      </div>
      {impresion && (
        <div className="hidden print:block">
          {nombre && <p className="text-sm text-slate-600">{nombre}</p>}
          <InformeTurno turno={impresion.turno} titulo={impresion.titulo} />
        </div>
      )}
    </>
  );
}
