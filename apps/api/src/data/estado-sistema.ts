// estado_sistema: what the installation has done once ('datos_demo'), so no start guesses it.
import type { Tx } from '../db/client.js';

export const leerEstadoSistema = (tx: Tx, clave: string) => tx.estadoSistema.findUnique({ where: { clave } });

export const marcarEstadoSistema = (tx: Tx, clave: string, valor: string) => tx.estadoSistema.create({ data: { clave, valor } });
