// What the administrator's page shows about backups: read from the folder, which is the truth
// (the database knows nothing of them: a restore would rewind what it said).
import { respaldoAtrasado, type UltimoRespaldo } from '@minimarket/contracts/respaldos';
import { ultimoRespaldo } from './carpeta.js';

export function createRespaldosService({ habilitado, dir }: { habilitado: boolean; dir: string }) {
  return {
    ultimo(ahora = new Date()): UltimoRespaldo {
      if (!habilitado) return { habilitado: false, ultimo: null, atrasado: false };
      const r = ultimoRespaldo(dir);
      return {
        habilitado: true,
        ultimo: r ? { fecha: r.fecha.toISOString(), bytes: r.bytes, archivo: r.archivo } : null,
        atrasado: respaldoAtrasado(r?.fecha ?? null, ahora),
      };
    },
  };
}
