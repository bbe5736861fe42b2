// A new pyme with a new, empty shop, made through the API as an administrador would: a shop
// whose every figure a test can work out by hand; and the history such a shop's tests write into it.
import { insertarHistorial, reservarIdsVenta } from '../src/data/venta.js';
import { desplazarDia, diaLocal, localAUtc } from '../src/lib/tiempo.js';
import type { TestContext } from './helpers.js';
import { DEMO } from './helpers.js';

/** Today in Santiago, and the days counted back from it: where the fixtures put their sales. */
export const hoy = diaLocal(new Date());
export const hace = (dias: number) => desplazarDia(hoy, -dias);
/** ISO weekday (1 = lunes) of a 'YYYY-MM-DD'. */
export const diaSemana = (dia: string) => new Date(`${dia}T12:00:00Z`).getUTCDay() || 7;
/** The instant of a Santiago wall-clock time on a 'YYYY-MM-DD'. */
export function instante(dia: string, hora = 0, minuto = 0) {
  const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
  return localAUtc(a, m, d, hora, minuto);
}

/** One line of a sale written to the history: what was sold, at what price and cost, under what name. */
export interface LineaDeHistorial {
  id_producto: number;
  num_unidades: number;
  precio_unitario: number;
  nombre_producto: string;
  costo_unitario: number | null;
  categoria: string;
}

/**
 * Writes sales into a shop's history the way an import does (no stock moves), by its owner, each
 * sale's total the sum of its lines: the analytics tests set every row by hand and sum it themselves.
 */
export async function insertarVentasDeHistorial(
  ctx: TestContext,
  idMinimarket: number,
  ventas: readonly { fecha: Date; metodo: string; anulada?: boolean; id_cliente?: number | null; lineas: readonly LineaDeHistorial[] }[],
) {
  const ids = await reservarIdsVenta(ctx.db, ventas.length);
  const { id_usuario } = await ctx.db.minimarket.findUniqueOrThrow({ where: { id_minimarket: idMinimarket } });
  await insertarHistorial(
    ctx.db,
    ventas.map((v, i) => ({
      id_venta: ids[i]!,
      id_minimarket: idMinimarket,
      id_usuario,
      fecha_venta: v.fecha,
      total: v.lineas.reduce((s, l) => s + l.precio_unitario * l.num_unidades, 0),
      metodo_pago: v.metodo,
      estado_venta: v.anulada ? 'Anulada' : 'Completada',
      id_cliente: v.id_cliente ?? null,
    })),
    ventas.flatMap((v, i) =>
      v.lineas.map((l) => ({ ...l, id_venta: ids[i]!, id_minimarket: idMinimarket, subtotal: l.precio_unitario * l.num_unidades })),
    ),
  );
}

type Admin = Awaited<ReturnType<TestContext['as']>>;

/** A pyme account 'Dueña <nombre>' of 'Almacén <nombre>', created by an administrador: its id_usuario. */
export async function altaPyme(
  admin: Admin,
  nombre: string,
  cuenta: { correo: string; password: string },
  extra: Record<string, unknown> = {},
) {
  const usuario = await admin.request({
    method: 'POST',
    url: '/api/users',
    payload: {
      nombre: `Dueña ${nombre}`,
      correo: cuenta.correo,
      empresa: `Almacén ${nombre}`,
      rol: 'pyme',
      contrasena: cuenta.password,
      rut_usuario: '12.345.678-5',
      rut_empresa: '76.086.428-5',
      ...extra,
    },
  });
  if (usuario.statusCode !== 201) throw new Error(`usuario: ${usuario.statusCode} ${usuario.body}`);
  return usuario.json().id_usuario as number;
}

/** A small 'Almacén <nombre>' in Maipú for that user, created by an administrador: its id_minimarket. */
export async function altaTienda(admin: Admin, nombre: string, idUsuario: number, direccion: string) {
  const tienda = await admin.request({
    method: 'POST',
    url: '/api/minimarkets/',
    payload: {
      nombre_minimarket: `Almacén ${nombre}`,
      direccion,
      comuna: 'Maipú',
      rubro: 'Almacén',
      tamano: 'Pequeño',
      id_usuario: idUsuario,
    },
  });
  if (tienda.statusCode !== 201) throw new Error(`minimarket: ${tienda.statusCode} ${tienda.body}`);
  return tienda.json().id_minimarket as number;
}

export async function crearTestUsuario(ctx: TestContext, nombre: string) {
  const admin = await ctx.as(DEMO.admin);
  const cuenta = { correo: `${nombre}@fixture.cl`, password: 'Segura123' };
  const idUsuario = await altaPyme(admin, nombre, cuenta, { estado: 'activo' });
  return { idMinimarket: await altaTienda(admin, nombre, idUsuario, 'Calle Uno 1'), cliente: await ctx.as(cuenta) };
}
