// The example under Configuración's scale label layout: what a label of that layout looks like.
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import type { FormatoEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import { formatPeso } from '@minimarket/contracts/granel';
import { formatClp } from '../../../utils/format';

/**
 * An example label of a layout, its check digit computed (makeEan13): PLU 42 and 350 g, or $3.147
 * for a price label, with its parts spaced as the owner reads the scale's manual.
 */
export function ejemploEtiqueta(f: FormatoEtiqueta): { codigo: string; partes: string[]; dice: string } {
  const plu = '42'.padStart(f.digitos_plu, '0');
  const largoValor = 10 - f.digitos_plu;
  const valor = f.contenido === 'peso' ? 350 : 3147;
  const codigo = makeEan13(`${f.prefijo}${plu}${String(valor).padStart(largoValor, '0')}`);
  return {
    codigo,
    partes: [f.prefijo, plu, codigo.slice(2 + f.digitos_plu, 12), codigo.slice(12)],
    dice: `PLU ${plu}, ${f.contenido === 'peso' ? formatPeso(valor) : `${formatClp(valor)} a pagar`}`,
  };
}
