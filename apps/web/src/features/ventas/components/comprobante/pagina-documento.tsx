// What the pages of a printed electronic document share (the sale's receipt, a nota de crédito):
// the page outside the app's chrome with its title, its way back, the paper width and the print
// button; printing that waits for the timbre; the totals and the «en proceso» legend on the paper.
import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PaginaPapelTermico } from '../../../../components/shop/papel-termico';
import { Loading } from '../../../../components/ui/loading';
import { RetryAlert } from '../../../../components/ui/query-result';
import type { usePapelTermico } from '../../../../hooks/use-papel-termico';
import { mensajeDeError } from '../../../../lib/api-client';
import { cn } from '../../../../utils/cn';
import type { FilaTotales } from '../../utils/comprobante';
import { ESPERA_TIMBRE_MS } from './documento-tributario';

/**
 * Whether the document's timbre (`ted`, null when it has none) is drawn: the stamp is drawn after the
 * data arrives (its encoder loads on demand), and printing waits for it, or the paper would come out
 * without the timbre. Keyed by the stamp, so a new one waits again. A stamp that cannot be drawn (its
 * encoder failed to load, a TED it refuses) never says it is ready: after a while the document prints
 * anyway, rather than not at all.
 */
export function useTimbreListo(ted: string | null) {
  const [timbreListo, setTimbreListo] = useState<string | null>(null);
  const onTimbreListo = useCallback(() => setTimbreListo(ted), [ted]);
  useEffect(() => {
    if (ted === null) return;
    const espera = window.setTimeout(() => setTimbreListo(ted), ESPERA_TIMBRE_MS);
    return () => window.clearTimeout(espera);
  }, [ted]);
  return { listo: ted === null || timbreListo === ted, onTimbreListo };
}

/**
 * The page of a printed document, for a thermal printer. The @page rule (`papelTermico`) takes the
 * chosen width and the paper's own length (a roll has no fixed page), so it prints as one strip; the
 * print button has the focus on arrival: Enter prints. `avisos`: what the page says over the paper
 * (never printed); `children`: the paper with the document, once `consulta` has it.
 */
export function PaginaDocumento<T>({
  titulo,
  textoImprimir,
  imprimible,
  papelTermico,
  consulta,
  errorCarga,
  avisos,
  children,
}: {
  titulo: string;
  textoImprimir: string;
  imprimible: boolean;
  papelTermico: ReturnType<typeof usePapelTermico>;
  consulta: UseQueryResult<T>;
  errorCarga: string;
  avisos: ReactNode;
  children: (datos: T) => ReactNode;
}) {
  const location = useLocation();
  const volverA = (location.state as { desde?: string } | null)?.desde ?? '/pos/transacciones';
  const { ancho, elegirAncho, imprimir, reglaImpresion } = papelTermico;

  return (
    <PaginaPapelTermico
      titulo={titulo}
      volverA={volverA}
      ancho={ancho}
      onElegirAncho={elegirAncho}
      imprimir={imprimir}
      imprimible={imprimible}
      textoImprimir={textoImprimir}
      reglaImpresion={reglaImpresion}
      avisos={avisos}
    >
      {consulta.isPending ? (
        <Loading />
      ) : consulta.isError ? (
        <RetryAlert onReintentar={() => void consulta.refetch()}>{mensajeDeError(consulta.error, errorCarga)}</RetryAlert>
      ) : (
        children(consulta.data)
      )}
    </PaginaPapelTermico>
  );
}

/** A document's totals on the paper; each amount's test id is `prefijoTestId` and its label ('comprobante-total'). */
export function TotalesPapel({ filas, prefijoTestId }: { filas: FilaTotales[]; prefijoTestId: string }) {
  return (
    <dl>
      {filas.map((f) => (
        <div key={f.etiqueta} className={cn('flex justify-between gap-[2mm]', f.destacada && 'text-[1.15em] font-bold')}>
          <dt>{f.etiqueta}</dt>
          <dd className="text-right" data-testid={`${prefijoTestId}-${f.etiqueta.toLowerCase().replace(/\W+/g, '-')}`}>
            {f.valor}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A document still without its folio says so on the paper, framed in dashes. */
export function LeyendaEnProceso({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p className="mt-[1.5mm] border border-dashed border-black py-[1mm] text-center font-bold uppercase" data-testid={testId}>
      {children}
    </p>
  );
}
