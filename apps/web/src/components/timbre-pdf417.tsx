// STAND-IN until the real component lands (branch dte-proveedor draws the TED as a PDF417 with
// bwip-js): same export and props, so the receipt compiles and its tests find the stamp's place.
// Replace this file with that branch's version when merging.
import { useEffect } from 'react';

export function TimbrePdf417({
  className,
  onListo,
}: {
  /** The `<TED version="1.0">…</TED>` XML of the document. */
  ted: string;
  /** Data columns of the PDF417 (13 by default). */
  columnas?: number;
  className?: string;
  /** Called once the stamp is drawn: a receipt prints only after it. */
  onListo?: () => void;
}) {
  useEffect(() => onListo?.(), [onListo]);
  return <div data-testid="timbre-pdf417" className={className} />;
}
