// Badito (POST /api/badito): understands a Spanish question about the shop (intenciones.ts) and
// answers it from the shop's own data (lecturas.ts) in its own words (respuestas.ts).
import type { BaditoRespuesta, baditoPreguntaSchema, IntencionBadito } from '@minimarket/contracts/badito';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { leerResumenes } from '../../data/resumen-ventas.js';
import { desplazarDia, diaLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../plugins/app/auth.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { clasificar, type Clasificacion, type Periodo } from './intenciones.js';
import * as lecturas from './lecturas.js';
import { buscarProducto, MAX_CANDIDATOS, type ProductoCatalogo } from './productos.js';
import * as r from './respuestas.js';

export type BaditoService = ReturnType<typeof createBaditoService>;

/** Intents answered without a shop's data. */
const SIN_DATOS = new Set<IntencionBadito>([
  'ayuda_cargar',
  'ayuda_vender',
  'ayuda_producto',
  'ayuda_recomendaciones',
  'saludo',
  'capacidades',
  'desconocida',
]);
/** How many best sellers an answer names. */
const MAS_VENDIDOS_EN_RESPUESTA = 3;

/** ISO weekday, 1 = Monday … 7 = Sunday, of a 'YYYY-MM-DD'. */
const diaSemanaIso = (dia: string) => new Date(`${dia}T12:00:00Z`).getUTCDay() || 7;

/** The Santiago days of a period, ending today (weeks start on Monday, months on day 1). */
export function rangoDe(p: Periodo, hoy: string): lecturas.Rango {
  switch (p) {
    case 'hoy':
      return { desde: hoy, hasta: hoy };
    case 'ayer': {
      const ayer = desplazarDia(hoy, -1);
      return { desde: ayer, hasta: ayer };
    }
    case 'semana':
      return { desde: desplazarDia(hoy, -(diaSemanaIso(hoy) - 1)), hasta: hoy };
    case 'mes':
      return { desde: `${hoy.slice(0, 8)}01`, hasta: hoy };
  }
}

const respuesta = (intencion: IntencionBadito, texto: string, extra: Partial<BaditoRespuesta> = {}): BaditoRespuesta => ({
  respuesta: texto,
  intencion,
  sugerencias: r.sugerencias(intencion),
  derivar_a_soporte: false,
  ...extra,
});

/** Several products fit: their names, and one follow-up question for each. */
const variosProductos = (consulta: string, candidatos: readonly ProductoCatalogo[], completos: boolean) =>
  respuesta('producto', r.variosProductos(consulta, candidatos, completos), {
    sugerencias: [
      ...candidatos.slice(0, MAX_CANDIDATOS).map((p) => `¿Cuánto stock queda de ${p.nombre_producto}?`),
      ...r.sugerencias('producto'),
    ].slice(0, 4),
  });

const desconocida = (texto = r.DESCONOCIDA) => respuesta('desconocida', texto, { derivar_a_soporte: true });

function sinDatos(c: Clasificacion): BaditoRespuesta {
  switch (c.intencion) {
    case 'ayuda_cargar':
    case 'ayuda_vender':
    case 'ayuda_producto':
    case 'ayuda_recomendaciones':
      return respuesta(c.intencion, r.AYUDA[c.intencion]);
    case 'saludo':
      return respuesta('saludo', c.agradecimiento ? r.AGRADECIMIENTO : r.SALUDO);
    case 'capacidades':
      return respuesta('capacidades', r.CAPACIDADES);
    default:
      return desconocida();
  }
}

export function createBaditoService({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  const tienda = (usuario: UsuarioSesion, id: number | undefined) => acceso.tiendaOPropia(usuario, id);

  /** A product's stock and price; for an unknown question, only when its words name one product outright. */
  async function responderProducto(tx: Tx, id: number, c: Clasificacion): Promise<BaditoRespuesta> {
    const consulta = c.consultaProducto.join(' ');
    if (c.consultaProducto.length === 0) return respuesta('producto', r.PRODUCTO_SIN_NOMBRE);
    const busqueda = buscarProducto(c.consultaProducto, await lecturas.catalogo(tx, id));
    if (c.intencion === 'desconocida') {
      if (busqueda.tipo === 'uno') return respuesta('producto', r.producto(busqueda.producto));
      if (busqueda.tipo === 'varios' && busqueda.completos) return variosProductos(consulta, busqueda.candidatos, true);
      return desconocida();
    }
    if (busqueda.tipo === 'uno') return respuesta('producto', r.producto(busqueda.producto));
    if (busqueda.tipo === 'varios') return variosProductos(consulta, busqueda.candidatos, busqueda.completos);
    return respuesta('producto', r.productoNoEncontrado(consulta));
  }

  /** The figure of a data intent: the sales in one read of the summaries, the rest from the products. */
  function conDatos(id: number, c: Clasificacion): Promise<BaditoRespuesta> {
    const hoy = diaLocal(new Date());
    const i = c.intencion;
    switch (i) {
      case 'ventas_hoy':
      case 'ventas_ayer':
      case 'ventas_semana':
      case 'ventas_mes':
      case 'ticket_hoy':
      case 'ticket_ayer':
      case 'ticket_semana':
      case 'ticket_mes': {
        const [tipo, p] = i.split('_') as ['ventas' | 'ticket', Periodo];
        const rango = rangoDe(p, hoy);
        return leerResumenes(db, { idMinimarket: id, ...rango }, async (tx, resumenes) => {
          const cifras = await lecturas.cifrasVentas(tx, resumenes, id, rango);
          return respuesta(i, tipo === 'ventas' ? r.ventas(p, rango.desde, cifras) : r.ticketPromedio(p, rango.desde, cifras));
        });
      }
      case 'mas_vendido_semana':
      case 'mas_vendido_mes': {
        const p = i === 'mas_vendido_mes' ? 'mes' : 'semana';
        const rango = rangoDe(p, hoy);
        return leerResumenes(db, { idMinimarket: id, ...rango }, async (tx, resumenes) =>
          respuesta(i, r.masVendido(p, rango.desde, await lecturas.masVendidos(tx, resumenes, id, rango, MAS_VENDIDOS_EN_RESPUESTA))),
        );
      }
      case 'metodo_pago_mes': {
        const rango = rangoDe('mes', hoy);
        return leerResumenes(db, { idMinimarket: id, ...rango }, async (tx, resumenes) =>
          respuesta(i, r.metodoPago(rango.desde, await lecturas.metodosPago(tx, resumenes, id, rango))),
        );
      }
      case 'agotados':
        return lecturas.agotados(db, id).then((a) => respuesta(i, r.agotados(a)));
      case 'stock_bajo':
        return db.$transaction(async (tx) => {
          const umbral = await lecturas.umbralStockBajo(tx, id);
          const agotados = await lecturas.agotados(tx, id);
          return respuesta(i, r.stockBajo(umbral, await lecturas.stockBajo(tx, id, umbral), agotados.length));
        });
      default:
        return responderProducto(db, id, c);
    }
  }

  return {
    async responder(usuario: UsuarioSesion, pregunta: z.output<typeof baditoPreguntaSchema>): Promise<BaditoRespuesta> {
      // Another shop's id is refused whatever the question (403), as in the analytics.
      const id = await tienda(usuario, pregunta.id_minimarket);
      const c = clasificar(pregunta.mensaje);
      if (c.periodoNoSoportado) return desconocida(r.PERIODO_NO_SOPORTADO);
      // An unknown question may be a product's bare name ("coca cola"): with a shop, look it up.
      const buscaProducto = c.intencion === 'desconocida' && c.consultaProducto.length > 0;
      if (SIN_DATOS.has(c.intencion) && !(buscaProducto && id !== null)) return sinDatos(c);
      if (id === null) {
        const texto = usuario.rol === 'administrador' ? r.ELIGE_MINIMARKET : r.SIN_MINIMARKET;
        return respuesta(c.intencion, texto, { sugerencias: r.sugerencias('capacidades') });
      }
      return conDatos(id, c);
    },
  };
}
