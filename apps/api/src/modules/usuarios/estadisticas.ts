// The administrators' figures of the accounts: totals by role and state, new accounts by month (the
// last MESES_ESTADISTICA months in Santiago, empty ones included) and the latest ones.
import type { Db } from '../../db/client.js';
import { cifrasDeCuentas } from '../../data/usuario.js';
import { mesLocal } from '../../lib/tiempo.js';
import { toUsuarioDto } from './usuarios.mapper.js';

const MESES_ESTADISTICA = 12;
const ULTIMOS_USUARIOS = 5;

export async function estadisticaDeCuentas(db: Db) {
  const desde = new Date();
  desde.setUTCMonth(desde.getUTCMonth() - MESES_ESTADISTICA, 1);
  const { total, administrador, pyme, activo, inactivo, creadas, ultimas } = await cifrasDeCuentas(db, desde, ULTIMOS_USUARIOS);
  // The last MESES_ESTADISTICA months in Santiago, oldest first, empty months included.
  const meses = new Map<string, number>();
  for (let i = MESES_ESTADISTICA - 1; i >= 0; i--) {
    const d = new Date();
    d.setUTCDate(15);
    d.setUTCMonth(d.getUTCMonth() - i);
    meses.set(mesLocal(d), 0);
  }
  for (const creada of creadas) {
    const mes = mesLocal(creada);
    if (meses.has(mes)) meses.set(mes, (meses.get(mes) ?? 0) + 1);
  }
  return {
    total,
    por_rol: { administrador, pyme },
    por_estado: { activo, inactivo },
    nuevos_por_mes: [...meses].map(([mes, cantidad]) => ({ mes, cantidad })),
    ultimos: ultimas.map(toUsuarioDto),
  };
}
