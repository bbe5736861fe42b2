// The demo's people and shops (decisions §1): the administrator, and the two owners each with a
// shop, its size, its sales per day, its gaps on the shelf, its scale and its libreta. The logins
// are the README's and the tests'; RUTs get their check digit computed, so they are always valid.
import { computeRutDv } from '@minimarket/contracts/rut';
import type { FormatoEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import type { Tx } from '../client.js';
import { crearUsuario } from '../../data/usuario.js';
import { LIBRETA_DON_PEPE, type ClienteDemo } from './libreta.js';

export interface CuentaDemo {
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

export interface TiendaDemo {
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

export const ADMIN: CuentaDemo = {
  correo: 'admin@demo.cl',
  contrasena: 'Admin1234',
  nombre: 'Camila Rojas Fuentes',
  empresa: 'Red Almacenes de Barrio SpA',
  direccion: 'Av. Providencia 1208, oficina 402, Providencia',
  rutUsuario: 15_342_871,
  rutEmpresa: 76_894_512,
  descripcion: 'Administradora de la plataforma.',
};

export const TIENDAS: readonly TiendaDemo[] = [
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

export function crearCuenta(tx: Tx, cuenta: CuentaDemo, hash: string, rol: 'administrador' | 'pyme', desde: Date) {
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
