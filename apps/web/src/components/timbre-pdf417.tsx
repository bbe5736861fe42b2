// The SII stamp on a printed boleta: the TED as a PDF417 barcode, drawn in the browser from the text
// the provider returned. The encoder loads on first use (import() below), never with the login or
// the till: a receipt without a boleta never downloads it.
import { useEffect, useState } from 'react';

/** What was drawn, and for which stamp: a newer stamp shows «cargando» until its own drawing arrives. */
type Dibujo = { clave: string; src: string | null };

export function TimbrePdf417({
  ted,
  columnas,
  className,
  onListo,
}: {
  /** The `<TED version="1.0">…</TED>` XML of the document. */
  ted: string;
  /** Data columns of the PDF417 (13 by default). */
  columnas?: number;
  className?: string;
  /** Called once the stamp's image is loaded: a receipt prints only after it. */
  onListo?: () => void;
}) {
  const clave = `${columnas ?? ''}|${ted}`;
  const [dibujo, setDibujo] = useState<Dibujo | null>(null);

  useEffect(() => {
    let vigente = true;
    import('./timbre-pdf417-svg')
      .then(({ svgTimbrePdf417 }) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgTimbrePdf417(ted, columnas))}`)
      .then(
        (src) => vigente && setDibujo({ clave, src }),
        () => vigente && setDibujo({ clave, src: null }),
      );
    return () => {
      vigente = false;
    };
  }, [clave, ted, columnas]);

  if (!dibujo || dibujo.clave !== clave) {
    return <div role="status" aria-label="Dibujando el timbre electrónico" className={className} style={{ aspectRatio: '3 / 1' }} />;
  }
  if (dibujo.src === null) return <p className={className}>No se pudo dibujar el timbre electrónico.</p>;
  // An <img> of the SVG, not injected markup: it scales to the sheet's width and stays vector when printed.
  return (
    <img
      src={dibujo.src}
      alt="Timbre electrónico SII"
      className={className}
      style={{ width: '100%', height: 'auto' }}
      onLoad={onListo}
      data-testid="timbre-pdf417"
    />
  );
}
