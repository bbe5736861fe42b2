// The pieces every page printed on the thermal roll shares (the receipt, a customer's statement):
// the width chooser, the dashed separator and the sheet itself, sized in millimetres, monospace.
import type { ReactNode, Ref } from 'react';
import { ANCHOS_PAPEL, type AnchoPapel } from '../../lib/papel';
import { cn } from '../../utils/cn';

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
