// The pieces every page printed on the thermal roll shares (the receipt, a customer's statement):
// the page around it, the width chooser, the dashed separator and the sheet itself, sized in
// millimetres, monospace.
import { ArrowLeft, Printer } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { tituloPagina } from '../../lib/app-info';
import { ANCHOS_PAPEL, type AnchoPapel } from '../../lib/papel';
import { cn } from '../../utils/cn';
import { Button, buttonClasses } from '../ui/button';

export function ElegirAnchoPapel({ ancho, onElegir }: { ancho: AnchoPapel; onElegir: (a: AnchoPapel) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">Ancho del papel</legend>
      <div className="flex gap-2">
        {ANCHOS_PAPEL.map((a) => (
          <label
            key={a}
            className={cn(
              'flex cursor-pointer items-center rounded-lg border-2 px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marca-600',
              ancho === a ? 'border-marca-700 bg-marca-50 text-marca-900' : 'border-slate-200',
            )}
          >
            <input type="radio" name="ancho" className="sr-only" checked={ancho === a} onChange={() => onElegir(a)} />
            {a} mm
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SeparadorPapel() {
  return <hr className="my-[2mm] border-0 border-t border-dashed border-black" />;
}

/** The printed sheet: black on white, the roll's width; its height is measured through `ref`. */
export function HojaPapel({
  ancho,
  ref,
  etiqueta,
  testId,
  children,
}: {
  ancho: AnchoPapel;
  ref: Ref<HTMLElement>;
  etiqueta: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <article
      ref={ref}
      aria-label={etiqueta}
      data-testid={testId}
      data-ancho={ancho}
      style={{ width: `${ancho}mm` }}
      className={cn(
        'mx-auto bg-white px-[3mm] py-[4mm] font-mono leading-snug text-black shadow-md print:mx-0 print:shadow-none',
        ancho === 58 ? 'text-[10px]' : 'text-[11px]',
      )}
    >
      {children}
    </article>
  );
}

/**
 * A page printed on the thermal roll, outside the app's chrome: its title and «Volver», the width
 * chooser and the print button (none of them on paper, and the button takes the focus once there is
 * something to print: usePapelTermico), any notices, then `children`, the sheet or why there is none.
 */
export function PaginaPapelTermico({
  titulo,
  volverA,
  ancho,
  onElegirAncho,
  imprimir,
  imprimible,
  textoImprimir,
  reglaImpresion,
  avisos,
  children,
}: {
  titulo: string;
  volverA: string;
  ancho: AnchoPapel;
  onElegirAncho: (a: AnchoPapel) => void;
  imprimir: Ref<HTMLButtonElement>;
  imprimible: boolean;
  textoImprimir: string;
  /** The @media print rule that sizes the page to the roll. */
  reglaImpresion: string;
  avisos?: ReactNode;
  children: ReactNode;
}) {
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
            <ElegirAnchoPapel ancho={ancho} onElegir={onElegirAncho} />
            <Button ref={imprimir} onClick={() => window.print()} disabled={!imprimible}>
              <Printer className="size-4" aria-hidden="true" /> {textoImprimir}
            </Button>
          </div>
          {avisos}
        </div>
        {children}
      </main>
    </div>
  );
}
