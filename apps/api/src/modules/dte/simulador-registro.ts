// What the stand-in has issued, in memory: the next folio of each (RUT, type), each document by its
// token and by its Idempotency-Key (remembered with when it came), and all of them in order.
import { randomBytes } from 'node:crypto';
import type { DteRecibido, Registro } from './simulador.js';
import { RANGO_CAF, type Timbrar } from './simulador-timbre.js';

const serieDe = (rut: unknown, tipo: unknown) => `${String(rut)}:${String(tipo)}`;

export function crearRegistro(timbrar: Timbrar) {
  const siguienteFolio = new Map<string, number>();
  const porClave = new Map<string, { desde: number; registro: Registro }>();
  const porToken = new Map<string, Registro>();
  const registros: Registro[] = [];

  return {
    registros,

    /** The document a key gave, and since when (OpenFactura remembers a key for a while). */
    deClave: (clave: string) => porClave.get(clave),

    recordarClave(clave: string, registro: Registro) {
      porClave.set(clave, { desde: Date.now(), registro });
    },

    /** Whether the fake CAF has no folio left for the document's (RUT, type). */
    sinFolios(dte: DteRecibido) {
      const enc = dte.Encabezado!;
      return (siguienteFolio.get(serieDe(enc.Emisor!.RUTEmisor, enc.IdDoc!.TipoDTE)) ?? RANGO_CAF.desde) > RANGO_CAF.hasta;
    },

    /** A document asked about: by its token (`[token, valor]`) or by RUT, type and folio (`[rut, tipo, folio, valor]`). */
    buscar(partes: string[]): Registro | undefined {
      if (partes.length === 2) return porToken.get(partes[0]!);
      if (partes.length !== 4) return undefined;
      return registros.find(
        (x) => x.rut === decodeURIComponent(partes[0]!) && String(x.tipo) === partes[1] && String(x.folio) === partes[2],
      );
    },

    /** A document issued: its folio spent, its TED stamped, its token given. */
    emitir(clave: string, dte: DteRecibido): Registro {
      const enc = dte.Encabezado!;
      const tipo = enc.IdDoc!.TipoDTE as 39 | 41 | 61;
      const rut = enc.Emisor!.RUTEmisor as string;
      const serie = serieDe(rut, tipo);
      const folio = siguienteFolio.get(serie) ?? RANGO_CAF.desde;
      siguienteFolio.set(serie, folio + 1);
      const base = {
        token: randomBytes(32).toString('hex'),
        claveIdempotencia: clave,
        rut,
        tipo,
        folio,
        fecha: enc.IdDoc!.FchEmis as string,
        total: enc.Totales!.MntTotal as number,
        dte,
      };
      const razon = String(enc.Emisor!.RznSocEmisor ?? enc.Emisor!.RznSoc ?? '');
      const registro: Registro = {
        ...base,
        ted: timbrar(base, razon, String(dte.Detalle?.[0]?.NmbItem ?? '')),
        consultas: 0,
        estadoFinal: null,
      };
      registros.push(registro);
      porToken.set(registro.token, registro);
      return registro;
    },
  };
}
