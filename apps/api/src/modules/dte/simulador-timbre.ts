// The stand-in's stamp (docs/boleta.md «El simulador»): a fake CAF whose key is made at start, the
// TED signed with it, and the document's XML as OpenFactura returns it. Looks real; is not.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Registro } from './simulador.js';

/** The fake CAF: folios 1 to 1.000.000 for each (RUT, type). */
export const RANGO_CAF = { desde: 1, hasta: 1_000_000 } as const;

const escaparXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const ahoraSinZona = () => new Date().toISOString().slice(0, 19);

export type Timbrar = (r: Omit<Registro, 'ted' | 'consultas' | 'estadoFinal'>, razonSocial: string, primerItem: string) => string;

export function crearTimbrador(): Timbrar {
  // The fake CAF's key, made at start: SII's CAF keys are 512-bit RSA, and so is this one, so the
  // TED is the size a real one is (it has to fit a PDF417 on 58 mm paper).
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 512 });
  const jwk = publicKey.export({ format: 'jwk' });
  const firmar = (texto: string, clave: KeyObject = privateKey) => sign('sha1', Buffer.from(texto, 'latin1'), clave).toString('base64');
  const base64 = (b64url: string | undefined) => Buffer.from(b64url ?? '', 'base64url').toString('base64');

  return (r, razonSocial, primerItem) => {
    const da =
      `<DA><RE>${escaparXml(r.rut)}</RE><RS>${escaparXml(razonSocial.slice(0, 40))}</RS><TD>${r.tipo}</TD>` +
      `<RNG><D>${RANGO_CAF.desde}</D><H>${RANGO_CAF.hasta}</H></RNG><FA>${r.fecha}</FA>` +
      `<RSAPK><M>${base64(jwk.n)}</M><E>${base64(jwk.e)}</E></RSAPK><IDK>100</IDK></DA>`;
    const dd =
      `<DD><RE>${escaparXml(r.rut)}</RE><TD>${r.tipo}</TD><F>${r.folio}</F><FE>${r.fecha}</FE>` +
      `<RR>66666666-6</RR><RSR>CONSUMIDOR FINAL</RSR><MNT>${r.total}</MNT><IT1>${escaparXml(primerItem.slice(0, 40))}</IT1>` +
      `<CAF version="1.0">${da}<FRMA algoritmo="SHA1withRSA">${firmar(da)}</FRMA></CAF><TSTED>${ahoraSinZona()}</TSTED></DD>`;
    return `<TED version="1.0">${dd}<FRMT algoritmo="SHA1withRSA">${firmar(dd)}</FRMT></TED>`;
  };
}

/** The document's XML (base64, ISO-8859-1), as OpenFactura returns it. */
export const xmlDe = (r: Registro) =>
  Buffer.from(
    `<?xml version="1.0" encoding="ISO-8859-1"?><DTE version="1.0"><Documento ID="T${r.tipo}F${r.folio}"><Encabezado><IdDoc>` +
      `<TipoDTE>${r.tipo}</TipoDTE><Folio>${r.folio}</Folio><FchEmis>${r.fecha}</FchEmis></IdDoc></Encabezado>${r.ted}</Documento></DTE>`,
    'latin1',
  ).toString('base64');
