// Recording a sale (POST /ventas/): two operations with their own checks (docs/offline.md «Una venta,
// dos operaciones»), chosen by what the request is: a sale at the counter, now
// (operaciones/vender-en-mostrador.ts, the database's registrar_venta), or one a device made with no
// connection and sends later from its outbox (operaciones/sincronizar-offline.ts,
// sincronizar_venta_offline). Both write through the same core (escribir_venta) and answer the sale's
// JSON the one way a sale is shown (ventas.mapper.ts). History (an imported sales file, the demo's past
// sales) is written apart: data/venta.ts insertarVentasImportadas and insertarHistorial.
import type { Db } from '../../db/client.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import type { VentaCreate, VentaRegistrada } from './operaciones/comun.js';
import { createSincronizarVentaOffline } from './operaciones/sincronizar-offline.js';
import { createVenderEnMostrador } from './operaciones/vender-en-mostrador.js';

export type RegistrarVenta = ReturnType<typeof createRegistrarVenta>;

export function createRegistrarVenta({ db, acceso, autorizaciones }: { db: Db; acceso: AccesoMinimarket; autorizaciones: Autorizaciones }) {
  const venderEnMostrador = createVenderEnMostrador({ db, autorizaciones });
  const sincronizarOffline = createSincronizarVentaOffline({ db });
  return {
    async registrar(usuario: UsuarioSesion, data: VentaCreate, idempotencyKey?: string): Promise<VentaRegistrada> {
      const tienda = await acceso.assertAcceso(usuario, data.id_minimarket);
      return data.origen === 'offline'
        ? sincronizarOffline(usuario, tienda, data, idempotencyKey)
        : venderEnMostrador(usuario, tienda, data, idempotencyKey);
    },
  };
}
