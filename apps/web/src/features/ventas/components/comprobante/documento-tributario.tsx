// What every printed electronic document shares (the boleta on the receipt, the nota de crédito on its
// own paper): SII's framed title with the issuer, the timbre with its legends, and the legend and
// stamp of a document the local stand-in issued.
import type { BoletaElectronica } from '@minimarket/contracts/boletas';
import { TimbrePdf417 } from '../../../../components/timbre-pdf417';
import { encabezadoDte, rutLegible } from '../../utils/comprobante';

type Documento = Pick<BoletaElectronica, 'tipo' | 'emisor' | 'resolucion' | 'ted'> & { folio: number | null };

/**
 * The issuer as SII knows it, under the document's title (the shop's name stays above when it
 * differs). Without a folio yet the box says so, never a number that is not the document's.
 */
export function EncabezadoDte({ documento, nombreTienda }: { documento: Documento; nombreTienda: string }) {
  const e = documento.emisor;
  const titulo = encabezadoDte(documento.tipo, documento.folio);
  return (
    <header className="text-center">
      {nombreTienda.trim().toLowerCase() !== e.razon_social.trim().toLowerCase() && (
        <p className="text-[1.15em] font-bold uppercase">{nombreTienda}</p>
      )}
      {/* SII's box: the document's type and folio framed, as on every printed DTE. */}
      <p className="my-[1.5mm] border-2 border-black px-[1mm] py-[1mm] font-bold break-words" data-testid="boleta-encabezado">
        {titulo.documento} <span className="whitespace-nowrap">{titulo.numero}</span>
      </p>
      <p className="font-bold break-words uppercase">{e.razon_social}</p>
      <p>RUT {rutLegible(e.rut)}</p>
      <p className="break-words">{e.giro}</p>
      <p className="break-words">{e.direccion}</p>
      <p>{e.comuna}</p>
    </header>
  );
}

/** The SII stamp and its legends, under the totals of a document with its folio. */
export function TimbreDte({ documento, onListo }: { documento: Documento; onListo: () => void }) {
  return (
    <div className="text-center" data-testid="boleta-timbre">
      {documento.ted ? (
        <TimbrePdf417 ted={documento.ted} onListo={onListo} className="mx-auto block w-full" />
      ) : (
        <p>Timbre pendiente: se imprime al reimprimir.</p>
      )}
      <p className="mt-[1mm] font-bold">Timbre Electrónico SII</p>
      <p>
        Res. {documento.resolucion.numero} de {documento.resolucion.anio}
      </p>
      <p>Verifique documento: www.sii.cl</p>
    </div>
  );
}

/**
 * A document the local stand-in issued (issue 31): its folio and timbre look like SII's and are not.
 * The legend goes framed under the header and over the timbre (a strip cut anywhere still says it).
 */
export function LeyendaPrueba({ leyenda }: { leyenda: string }) {
  return (
    <p
      className="my-[1.5mm] border-2 border-black px-[1mm] py-[1mm] text-center font-bold break-words uppercase"
      data-testid="leyenda-prueba"
    >
      {leyenda}
    </p>
  );
}

/** …and stamped diagonally across the whole paper, over everything, so no part of it passes for a document. */
export function SelloPrueba({ leyenda }: { leyenda: string }) {
  return (
    <div
      aria-hidden="true"
      data-testid="sello-prueba"
      className="pointer-events-none absolute inset-0 flex items-center justify-center overflow-hidden"
    >
      <span className="block w-[140%] -rotate-[35deg] border-y-[3px] border-black/50 py-[1mm] text-center text-[1.6em] leading-tight font-bold tracking-wide text-black/50 uppercase">
        {leyenda}
      </span>
    </div>
  );
}

/** How long printing waits for the timbre to be drawn before it goes ahead without it. */
export const ESPERA_TIMBRE_MS = 8_000;
