// The words of the best sellers: the ranking itself, the verbs of selling besides "vender", "más" and "menos".
import type { Termino } from '../terminos.js';

export const MAS_VENDIDO = {
  masVendido: [
    'top',
    'estrella',
    'ranking',
    'mas popular',
    'mas populares',
    'mejor producto',
    'mejores productos',
    'mejor vendido',
    'mas vendido',
    'mas vendidos',
    'mas vendida',
    'mas vendidas',
    'mas rotacion',
  ],
  /** Verbs of selling besides "vender": next to "más" they ask for the best sellers, after "no" for the dead stock. */
  verbosSalida: [
    '~salir',
    'salio',
    'sale',
    'salen',
    'salieron',
    '~pedir',
    'piden',
    '~comprar',
    'compran',
    'compra',
    '~llevar',
    'llevan',
    'mueve',
    'mueven',
    'rota',
    'rotan',
  ],
  mas: ['mas', 'mayor', 'harto'],
  menos: ['menos', 'menor'],
} satisfies Record<string, Termino[]>;
