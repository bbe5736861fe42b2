import type { z } from 'zod';
import type { FormatoEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import type { Minimarket, minimarketCreateSchema, minimarketsQuerySchema, minimarketUpdateSchema } from '@minimarket/contracts/minimarkets';
import type { Db } from '../../db/client.js';
import {
  actualizarMinimarket,
  crearMinimarket,
  eliminarMinimarket,
  existeMinimarket,
  listarMinimarkets,
  minimarketConDueno,
  minimarketPorId,
  type MinimarketConDueno,
} from '../../data/minimarket.js';
import { rolDeUsuario } from '../../data/usuario.js';
import { contarVentasDeTienda } from '../../data/venta.js';
import { conflict, notFound, validation } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from './acceso.js';
import { MENSAJE_MINIMARKET_NO_ENCONTRADO } from './acceso.js';

type MinimarketCreate = z.output<typeof minimarketCreateSchema>;
type MinimarketUpdate = z.output<typeof minimarketUpdateSchema>;
type MinimarketsQuery = z.output<typeof minimarketsQuerySchema>;

export function toMinimarketDto(m: MinimarketConDueno): Minimarket {
  return {
    id_minimarket: m.id_minimarket,
    id_usuario: m.id_usuario,
    nombre_usuario: m.usuario.nombre,
    correo_usuario: m.usuario.correo ?? '',
    nombre_minimarket: m.nombre_minimarket,
    direccion: m.direccion,
    comuna: m.comuna,
    tamano: m.tamano,
    rubro: m.rubro,
    umbral_stock_bajo: m.umbral_stock_bajo,
    exigir_caja_abierta: m.exigir_caja_abierta,
    formato_etiqueta: formatoEtiquetaDe(m),
    dias_aviso_fiado: m.dias_aviso_fiado,
    minutos_bloqueo_caja: m.minutos_bloqueo_caja,
    descuento_maximo_pct: m.descuento_maximo_pct,
  };
}

/** The shop's scale label layout from its three columns (all set or none: a CHECK says so). */
export function formatoEtiquetaDe(m: {
  etiqueta_prefijo: string | null;
  etiqueta_digitos_plu: number | null;
  etiqueta_contenido: string | null;
}): FormatoEtiqueta | null {
  if (m.etiqueta_prefijo === null || m.etiqueta_digitos_plu === null || m.etiqueta_contenido === null) return null;
  return {
    prefijo: m.etiqueta_prefijo,
    digitos_plu: m.etiqueta_digitos_plu as FormatoEtiqueta['digitos_plu'],
    contenido: m.etiqueta_contenido as FormatoEtiqueta['contenido'],
  };
}

export type MinimarketsService = ReturnType<typeof createMinimarketsService>;

export function createMinimarketsService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  /** A shop's owner must be an existing pyme account. */
  async function assertDueno(idUsuario: number) {
    const rol = await rolDeUsuario(db, idUsuario);
    const mensaje =
      rol === null
        ? 'El usuario seleccionado no existe.'
        : rol !== 'pyme'
          ? 'El dueño de un minimarket debe ser un usuario con rol pyme.'
          : null;
    if (mensaje) throw validation(mensaje, [{ campo: 'id_usuario', mensaje }]);
  }

  return {
    /** An administrador sees every shop; a pyme only its own; a cashier the one it works at. */
    async list(usuario: UsuarioSesion, q: MinimarketsQuery) {
      const propias =
        usuario.rol === 'administrador'
          ? {}
          : usuario.rol === 'cajero'
            ? { idMinimarket: usuario.id_minimarket_cajero }
            : { idDueno: usuario.id_usuario };
      const { filas, total } = await listarMinimarkets(
        db,
        { ...propias, comuna: q.comuna, rubro: q.rubro, search: q.search },
        { skip: q.skip, limit: q.limit },
      );
      return { items: filas.map(toMinimarketDto), total };
    },

    async get(usuario: UsuarioSesion, id: number) {
      const m = await minimarketConDueno(db, id);
      // Someone else's shop reads as missing: ids of other shops reveal nothing.
      if (!m || !acceso.puedeVer(usuario, m)) throw notFound(MENSAJE_MINIMARKET_NO_ENCONTRADO, 'MINIMARKET_NOT_FOUND');
      return toMinimarketDto(m);
    },

    async create(data: MinimarketCreate) {
      await assertDueno(data.id_usuario);
      return toMinimarketDto(await crearMinimarket(db, data));
    },

    async update(id: number, data: MinimarketUpdate) {
      const actual = await minimarketPorId(db, id);
      if (!actual) throw notFound(MENSAJE_MINIMARKET_NO_ENCONTRADO, 'MINIMARKET_NOT_FOUND');
      if (data.id_usuario !== undefined && data.id_usuario !== actual.id_usuario) await assertDueno(data.id_usuario);
      return toMinimarketDto(await actualizarMinimarket(db, id, data));
    },

    async configurar(
      usuario: UsuarioSesion,
      id: number,
      {
        formato_etiqueta: formato,
        ...cambios
      }: {
        umbral_stock_bajo?: number;
        exigir_caja_abierta?: boolean;
        formato_etiqueta?: FormatoEtiqueta | null;
        dias_aviso_fiado?: number;
        minutos_bloqueo_caja?: number;
        descuento_maximo_pct?: number;
      },
    ) {
      await acceso.assertAcceso(usuario, id);
      const etiqueta =
        formato === undefined
          ? {}
          : {
              etiqueta_prefijo: formato?.prefijo ?? null,
              etiqueta_digitos_plu: formato?.digitos_plu ?? null,
              etiqueta_contenido: formato?.contenido ?? null,
            };
      return toMinimarketDto(await actualizarMinimarket(db, id, { ...cambios, ...etiqueta }));
    },

    /** A shop with sales keeps its history: it cannot be deleted, only one without sales. */
    async remove(id: number) {
      if (!(await existeMinimarket(db, id))) throw notFound(MENSAJE_MINIMARKET_NO_ENCONTRADO, 'MINIMARKET_NOT_FOUND');
      const ventas = await contarVentasDeTienda(db, id);
      if (ventas > 0) {
        throw conflict(
          `No se puede eliminar un minimarket con ventas registradas (${ventas.toLocaleString('es-CL')}).`,
          'MINIMARKET_HAS_SALES',
        );
      }
      await eliminarMinimarket(db, id);
    },
  };
}
