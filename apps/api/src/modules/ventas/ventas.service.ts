// Sales after they are made: Transacciones' list, one sale, its receipt (comprobante.ts), a void
// (anular.ts) and a return (devolver.ts), and the sales refused for good on their way from a device's
// outbox (rechazadas.ts). Recording one is registrar.ts. A cashier's void or return needs the owner's
// PIN (docs/cajeros.md «La autorización del dueño»); every void and return goes to the shop's audit
// trail with who did it and who approved it.
import type { z } from 'zod';
import { MAX_ENTERO } from '@minimarket/contracts/reglas';
import type { ventaCreateSchema, ventasQuerySchema } from '@minimarket/contracts/ventas';
import type { Db } from '../../db/client.js';
import { zonedToUtc } from '../../lib/tiempo.js';
import { listarVentas, ventaConDueno } from '../../data/venta.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Autorizaciones } from '../cajeros/autorizacion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { createAnularVenta } from './anular.js';
import { createComprobante } from './comprobante.js';
import { createDevolverVenta } from './devolver.js';
import { createRegistrarVenta } from './registrar.js';
import { createVentasRechazadas } from './rechazadas.js';
import { ventaNoEncontrada, ventasVisibles } from './venta-visible.js';
import { toVentaDto } from './ventas.mapper.js';

type VentaCreate = z.output<typeof ventaCreateSchema>;
type VentasQuery = z.output<typeof ventasQuerySchema>;

/**
 * What the Transacciones search box asks for: a sale number ("12", "#12", "N° 12", "n°12") or, as
 * typed, the id a sale had in an imported file. A number past any integer matches no number.
 */
function ventaBuscada(texto: string) {
  const digitos = /^(?:#|n[°º.]?\s*)?(\d{1,10})$/i.exec(texto.replace(/\s+/g, ' ').trim());
  const numero = digitos ? Number(digitos[1]) : null;
  return { numero: numero !== null && numero >= 1 && numero <= MAX_ENTERO ? numero : null, idCsv: texto };
}

export type VentasService = ReturnType<typeof createVentasService>;

export function createVentasService({ db, acceso, autorizaciones }: { db: Db; acceso: AccesoMinimarket; autorizaciones: Autorizaciones }) {
  const registro = createRegistrarVenta({ db, acceso, autorizaciones });
  const visibles = ventasVisibles({ db, acceso });

  return {
    create: (usuario: UsuarioSesion, data: VentaCreate, idempotencyKey?: string) => registro.registrar(usuario, data, idempotencyKey),

    async list(usuario: UsuarioSesion, q: VentasQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const buscada = q.search ? ventaBuscada(q.search) : undefined;
      const r = await listarVentas(
        db,
        {
          idMinimarket: q.id_minimarket,
          buscada,
          desde: q.start_date ? zonedToUtc(q.start_date) : undefined,
          // The whole last second counts: 23:59:59 means up to 23:59:59.999.
          hasta: q.end_date ? new Date(zonedToUtc(q.end_date).getTime() + 999) : undefined,
          idVendedor: q.id_vendedor,
          origen: q.origen,
          conAlertas: q.con_alertas,
        },
        { skip: q.skip, take: q.limit },
      );
      return { sales: r.filas.map(toVentaDto), total: r.total, ventas_completadas: r.ventasContadas, monto_total: r.ingresos };
    },

    async get(usuario: UsuarioSesion, id: number) {
      const venta = await ventaConDueno(db, id);
      if (!venta || !acceso.puedeVer(usuario, { id_minimarket: venta.id_minimarket, id_usuario: venta.minimarket.id_usuario })) {
        throw ventaNoEncontrada();
      }
      return toVentaDto(venta);
    },

    anular: createAnularVenta({ db, visibles, autorizaciones }),
    devolver: createDevolverVenta({ db, visibles, autorizaciones }),
    ...createVentasRechazadas({ db, acceso }),
    boleta: createComprobante({ db, acceso }),
  };
}
