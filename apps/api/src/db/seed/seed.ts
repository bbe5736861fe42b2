// Demo data: three accounts, two shops stocked from the catalogue and about 90
// days of believable sales, so every screen shows something true on first start
// (decisions §1). Everything is derived from a fixed seed, so two runs with the
// same `ahora` produce the same rows, and everything is written in one
// transaction, so a crash never leaves half a seed behind.
import { factorUmbral } from '@minimarket/contracts/cantidad';
import { METODOS_ABONO, type MetodoAbono } from '@minimarket/contracts/clientes';
import { ESTADO_VENTA_COMPLETADA, type MetodoPago } from '@minimarket/contracts/comunes';
import type { FormatoEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import { montoPorPeso } from '@minimarket/contracts/granel';
import { computeRutDv } from '@minimarket/contracts/rut';
import type { Db, Tx } from '../client.js';
import { leerEstadoSistema, marcarEstadoSistema } from '../../data/estado-sistema.js';
import { crearMinimarket } from '../../data/minimarket.js';
import { crearNotificaciones } from '../../data/notificacion.js';
import { registrarSalidasDeHistorial } from '../../data/movimiento-stock.js';
import { crearProductosIniciales } from '../../data/producto.js';
import { crearUsuario } from '../../data/usuario.js';
import { insertarHistorial, reservarIdsVenta } from '../../data/venta.js';
import { sumarPendientes } from '../../data/resumen-ventas.js';
import { fechaLocal, localAUtc, sumarDias, type FechaLocal } from '../../lib/tiempo.js';
import { avisoAgotado, avisoStockBajo } from '../../lib/avisos.js';
import { hashPassword } from '../../lib/passwords.js';
import { CATALOGO, type ProductoCatalogo } from './catalogo.js';
import { crearClientesLibreta, elegirComprasFiadas, LIBRETA_DON_PEPE, sembrarAbonos, type ClienteDemo } from './libreta.js';
import { LLAVES_BLOQUEO } from '../../lib/llaves-bloqueo.js';

const DIAS_POR_DEFECTO = 90;
const TIMEOUT_TRANSACCION_MS = 120_000;

const MOTIVO_INVENTARIO_INICIAL = 'Inventario inicial (datos de demostración)';

// ---------------------------------------------------------------------------
// Who and what
// ---------------------------------------------------------------------------

interface CuentaDemo {
  correo: string;
  contrasena: string;
  nombre: string;
  empresa: string;
  direccion: string;
  /** RUT bodies; the check digit is computed, so they are always valid. */
  rutUsuario: number;
  rutEmpresa: number;
  descripcion: string;
}

interface TiendaDemo {
  duena: CuentaDemo;
  minimarket: { nombre: string; direccion: string; comuna: string; tamano: string; rubro: string };
  /** Each shop has its own random stream, so changing one never reshuffles the other. */
  semilla: number;
  /** How many catalogue products it carries; null means all of them. */
  surtido: number | null;
  /** Its shelf prices differ a little from the catalogue's (another supplier, another street). */
  variaPrecios: boolean;
  ventasPorDia: { base: number; min: number; max: number };
  agotados: number;
  stockBajo: number;
  /** The layout of the labels its counter's scale prints; null: it has no such scale. */
  formatoEtiqueta: FormatoEtiqueta | null;
  /** Its neighbours on credit (la libreta, libreta.ts): some of the history's sales become theirs. */
  libreta: readonly ClienteDemo[];
}

const ADMIN: CuentaDemo = {
  correo: 'admin@demo.cl',
  contrasena: 'Admin1234',
  nombre: 'Camila Rojas Fuentes',
  empresa: 'Red Almacenes de Barrio SpA',
  direccion: 'Av. Providencia 1208, oficina 402, Providencia',
  rutUsuario: 15_342_871,
  rutEmpresa: 76_894_512,
  descripcion: 'Administradora de la plataforma.',
};

const TIENDAS: readonly TiendaDemo[] = [
  {
    duena: {
      correo: 'pyme@demo.cl',
      contrasena: 'Pyme1234',
      nombre: 'José Pérez Soto',
      empresa: 'Comercial Don Pepe SpA',
      direccion: 'Av. Grecia 2345, Ñuñoa',
      rutUsuario: 10_456_789,
      rutEmpresa: 77_123_456,
      descripcion: 'Atiende su minimarket en Ñuñoa desde 1998.',
    },
    minimarket: {
      nombre: 'Minimarket Don Pepe',
      direccion: 'Av. Grecia 2345',
      comuna: 'Ñuñoa',
      tamano: 'Mediano',
      rubro: 'Minimarket',
    },
    semilla: 0x5eed_0001,
    surtido: null,
    variaPrecios: false,
    ventasPorDia: { base: 56, min: 40, max: 90 },
    agotados: 5,
    stockBajo: 9,
    // The scale prints price labels: 20 + PLU (5 digits) + the amount in pesos (5 digits).
    formatoEtiqueta: { prefijo: '20', digitos_plu: 5, contenido: 'precio' },
    libreta: LIBRETA_DON_PEPE,
  },
  {
    duena: {
      correo: 'pyme2@demo.cl',
      contrasena: 'Pyme1234',
      nombre: 'María Inés Contreras Muñoz',
      empresa: 'Almacén La Esquina Ltda.',
      direccion: 'Gran Avenida José Miguel Carrera 4870, San Miguel',
      rutUsuario: 13_578_246,
      rutEmpresa: 76_543_210,
      descripcion: 'Almacén familiar de barrio en San Miguel.',
    },
    minimarket: {
      nombre: 'Almacén La Esquina',
      direccion: 'Gran Avenida José Miguel Carrera 4870',
      comuna: 'San Miguel',
      tamano: 'Pequeño',
      rubro: 'Almacén',
    },
    semilla: 0x5eed_0002,
    surtido: 200,
    variaPrecios: true,
    ventasPorDia: { base: 28, min: 15, max: 45 },
    agotados: 4,
    stockBajo: 6,
    // A plain scale: the cashier types the weight.
    formatoEtiqueta: null,
    libreta: [],
  },
];

/** The demo logins, one line each, as the server prints them at start. */
export function lineasCuentasDemo(): string[] {
  const linea = (correo: string, contrasena: string, detalle: string) => `${correo.padEnd(15)}/ ${contrasena.padEnd(11)}(${detalle})`;
  return [
    linea(ADMIN.correo, ADMIN.contrasena, 'administrador'),
    ...TIENDAS.map((t) => linea(t.duena.correo, t.duena.contrasena, `pyme, ${t.minimarket.nombre}`)),
  ];
}

function rut(cuerpo: number): string {
  return `${cuerpo}-${computeRutDv(cuerpo)}`;
}

// ---------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------

type Rng = () => number;

/** mulberry32: tiny, fast and good enough for demo data; the same seed gives the same sequence. */
export function mulberry32(semilla: number): Rng {
  let a = semilla >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function entero(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Picks an index with probability proportional to its weight (binary search on the running sums). */
class Ponderado {
  private readonly acumulado: number[] = [];
  constructor(pesos: readonly number[]) {
    let suma = 0;
    for (const p of pesos) this.acumulado.push((suma += p));
  }
  elegir(rng: Rng): number {
    const objetivo = rng() * this.acumulado[this.acumulado.length - 1];
    let lo = 0;
    let hi = this.acumulado.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.acumulado[mid] > objetivo) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

function barajar<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

// ---------------------------------------------------------------------------
// Shelves: assortment, prices and stock
// ---------------------------------------------------------------------------

interface ProductoTienda {
  catalogo: ProductoCatalogo;
  precio: number;
  /** Units, or grams for a kg product. */
  stock: number;
}

/** Products this popular are always carried, never left out of stock and kept well stocked. */
const POPULARIDAD_BASICA = 8;
const VARIACION_PRECIO = { min: 0.96, max: 1.08 };
const STOCK_BASICO = { min: 40, max: 120 };
const STOCK_NORMAL = { min: 6, max: 80 };
/** A kg product's stock, in grams: 15 to 60 kg of a staple (the day's bread), 3 to 25 kg of the rest. */
const STOCK_BASICO_KG = { min: 15_000, max: 60_000 };
const STOCK_NORMAL_KG = { min: 3_000, max: 25_000 };
/** The minimarket's default umbral_stock_bajo: below it a product counts as low stock (kilos for a kg product). */
const UMBRAL_STOCK_BAJO = 5;
const STOCK_BAJO = { min: 1, max: UMBRAL_STOCK_BAJO - 1 };
const STOCK_BAJO_KG = { min: 300, max: UMBRAL_STOCK_BAJO * 1000 - 100 };
/** The weight of a kg line, in grams: 0,2 to 1,5 kg, what a counter weighs. */
const GRAMOS_LINEA = { min: 200, max: 1_500 };

const esGranel = (p: ProductoTienda) => p.catalogo.unidad === 'kg';

/** Rounds to the nearest price ending in 90, the way Chilean shelves are priced. */
function redondearA90(precio: number): number {
  return Math.max(90, Math.round((precio + 10) / 100) * 100 - 10);
}

function armarSurtido(tienda: TiendaDemo, rng: Rng): ProductoTienda[] {
  let elegidos: readonly ProductoCatalogo[] = CATALOGO;
  if (tienda.surtido !== null) {
    // Staples first, then a random share of the rest; kept in catalogue order.
    const basicos = CATALOGO.filter((p) => p.popularidad >= POPULARIDAD_BASICA);
    const resto = barajar(
      rng,
      CATALOGO.filter((p) => p.popularidad < POPULARIDAD_BASICA),
    );
    const incluidos = new Set([...basicos, ...resto.slice(0, Math.max(0, tienda.surtido - basicos.length))]);
    elegidos = CATALOGO.filter((p) => incluidos.has(p));
  }

  const productos = elegidos.map((catalogo): ProductoTienda => {
    let precio = catalogo.precio;
    if (tienda.variaPrecios) {
      const factor = VARIACION_PRECIO.min + rng() * (VARIACION_PRECIO.max - VARIACION_PRECIO.min);
      const nuevo = redondearA90(catalogo.precio * factor);
      if (nuevo > catalogo.costo) precio = nuevo;
    }
    const basico = catalogo.popularidad >= POPULARIDAD_BASICA;
    const rango = catalogo.unidad === 'kg' ? (basico ? STOCK_BASICO_KG : STOCK_NORMAL_KG) : basico ? STOCK_BASICO : STOCK_NORMAL;
    return { catalogo, precio, stock: entero(rng, rango.min, rango.max) };
  });

  // A few real gaps on the shelf, so the out-of-stock and low-stock views have something to show.
  const candidatos = barajar(
    rng,
    productos.filter((p) => p.catalogo.popularidad < POPULARIDAD_BASICA),
  );
  candidatos.slice(0, tienda.agotados).forEach((p) => (p.stock = 0));
  candidatos
    .slice(tienda.agotados, tienda.agotados + tienda.stockBajo)
    .forEach(
      (p) => (p.stock = esGranel(p) ? entero(rng, STOCK_BAJO_KG.min, STOCK_BAJO_KG.max) : entero(rng, STOCK_BAJO.min, STOCK_BAJO.max)),
    );
  return productos;
}

// ---------------------------------------------------------------------------
// Calendar in Santiago time
// ---------------------------------------------------------------------------

/**
 * The instant of noon, Santiago time, on a local date. Chile changes its clocks at
 * midnight, so times counted from noon are right for the whole 08:00–22:00 day.
 */
const mediodiaSantiago = ({ anio, mes, dia }: FechaLocal) => localAUtc(anio, mes, dia, 12).getTime();

// ---------------------------------------------------------------------------
// Sales history
// ---------------------------------------------------------------------------

const MS_POR_HORA = 3_600_000;
/** Accounts and shelves date from 07:00 of the first history day, before its first sale. */
const HORAS_ANTES_DEL_MEDIODIA_APERTURA = 5;
/** Sunday first, as Date#getUTCDay counts: quiet Sunday, busy Friday and Saturday. */
const FACTOR_DIA_SEMANA = [0.7, 0.9, 0.9, 0.95, 1.0, 1.25, 1.35];
/** Business grew a little over the period, so the trend charts are not flat. */
const TENDENCIA = { inicio: 0.92, fin: 1.05 };
const RUIDO_DIARIO = 0.15;
/** Opening hours 08:00–22:00 with the lunch and after-work peaks. */
const PESO_POR_HORA: ReadonlyArray<readonly [number, number]> = [
  [8, 2],
  [9, 3],
  [10, 3],
  [11, 4],
  [12, 7],
  [13, 8],
  [14, 6],
  [15, 4],
  [16, 4],
  [17, 5],
  [18, 8],
  [19, 9],
  [20, 8],
  [21, 5],
];
/** Lines per sale: 1 to 6, mostly small baskets. */
const PESO_LINEAS = [30, 25, 18, 12, 8, 7];
/** Units per line: cheap items go by the handful, dearer ones one at a time. */
const PRECIO_BARATO = 1_000;
const PESO_UNIDADES_BARATO = [55, 25, 12, 8];
const PESO_UNIDADES_NORMAL = [78, 17, 5];
/**
 * Payment mix by ticket size: cash for small buys, cards as the total grows. Order as METODOS_ABONO:
 * every method but Fiado (a sale on credit needs a customer: fiarCompras gives the libreta's their customer).
 */
const MEZCLA_PAGO: ReadonlyArray<{ hasta: number; pesos: Record<MetodoAbono, number> }> = [
  { hasta: 3_000, pesos: { Efectivo: 55, 'Tarjeta de Débito': 28, 'Transferencia Bancaria': 10, 'Tarjeta de Crédito': 7 } },
  { hasta: 15_000, pesos: { Efectivo: 38, 'Tarjeta de Débito': 38, 'Transferencia Bancaria': 13, 'Tarjeta de Crédito': 11 } },
  { hasta: Infinity, pesos: { Efectivo: 25, 'Tarjeta de Débito': 40, 'Transferencia Bancaria': 15, 'Tarjeta de Crédito': 20 } },
];
const ELECCION_PAGO = MEZCLA_PAGO.map((m) => ({
  hasta: m.hasta,
  elegir: new Ponderado(METODOS_ABONO.map((metodo) => m.pesos[metodo])),
}));
/** Re-draws allowed when a basket picks a product it already holds. */
const REINTENTOS_PRODUCTO = 8;

interface LineaGenerada {
  indice: number;
  /** Units, or grams for a kg product. */
  unidades: number;
  /** precio × unidades, or montoPorPeso(precio por kilo, gramos) for a kg product. */
  subtotal: number;
}

interface VentaGenerada {
  fecha: Date;
  total: number;
  metodo: MetodoPago;
  /** A sale on credit ('Fiado'): its customer. */
  id_cliente?: number;
  lineas: LineaGenerada[];
}

/**
 * The history with the libreta's purchases on credit in it: each chosen sale paid 'Fiado' by its
 * customer (the same basket and total; only how it was paid changes, so stock and totals stay).
 */
function fiarCompras(ventas: readonly VentaGenerada[], compras: readonly number[][], idsClientes: readonly number[]): VentaGenerada[] {
  const cliente = new Map<number, number>();
  compras.forEach((indices, c) => indices.forEach((i) => cliente.set(i, idsClientes[c]!)));
  return ventas.map((v, i) => {
    const id_cliente = cliente.get(i);
    return id_cliente === undefined ? v : { ...v, metodo: 'Fiado', id_cliente };
  });
}

function generarVentas(productos: readonly ProductoTienda[], tienda: TiendaDemo, dias: number, ahora: Date, rng: Rng): VentaGenerada[] {
  const eligeProducto = new Ponderado(productos.map((p) => p.catalogo.popularidad));
  const eligeHora = new Ponderado(PESO_POR_HORA.map(([, peso]) => peso));
  const eligeLineas = new Ponderado(PESO_LINEAS);
  const unidadesBarato = new Ponderado(PESO_UNIDADES_BARATO);
  const unidadesNormal = new Ponderado(PESO_UNIDADES_NORMAL);

  const limite = ahora.getTime();
  const hoy = fechaLocal(ahora);
  const ventas: VentaGenerada[] = [];

  for (let atras = dias - 1; atras >= 0; atras--) {
    const dia = sumarDias(hoy, -atras);
    const mediodia = mediodiaSantiago(dia);
    const avance = dias > 1 ? (dias - 1 - atras) / (dias - 1) : 1;
    const tendencia = TENDENCIA.inicio + (TENDENCIA.fin - TENDENCIA.inicio) * avance;
    const ruido = 1 - RUIDO_DIARIO + rng() * 2 * RUIDO_DIARIO;
    const { base, min, max } = tienda.ventasPorDia;
    const cantidad = Math.min(max, Math.max(min, Math.round(base * FACTOR_DIA_SEMANA[dia.diaSemana] * tendencia * ruido)));

    const delDia: VentaGenerada[] = [];
    for (let n = 0; n < cantidad; n++) {
      const hora = PESO_POR_HORA[eligeHora.elegir(rng)][0];
      const segundos = (hora - 12) * 3600 + entero(rng, 0, 59) * 60 + entero(rng, 0, 59);
      const fecha = mediodia + segundos * 1000;
      // Today's history stops at "now"; the draws above still happen, so earlier days stay identical.
      const numLineas = eligeLineas.elegir(rng) + 1;

      const lineas: LineaGenerada[] = [];
      const enCarro = new Set<number>();
      let total = 0;
      for (let l = 0; l < numLineas; l++) {
        let indice = eligeProducto.elegir(rng);
        for (let r = 0; r < REINTENTOS_PRODUCTO && enCarro.has(indice); r++) indice = eligeProducto.elegir(rng);
        if (enCarro.has(indice)) continue;
        enCarro.add(indice);
        const producto = productos[indice];
        const precio = producto.precio;
        if (esGranel(producto)) {
          const gramos = entero(rng, GRAMOS_LINEA.min, GRAMOS_LINEA.max);
          const subtotal = montoPorPeso(precio, gramos);
          lineas.push({ indice, unidades: gramos, subtotal });
          total += subtotal;
          continue;
        }
        const unidades = (precio < PRECIO_BARATO ? unidadesBarato : unidadesNormal).elegir(rng) + 1;
        lineas.push({ indice, unidades, subtotal: precio * unidades });
        total += precio * unidades;
      }
      const pago = ELECCION_PAGO.find((m) => total <= m.hasta) ?? ELECCION_PAGO[ELECCION_PAGO.length - 1];
      const metodo = METODOS_ABONO[pago.elegir.elegir(rng)];
      if (fecha <= limite) delDia.push({ fecha: new Date(fecha), total, metodo, lineas });
    }
    delDia.sort((a, b) => a.fecha.getTime() - b.fecha.getTime());
    ventas.push(...delDia);
  }
  return ventas;
}

// ---------------------------------------------------------------------------
// Writing it all
// ---------------------------------------------------------------------------

function crearCuenta(tx: Tx, cuenta: CuentaDemo, hash: string, rol: 'administrador' | 'pyme', desde: Date) {
  return crearUsuario(tx, {
    nombre: cuenta.nombre,
    correo: cuenta.correo,
    contrasena_hash: hash,
    empresa: cuenta.empresa,
    direccion: cuenta.direccion,
    rut_usuario: rut(cuenta.rutUsuario),
    rut_empresa: rut(cuenta.rutEmpresa),
    rol,
    descripcion: cuenta.descripcion,
    fecha_creacion: desde,
  });
}

async function sembrarTienda(tx: Tx, tienda: TiendaDemo, hash: string, dias: number, ahora: Date, desde: Date): Promise<void> {
  const rng = mulberry32(tienda.semilla);
  const { id_usuario } = await crearCuenta(tx, tienda.duena, hash, 'pyme', desde);
  const { id_minimarket } = await crearMinimarket(tx, {
    id_usuario,
    nombre_minimarket: tienda.minimarket.nombre,
    direccion: tienda.minimarket.direccion,
    comuna: tienda.minimarket.comuna,
    tamano: tienda.minimarket.tamano,
    rubro: tienda.minimarket.rubro,
    etiqueta_prefijo: tienda.formatoEtiqueta?.prefijo ?? null,
    etiqueta_digitos_plu: tienda.formatoEtiqueta?.digitos_plu ?? null,
    etiqueta_contenido: tienda.formatoEtiqueta?.contenido ?? null,
    fecha_creacion: desde,
  });

  const productos = armarSurtido(tienda, rng);
  // The history first (no database), so the first count can be today's stock plus what it sold.
  // La libreta: its customers first, so the sales that were theirs are written 'Fiado' at once.
  const generadas = generarVentas(productos, tienda, dias, ahora, rng);
  const idsClientes = await crearClientesLibreta(tx, id_minimarket, tienda.libreta);
  const compras = elegirComprasFiadas(tienda.libreta, generadas, ahora);
  const ventas = fiarCompras(generadas, compras, idsClientes);
  const vendidas = productos.map(() => 0);
  for (const v of ventas) for (const l of v.lineas) vendidas[l.indice] += l.unidades;
  const idPorCodigo = await crearProductosIniciales(
    tx,
    productos.map((p, i) => ({
      id_minimarket,
      nombre_producto: p.catalogo.nombre,
      categoria: p.catalogo.categoria,
      precio_venta_actual: p.precio,
      precio_compra_actual: p.catalogo.costo,
      unidad: p.catalogo.unidad,
      codigo_plu: p.catalogo.plu,
      stock: p.stock,
      stock_inicial: p.stock + vendidas[i]!,
      codigo_barra: p.catalogo.codigo,
      descripcion: p.catalogo.descripcion,
      marca: p.catalogo.marca,
      costo_unitario: p.catalogo.costo,
      fecha: desde,
    })),
    id_usuario,
    MOTIVO_INVENTARIO_INICIAL,
  );
  const idProducto = productos.map((p) => idPorCodigo.get(p.catalogo.codigo)!);

  // The sales of the history, and each one's units out of the stock in the ledger, in the order
  // they happened: a product's ledger adds up to today's stock, never below zero on the way.
  const ids = await reservarIdsVenta(tx, ventas.length);
  const lineas = ventas.flatMap((v, i) =>
    v.lineas.map((l) => {
      const p = productos[l.indice];
      return {
        id_venta: ids[i],
        id_minimarket,
        id_producto: idProducto[l.indice],
        num_unidades: l.unidades,
        precio_unitario: p.precio,
        subtotal: l.subtotal,
        nombre_producto: p.catalogo.nombre,
        costo_unitario: p.catalogo.costo,
        categoria: p.catalogo.categoria,
        unidad: esGranel(p) ? ('kg' as const) : ('unidad' as const),
      };
    }),
  );
  const numeros = await insertarHistorial(
    tx,
    ventas.map((v, i) => ({
      id_venta: ids[i],
      id_minimarket,
      id_usuario,
      fecha_venta: v.fecha,
      total: v.total,
      metodo_pago: v.metodo,
      estado_venta: ESTADO_VENTA_COMPLETADA,
      id_cliente: v.id_cliente ?? null,
    })),
    lineas,
  );
  const enEstante = productos.map((p, i) => p.stock + vendidas[i]!);
  await registrarSalidasDeHistorial(
    tx,
    id_minimarket,
    id_usuario,
    ventas.flatMap((v, i) =>
      v.lineas.map((l) => {
        enEstante[l.indice]! -= l.unidades;
        return {
          id_producto: idProducto[l.indice]!,
          id_venta: ids[i]!,
          cantidad: l.unidades,
          stock_resultante: enEstante[l.indice]!,
          motivo: `Venta N° ${numeros.get(ids[i]!)}`,
          fecha: v.fecha,
        };
      }),
    ),
  );
  // La libreta: some abonos paid those sales on credit, and the notices due today.
  if (tienda.libreta.length > 0) {
    await sembrarAbonos(
      tx,
      { id_minimarket, id_usuario },
      tienda.libreta,
      idsClientes.map((id_cliente, c) => ({ id_cliente, compras: compras[c]!.map((i) => ventas[i]!.total) })),
      ahora,
    );
  }
  // The analytics' summaries of that history, now rather than by the worker after the start.
  await sumarPendientes(tx, id_minimarket, null);

  // The notices the stock checks raised, when they raised them: at the last sale of each product
  // now sold out or low (the sale that emptied the shelf), or when the inventory was counted for
  // one that never sold. Those of earlier days are already read, as an owner would have.
  const ultimaVenta = new Map<number, Date>();
  for (const v of ventas) for (const l of v.lineas) ultimaVenta.set(l.indice, v.fecha);
  const inicioDeHoy = localAUtc(fechaLocal(ahora).anio, fechaLocal(ahora).mes, fechaLocal(ahora).dia);
  await crearNotificaciones(
    tx,
    productos.flatMap((p, indice) => {
      if (p.stock >= UMBRAL_STOCK_BAJO * factorUmbral(p.catalogo.unidad)) return [];
      const producto = { id_producto: idProducto[indice]!, nombre_producto: p.catalogo.nombre };
      const fecha = ultimaVenta.get(indice) ?? desde;
      return [
        {
          ...(p.stock === 0 ? avisoAgotado(producto) : avisoStockBajo(producto, p.stock, p.catalogo.unidad)),
          id_usuario,
          id_minimarket,
          fecha,
          leida: fecha < inicioDeHoy,
        },
      ];
    }),
  );
}

/** The estado_sistema row that says the demo data is in (set in the seed's own transaction). */
export const CLAVE_DATOS_DEMO = 'datos_demo';
/** Any constant: two replicas starting at once seed one after the other, the second finding it done. */
const LOCK_SEMILLA = LLAVES_BLOQUEO.semilla;

/**
 * Seeds the demo accounts, shops, products and sales history once. Whether it already did is
 * recorded in estado_sistema, not guessed from an e-mail address: renaming the demo admin
 * never makes a start try again. Returns { creado: false } when it was done before.
 */
export async function seedDemo(db: Db, opts: { dias?: number; ahora?: Date } = {}): Promise<{ creado: boolean }> {
  if (await leerEstadoSistema(db, CLAVE_DATOS_DEMO)) return { creado: false };

  const dias = opts.dias ?? DIAS_POR_DEFECTO;
  const ahora = opts.ahora ?? new Date();
  // Accounts, shops and shelves date from the opening of the first history day.
  const primerDia = sumarDias(fechaLocal(ahora), -Math.max(0, dias - 1));
  const desde = new Date(mediodiaSantiago(primerDia) - HORAS_ANTES_DEL_MEDIODIA_APERTURA * MS_POR_HORA);

  // Hashing is slow on purpose; do it before the transaction opens.
  const hashAdmin = await hashPassword(ADMIN.contrasena);
  const hashes = await Promise.all(TIENDAS.map((t) => hashPassword(t.duena.contrasena)));

  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_SEMILLA}::bigint)`;
      if (await leerEstadoSistema(tx, CLAVE_DATOS_DEMO)) return { creado: false };
      await crearCuenta(tx, ADMIN, hashAdmin, 'administrador', desde);
      for (const [i, tienda] of TIENDAS.entries()) {
        await sembrarTienda(tx, tienda, hashes[i], dias, ahora, desde);
      }
      await marcarEstadoSistema(tx, CLAVE_DATOS_DEMO, `${dias} días de ventas hasta ${ahora.toISOString()}`);
      return { creado: true };
    },
    { timeout: TIMEOUT_TRANSACCION_MS, maxWait: TIMEOUT_TRANSACCION_MS },
  );
}
