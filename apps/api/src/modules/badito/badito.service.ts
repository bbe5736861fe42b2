// Badito (POST /api/badito): understands a Spanish question about the shop (intenciones/) and
// answers it from the shop's own data (lecturas.ts) in its own words (respuestas.ts).
//
// In this order, so a question it did not understand costs next to nothing: the per-user throttle
// (one statement), the classification (pure and bounded: no database), the shop (403 for another's),
// and only then, for a question understood, the reads. A fallback reads nothing.
import type { BaditoRespuesta, baditoPreguntaSchema, IntencionBadito } from '@minimarket/contracts/badito';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { umbralStockBajo } from '../../data/minimarket.js';
import { diasDesde, porCobrar, saldosClientes } from '../../data/por-cobrar.js';
import { MAX_CANDIDATOS_SQL, productosAgotados, productosConStockBajo, productosParecidos } from '../../data/producto-lecturas.js';
import { leerResumenes } from '../../data/resumen-ventas.js';
import { descuentosDelRango, ventasDeVendedor } from '../../data/venta-lecturas.js';
import { desplazarDia, diaLocal } from '../../lib/tiempo.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { Limites } from '../limites/limites.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { clasificar, type Clasificacion, type Periodo } from './intenciones/index.js';
import { deudasDe } from './clientes.js';
import { ticket } from '../analitica/consulta.js';
import * as lecturas from './lecturas.js';
import { buscarProducto, MAX_CANDIDATOS } from './productos.js';
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
/**
 * What a cashier may ask with the shop's data (docs/cajeros.md): their own sales today (ventas_hoy
 * answers only theirs), stock and a product's sale price; any other figure is the owner's.
 */
const PARA_CAJEROS = new Set<IntencionBadito>(['ventas_hoy', 'agotados', 'stock_bajo', 'producto']);
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

/** The honest fallback: what Badito can say instead, and support offered. Never a figure. */
const desconocida = (c: Pick<Clasificacion, 'motivo' | 'desconocidas' | 'casi'>) =>
  respuesta('desconocida', r.noEntendi(c.motivo ?? 'sin_intencion', c.desconocidas, c.casi), { derivar_a_soporte: true });

function sinDatos(c: Clasificacion): BaditoRespuesta {
  switch (c.intencion) {
    case 'ayuda_cargar':
    case 'ayuda_vender':
    case 'ayuda_producto':
    case 'ayuda_recomendaciones':
      return c.conProblema
        ? respuesta(c.intencion, `${r.AYUDA[c.intencion]} ${r.CON_PROBLEMA}`, { derivar_a_soporte: true })
        : respuesta(c.intencion, r.AYUDA[c.intencion]);
    case 'saludo':
      return respuesta('saludo', c.agradecimiento ? r.AGRADECIMIENTO : r.SALUDO);
    case 'capacidades':
      return respuesta('capacidades', r.CAPACIDADES);
    default:
      return desconocida(c);
  }
}

/**
 * The products the words name, from a bounded set of candidates (productosParecidos). For a
 * question of no known intent (a product's bare name), only when its words name products outright.
 */
async function responderProducto(tx: Tx, id: number, c: Clasificacion): Promise<BaditoRespuesta> {
  const consulta = c.consultaProducto.join(' ');
  if (c.consultaProducto.length === 0) return respuesta('producto', r.PRODUCTO_SIN_NOMBRE);
  const candidatos = await productosParecidos(tx, id, c.consultaProducto);
  const hayMas = candidatos.length >= MAX_CANDIDATOS_SQL;
  const desconocidaSinNombre = c.intencion === 'desconocida';
  const busqueda = buscarProducto(c.consultaProducto, candidatos, { soloSeguros: desconocidaSinNombre });
  if (busqueda.tipo === 'uno') return respuesta('producto', r.productoYOtros(consulta, busqueda.producto, busqueda.tambien, c.conCosto));
  if (busqueda.tipo === 'varios' && (busqueda.completos || !desconocidaSinNombre)) {
    return respuesta(
      'producto',
      r.variosProductos(consulta, busqueda.candidatos, busqueda.completos, c.conCosto, hayMas && busqueda.completos),
      {
        sugerencias: [
          ...busqueda.candidatos.slice(0, MAX_CANDIDATOS).map((p) => `¿Cuánto stock queda de ${p.nombre_producto}?`),
          ...r.sugerencias('producto'),
        ].slice(0, 4),
      },
    );
  }
  if (desconocidaSinNombre) return desconocida(c);
  return respuesta('producto', r.productoNoEncontrado(consulta));
}

/**
 * La libreta, read in one snapshot from the view cuenta_cliente (por-cobrar.ts): the total, who
 * owes most, or the customers a name fits (none: said so; several: each one named).
 */
async function responderDeuda(tx: Tx, id: number, c: Clasificacion): Promise<BaditoRespuesta> {
  const ahora = new Date();
  const dias = (desde: string | Date | null) => (desde === null ? null : diasDesde(new Date(desde), ahora));
  if (c.intencion === 'deuda_cliente') {
    const consulta = c.consultaCliente.join(' ');
    const { clientes, hayMas } = await deudasDe(tx, id, c.consultaCliente, ahora);
    if (clientes.length === 0) return respuesta('deuda_cliente', r.clienteNoEncontrado(consulta));
    return respuesta('deuda_cliente', clientes.length === 1 ? r.deudaDe(clientes[0]!) : r.variasDeudas(consulta, clientes, hayMas));
  }
  const total = await porCobrar(tx, id);
  if (c.intencion === 'por_cobrar')
    return respuesta('por_cobrar', r.porCobrar(total.por_cobrar, total.clientes_con_deuda, dias(total.compra_impaga_desde)));
  const deudores = (await saldosClientes(tx, id, { limite: r.MAX_DEUDORES_EN_RESPUESTA })).filter((d) => d.saldo > 0);
  return respuesta(
    'mayores_deudores',
    r.mayoresDeudores(
      deudores.map((d) => ({ nombre: d.nombre, saldo: d.saldo, dias: dias(d.compra_impaga_desde) })),
      total.por_cobrar,
      total.clientes_con_deuda,
    ),
  );
}

/** The figure of a data intent: the sales in one read of the summaries, the rest from the products. */
function conDatos(db: Db, id: number, c: Clasificacion): Promise<BaditoRespuesta> {
  const hoy = diaLocal(new Date());
  const i = c.intencion;
  const p = c.periodo ?? 'hoy';
  const rango = rangoDe(p, hoy);
  const metodos = c.metodos ? { metodos_pago: c.metodos } : {};
  switch (i) {
    case 'ventas_hoy':
    case 'ventas_ayer':
    case 'ventas_semana':
    case 'ventas_mes':
    case 'ticket_hoy':
    case 'ticket_ayer':
    case 'ticket_semana':
    case 'ticket_mes':
      return leerResumenes(db, { idMinimarket: id, ...rango }, async (tx, resumenes) => {
        const cifras = await lecturas.cifrasVentas(tx, resumenes, id, rango, c.metodos);
        const texto = i.startsWith('ventas')
          ? r.ventas(p, rango.desde, cifras, c.metodos)
          : r.ticketPromedio(p, rango.desde, cifras, c.metodos);
        return respuesta(i, texto, metodos);
      });
    case 'mas_vendido_hoy':
    case 'mas_vendido_ayer':
    case 'mas_vendido_semana':
    case 'mas_vendido_mes':
      return leerResumenes(db, { idMinimarket: id, ...rango }, async (tx, resumenes) =>
        respuesta(i, r.masVendido(p, rango.desde, await lecturas.masVendidos(tx, resumenes, id, rango, MAS_VENDIDOS_EN_RESPUESTA))),
      );
    case 'metodo_pago_hoy':
    case 'metodo_pago_ayer':
    case 'metodo_pago_semana':
    case 'metodo_pago_mes':
      return leerResumenes(db, { idMinimarket: id, ...rango }, async (tx, resumenes) =>
        respuesta(i, r.metodoPago(p, rango.desde, await lecturas.metodosPago(tx, resumenes, id, rango))),
      );
    case 'descuentos_hoy':
    case 'descuentos_ayer':
    case 'descuentos_semana':
    case 'descuentos_mes':
      return descuentosDelRango(db, id, rango.desde, rango.hasta).then((d) => respuesta(i, r.descuentos(p, rango.desde, d)));
    case 'sin_ventas':
      // The last sale of every product looks at the whole history, as Recomendaciones does.
      return leerResumenes(db, { idMinimarket: id, desde: null, hasta: hoy }, async (tx, resumenes) =>
        respuesta(i, r.sinVentas(await lecturas.sinVentas(tx, resumenes, id, hoy))),
      );
    case 'agotados':
      return productosAgotados(db, id).then((a) => respuesta(i, r.agotados(a)));
    case 'stock_bajo':
      return db.$transaction(async (tx) => {
        const umbral = await umbralStockBajo(tx, id);
        const agotados = await productosAgotados(tx, id);
        return respuesta(i, r.stockBajo(umbral, await productosConStockBajo(tx, id, umbral), agotados.length));
      });
    case 'por_cobrar':
    case 'mayores_deudores':
    case 'deuda_cliente':
      return db.$transaction((tx) => responderDeuda(tx, id, c), { isolationLevel: 'RepeatableRead' });
    default:
      return responderProducto(db, id, c);
  }
}

export function createBaditoService({
  db,
  acceso,
  limites,
}: {
  db: Db;
  acceso: AccesoMinimarket;
  limites: Pick<Limites, 'reservar' | 'reglas'>;
}) {
  const tienda = (usuario: UsuarioSesion, id: number | undefined) => acceso.tiendaOPropia(usuario, id);

  /** A cashier's question: their own sales today, stock and prices (never a cost); the rest is the owner's. */
  async function paraCajero(usuario: UsuarioSesion, id: number, c: Clasificacion): Promise<BaditoRespuesta> {
    const sinCosto: Clasificacion = { ...c, conCosto: false };
    if (c.intencion === 'desconocida') return conDatos(db, id, sinCosto);
    if (!PARA_CAJEROS.has(c.intencion) || (c.intencion === 'ventas_hoy' && c.metodos)) {
      return respuesta(c.intencion, r.SOLO_DUENO, { sugerencias: ['¿Cuánto he vendido hoy?', '¿Qué productos están agotados?'] });
    }
    if (c.intencion === 'ventas_hoy') {
      const propias = await ventasDeVendedor(db, id, usuario.id_usuario, diaLocal(new Date()));
      return respuesta('ventas_hoy', r.ventasPropias({ ...propias, ticket: ticket(propias) }));
    }
    return conDatos(db, id, sinCosto);
  }

  return {
    async responder(usuario: UsuarioSesion, pregunta: z.output<typeof baditoPreguntaSchema>): Promise<BaditoRespuesta> {
      await limites.reservar([limites.reglas.baditoUsuario, usuario.id_usuario]);
      const c = clasificar(pregunta.mensaje);
      // Another shop's id is refused whatever the question (403), as in the analytics.
      const id = await tienda(usuario, pregunta.id_minimarket);
      // A question of no known intent may be a product's bare name ("coca cola"): with a shop, look it up.
      const buscaProducto = c.intencion === 'desconocida' && c.consultaProducto.length > 0;
      if (SIN_DATOS.has(c.intencion) && !(buscaProducto && id !== null)) return sinDatos(c);
      if (id === null) {
        const texto = usuario.rol === 'administrador' ? r.ELIGE_MINIMARKET : r.SIN_MINIMARKET;
        return respuesta(c.intencion, texto, { sugerencias: r.sugerencias('capacidades') });
      }
      if (usuario.rol === 'cajero') return paraCajero(usuario, id, c);
      return conDatos(db, id, c);
    },
  };
}
