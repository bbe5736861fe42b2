// Stock adjustments with a reason (docs/stock.md): correct a product's stock to the count, or take
// out what was lost, expired, stolen or used by the shop, each a ledger row with who and why; then
// the shop's adjustments, paged, and the report by month and reason valued at cost.
import {
  CODIGO_STOCK_CAMBIO,
  CODIGO_STOCK_INSUFICIENTE,
  MAX_MESES_INFORME_AJUSTES,
  MENSAJE_RANGO_MESES_AJUSTES,
  MESES_INFORME_AJUSTES_POR_DEFECTO,
  mensajeAjusteSinStock,
  mensajeSoloDescuenta,
  mensajeStockCambio,
  soloDescuenta,
  stockActualDicho,
  TIPOS_AJUSTE,
  type AjusteStock,
  type AjusteStockResultado,
  type ajusteStockCreateSchema,
  type ajustesStockQuerySchema,
  type CifrasAjuste,
  type InformeAjustes,
  type informeAjustesQuerySchema,
  type TipoAjuste,
} from '@minimarket/contracts/ajustes-stock';
import { valorAlCosto } from '@minimarket/contracts/granel';
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ajustarStock, productoBajoCandado } from '../../data/producto.js';
import { ajustePorId, listarAjustes, sumarAjustesPorMes, type FilaAjuste, type SumaAjustes } from '../../data/movimiento-stock.js';
import { conflict, validation } from '../../lib/errors.js';
import { desplazarMes, inicioMesUtc, mesesEntre, mesLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { avisarCambiosDeStock } from '../notificaciones/notificaciones.service.js';
import { toProductoDto } from '../productos/productos.mapper.js';
import { productoNoEncontrado } from '../productos/producto-visible.js';

type AjusteCreate = z.output<typeof ajusteStockCreateSchema>;
type AjustesQuery = z.output<typeof ajustesStockQuerySchema>;
type InformeQuery = z.output<typeof informeAjustesQuerySchema>;

export function toAjusteDto(f: FilaAjuste): AjusteStock {
  return {
    id_movimiento: f.id_movimiento,
    id_producto: f.id_producto,
    nombre_producto: f.nombre_producto,
    codigo_barra: f.codigo_barra,
    tipo: f.tipo_ajuste as TipoAjuste,
    cantidad: f.cantidad,
    unidad: f.unidad,
    stock_anterior: f.stock_resultante - f.cantidad,
    stock_resultante: f.stock_resultante,
    costo_unitario: f.costo_unitario,
    valor_costo: f.costo_unitario === null ? null : valorAlCosto(f.cantidad, f.costo_unitario, f.unidad),
    nota: f.nota,
    fecha: f.fecha.toISOString(),
    nombre_usuario: f.nombre_usuario,
  };
}

const cero = (): CifrasAjuste => ({ ajustes: 0, unidades: 0, gramos: 0, valor_costo: 0, unidades_sin_costo: 0, gramos_sin_costo: 0 });
function sumar(a: CifrasAjuste, b: CifrasAjuste) {
  a.ajustes += b.ajustes;
  a.unidades += b.unidades;
  a.gramos += b.gramos;
  a.valor_costo += b.valor_costo;
  a.unidades_sin_costo += b.unidades_sin_costo;
  a.gramos_sin_costo += b.gramos_sin_costo;
}
const cifras = ({ ajustes, unidades, gramos, valor_costo, unidades_sin_costo, gramos_sin_costo }: SumaAjustes): CifrasAjuste => ({
  ajustes,
  unidades,
  gramos,
  valor_costo,
  unidades_sin_costo,
  gramos_sin_costo,
});
const ordenTipo = (t: string) => TIPOS_AJUSTE.indexOf(t as TipoAjuste);

/** The report's shape from the sums by (month, reason), newest month first, reasons in their order. */
export function armarInforme(desde: string, hasta: string, sumas: SumaAjustes[]): InformeAjustes {
  const meses = new Map<string, InformeAjustes['meses'][number]>();
  const porTipo = new Map<TipoAjuste, CifrasAjuste>();
  const total = cero();
  for (const s of sumas) {
    const tipo = s.tipo_ajuste as TipoAjuste;
    let mes = meses.get(s.mes);
    if (!mes) meses.set(s.mes, (mes = { mes: s.mes, ...cero(), por_tipo: [] }));
    mes.por_tipo.push({ tipo, ...cifras(s) });
    sumar(mes, cifras(s));
    if (!porTipo.has(tipo)) porTipo.set(tipo, cero());
    sumar(porTipo.get(tipo)!, cifras(s));
    sumar(total, cifras(s));
  }
  const lista = [...meses.values()].sort((a, b) => (a.mes < b.mes ? 1 : -1));
  for (const m of lista) m.por_tipo.sort((a, b) => ordenTipo(a.tipo) - ordenTipo(b.tipo));
  return {
    desde,
    hasta,
    meses: lista,
    por_tipo: [...porTipo.entries()].sort(([a], [b]) => ordenTipo(a) - ordenTipo(b)).map(([tipo, c]) => ({ tipo, ...c })),
    total,
  };
}

export type AjustesStockService = ReturnType<typeof createAjustesStockService>;

export function createAjustesStockService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return {
    /**
     * Under the product's row lock (a sale waits, then re-checks the stock it finds): the new stock
     * from the count or the difference, the rules, the write with its ledger row, the stock notices.
     */
    async ajustar(usuario: UsuarioSesion, idProducto: number, data: AjusteCreate): Promise<AjusteStockResultado> {
      const tienda = await acceso.assertAcceso(usuario, data.id_minimarket);
      const { producto, idMovimiento } = await db.$transaction(async (tx) => {
        const actual = await productoBajoCandado(tx, idProducto, data.id_minimarket);
        if (!actual || actual.estado !== 'activo') throw productoNoEncontrado();

        let stockNuevo: number;
        if (data.cantidad_contada !== undefined) {
          if (data.stock_sistema !== undefined && data.stock_sistema !== actual.stock) {
            throw conflict(
              mensajeStockCambio(actual.nombre_producto, data.stock_sistema, actual.stock, actual.unidad),
              CODIGO_STOCK_CAMBIO,
            );
          }
          stockNuevo = data.cantidad_contada;
          if (soloDescuenta(data.tipo) && stockNuevo >= actual.stock) {
            const mensaje = `${mensajeSoloDescuenta(data.tipo)} La cantidad contada debe ser menor que el stock actual (${stockActualDicho(actual.stock, actual.unidad)}).`;
            throw validation(mensaje, [{ campo: 'cantidad_contada', mensaje }]);
          }
        } else {
          const diferencia = data.diferencia!;
          stockNuevo = actual.stock + diferencia;
          if (stockNuevo < 0) {
            throw conflict(
              mensajeAjusteSinStock(actual.nombre_producto, -diferencia, actual.stock, actual.unidad),
              CODIGO_STOCK_INSUFICIENTE,
            );
          }
        }

        const { producto, movimiento } = await ajustarStock(tx, {
          producto: actual,
          stockNuevo,
          tipoAjuste: data.tipo,
          nota: data.nota,
          idUsuario: usuario.id_usuario,
        });
        await avisarCambiosDeStock(
          tx,
          data.id_minimarket,
          [
            {
              id_producto: idProducto,
              nombre_producto: actual.nombre_producto,
              antes: actual.stock,
              despues: producto.stock,
              unidad: actual.unidad,
            },
          ],
          tienda,
        );
        return { producto, idMovimiento: movimiento.id_movimiento };
      });
      const fila = await ajustePorId(db, data.id_minimarket, idMovimiento);
      return { ajuste: toAjusteDto(fila!), producto: toProductoDto(producto) };
    },

    async listar(usuario: UsuarioSesion, q: AjustesQuery) {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const { filas, total } = await listarAjustes(
        db,
        {
          idMinimarket: q.id_minimarket,
          ...(q.mes ? { desde: inicioMesUtc(q.mes), hasta: inicioMesUtc(desplazarMes(q.mes, 1)) } : {}),
          tipo: q.tipo,
          idProducto: q.id_producto,
        },
        { skip: q.skip, limit: q.limit },
      );
      return { items: filas.map(toAjusteDto), total };
    },

    /** By Santiago month and reason; without months, this one and the five before. */
    async informe(usuario: UsuarioSesion, q: InformeQuery, ahora = new Date()): Promise<InformeAjustes> {
      await acceso.assertAcceso(usuario, q.id_minimarket);
      const hasta = q.hasta ?? (q.desde ? desplazarMes(q.desde, MESES_INFORME_AJUSTES_POR_DEFECTO - 1) : mesLocal(ahora));
      const desde = q.desde ?? desplazarMes(hasta, -(MESES_INFORME_AJUSTES_POR_DEFECTO - 1));
      const meses = mesesEntre(desde, hasta);
      if (meses < 1 || meses > MAX_MESES_INFORME_AJUSTES) {
        throw validation(MENSAJE_RANGO_MESES_AJUSTES, [{ campo: q.desde ? 'desde' : 'hasta', mensaje: MENSAJE_RANGO_MESES_AJUSTES }]);
      }
      const sumas = await sumarAjustesPorMes(db, {
        idMinimarket: q.id_minimarket,
        desde: inicioMesUtc(desde),
        hasta: inicioMesUtc(desplazarMes(hasta, 1)),
        zona: ZONA_HORARIA,
      });
      return armarInforme(desde, hasta, sumas);
    },
  };
}
