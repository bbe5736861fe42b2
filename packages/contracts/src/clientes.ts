// La libreta de fiado (issue #21, docs/fiado.md): the shop's customers, what they take on credit
// (a sale paid 'Fiado'), what they pay on account (abonos) and their balance. The balance is one
// definition in the database (the view cuenta_cliente); these are the shapes and the words.
import { z } from 'zod';
import { enteroDesdeTexto, idSchema, METODOS_PAGO, paginaSchema, pesosSchema } from './comunes.js';
import { esDia } from './dias.js';
import { formatClp } from './formato.js';
import { UNIDADES_VENTA } from './granel.js';
import { MAX_ENTERO, ZONA_HORARIA } from './reglas.js';
import { normalizeRut } from './rut.js';

/** How a payment on account may be made: any method but Fiado itself. */
export const METODOS_ABONO = METODOS_PAGO.filter((m): m is Exclude<(typeof METODOS_PAGO)[number], 'Fiado'> => m !== 'Fiado');
export type MetodoAbono = (typeof METODOS_ABONO)[number];

export const LIMITES_CLIENTE = { nombre: 120, telefono: 30, direccion: 200, notas: 500 } as const;
export const PAGE_SIZE_CLIENTES = 50;

export const clienteSchema = z
  .object({
    id_cliente: z.number().int(),
    id_minimarket: z.number().int(),
    nombre: z.string(),
    /** '12.345.678-5' as people read it; null when not given. */
    rut: z.string().nullable(),
    telefono: z.string().nullable(),
    direccion: z.string().nullable(),
    /** The most the customer may owe, in pesos; null: no limit. */
    limite_credito: z.number().int().nullable(),
    notas: z.string().nullable(),
    activo: z.boolean(),
    /** What the customer owes now (cuenta_cliente): fiado sales − their returns and voids − abonos. */
    saldo: z.number().int(),
    /** The oldest purchase not yet paid (credits settle purchases oldest first); null when nothing is owed. */
    compra_impaga_desde: z.string().nullable(),
    /** What the paper notebook said the customer owed when loaded (0: nothing); abonos lower the balance, not this. */
    saldo_inicial: z.number().int(),
    /** Since when that opening balance is owed (its movement's date); null when there is none. */
    saldo_inicial_desde: z.string().nullable(),
    fecha_creacion: z.string(),
  })
  .meta({ id: 'Cliente' });
export type Cliente = z.infer<typeof clienteSchema>;

export const MENSAJE_NOMBRE_CLIENTE = 'Escribe el nombre del cliente.';
export const MENSAJE_RUT_CLIENTE = 'El RUT no es válido (revisa el dígito verificador).';

const textoHasta = (max: number, campo: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${campo} puede tener a lo más ${max} caracteres.` })
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

/** An optional RUT: '' or null clears it; anything else must carry its right check digit. */
const rutOpcional = z
  .string()
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    const rut = normalizeRut(v);
    if (!rut) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_RUT_CLIENTE });
      return z.NEVER;
    }
    return rut;
  })
  .nullable()
  .optional();

// nullable() rather than a union with z.null(): a union hides the reader's own words ('sin decimales')
// behind a generic message when typed text is refused.
const limiteSchema = enteroDesdeTexto(
  z
    .number()
    .int({ error: 'El límite de crédito es un número entero de pesos.' })
    .min(0, { error: 'El límite de crédito no puede ser negativo.' })
    .max(100_000_000, { error: 'El límite de crédito es demasiado alto.' }),
  { campo: 'El límite de crédito', pesos: true, mensajeTipo: 'El límite de crédito es un número entero de pesos.' },
)
  .nullable()
  .optional();

export const MENSAJE_SALDO_INICIAL_TIPO = 'El saldo inicial es un número entero de pesos.';
export const MENSAJE_SALDO_INICIAL_FECHA = 'La fecha de la deuda debe tener el formato AAAA-MM-DD (por ejemplo 2026-03-15).';
export const MENSAJE_SALDO_INICIAL_FUTURO = 'La fecha de la deuda no puede estar en el futuro.';
export const MENSAJE_SALDO_INICIAL_ANTIGUO = 'La fecha de la deuda es demasiado antigua (se aceptan desde el año 2000).';
export const MENSAJE_SALDO_INICIAL_NO_EDITABLE = 'El saldo inicial no se edita: para bajarlo, registra un abono en la cuenta del cliente.';
/** No debt of a neighbourhood shop's notebook is older than this. */
const ANIO_MINIMO_DEUDA = 2000;

/** Today, 'YYYY-MM-DD' on Santiago's calendar (the shop's day, on the server and in the browser alike). */
export const hoyEnSantiago = (ahora: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_HORARIA, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ahora);

/** What the customer owed in the paper notebook when loaded: whole pesos, 0 or more (empty: 0). */
export const saldoInicialSchema = enteroDesdeTexto(
  z
    .number()
    .int({ error: MENSAJE_SALDO_INICIAL_TIPO })
    .min(0, { error: 'El saldo inicial no puede ser negativo.' })
    .max(MAX_ENTERO, { error: 'El saldo inicial es demasiado alto.' }),
  { campo: 'El saldo inicial', pesos: true, mensajeTipo: MENSAJE_SALDO_INICIAL_TIPO },
)
  .nullable()
  .optional();

/** Since when the opening balance is owed (the oldest unpaid purchase of the notebook): a day, not in the future. */
export const saldoInicialDesdeSchema = z
  .string({ error: MENSAJE_SALDO_INICIAL_FECHA })
  .trim()
  .transform((v, ctx) => {
    if (v === '') return null;
    if (!esDia(v)) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_SALDO_INICIAL_FECHA, input: v });
      return z.NEVER;
    }
    if (Number(v.slice(0, 4)) < ANIO_MINIMO_DEUDA) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_SALDO_INICIAL_ANTIGUO, input: v });
      return z.NEVER;
    }
    if (v > hoyEnSantiago()) {
      ctx.addIssue({ code: 'custom', message: MENSAJE_SALDO_INICIAL_FUTURO, input: v });
      return z.NEVER;
    }
    return v;
  })
  .nullable()
  .optional();

const camposCliente = {
  nombre: z
    .string({ error: MENSAJE_NOMBRE_CLIENTE })
    .trim()
    .min(1, { error: MENSAJE_NOMBRE_CLIENTE })
    .max(LIMITES_CLIENTE.nombre, { error: `El nombre puede tener a lo más ${LIMITES_CLIENTE.nombre} caracteres.` }),
  rut: rutOpcional,
  telefono: textoHasta(LIMITES_CLIENTE.telefono, 'El teléfono'),
  direccion: textoHasta(LIMITES_CLIENTE.direccion, 'La dirección'),
  limite_credito: limiteSchema,
  notas: textoHasta(LIMITES_CLIENTE.notas, 'Las notas'),
  activo: z.boolean({ error: 'Indica si el cliente está activo.' }).optional(),
};

/** Only when the customer is created (by hand or from the notebook's file): never edited afterwards. */
const camposSaldoInicial = { saldo_inicial: saldoInicialSchema, saldo_inicial_desde: saldoInicialDesdeSchema };

export const clienteCreateSchema = z.object({ id_minimarket: idSchema, ...camposCliente, ...camposSaldoInicial });
export type ClienteCreate = z.input<typeof clienteCreateSchema>;
/** One customer of an imported notebook: the create form's fields and words, without the shop. */
export const clienteCargaSchema = z.object({ ...camposCliente, ...camposSaldoInicial });
/** An abono lowers the opening balance; the opening balance itself is refused here, with the reason. */
const noEditable = z
  .unknown()
  .refine((v) => v === undefined, { error: MENSAJE_SALDO_INICIAL_NO_EDITABLE })
  .optional();
export const clienteUpdateSchema = z.object(camposCliente).partial().extend({ saldo_inicial: noEditable, saldo_inicial_desde: noEditable });
export type ClienteUpdate = z.input<typeof clienteUpdateSchema>;

export const clientesQuerySchema = z.object({
  id_minimarket: idSchema,
  /** Part of the name (accents and case ignored) or the RUT. */
  search: z.string().trim().max(100).optional(),
  /** 'deuda': who owes most first; 'nombre': alphabetical. */
  orden: z.enum(['nombre', 'deuda']).default('nombre'),
  /** Include the inactive ones (the list hides them). */
  inactivos: z.stringbool().default(false),
  ...paginaSchema(PAGE_SIZE_CLIENTES),
});

export const clientesListSchema = z
  .object({
    clientes: z.array(clienteSchema),
    total: z.number().int(),
    /** What all the shop's customers owe (cuentas por cobrar), the same figure Inicio shows. */
    por_cobrar: z.number().int(),
  })
  .meta({ id: 'ListaClientes' });

export const MENSAJE_METODO_ABONO = 'El abono se paga en efectivo, débito, crédito o transferencia.';
export const abonoCreateSchema = z.object({
  monto: pesosSchema.refine((m) => m > 0, { error: 'El abono debe ser mayor a $0.' }),
  metodo_pago: z.enum(METODOS_ABONO, { error: MENSAJE_METODO_ABONO }),
});

export const abonoSchema = z
  .object({
    id_abono: z.number().int(),
    id_cliente: z.number().int(),
    monto: z.number().int(),
    metodo_pago: z.enum(METODOS_ABONO),
    fecha: z.string(),
    id_turno: z.number().int().nullable(),
    nombre_usuario: z.string().nullable(),
  })
  .meta({ id: 'Abono' });

export const abonoResultadoSchema = z.object({ abono: abonoSchema, saldo: z.number().int() }).meta({ id: 'AbonoResultado' });

export const TIPOS_MOVIMIENTO_CUENTA = ['compra', 'devolucion', 'anulacion', 'abono', 'saldo_inicial'] as const;
/** How the statement names the opening balance (web, print and API alike). */
export const DESCRIPCION_SALDO_INICIAL = 'Saldo inicial (libreta)';
/** A line of a purchase on the statement: what the customer took, how much of it and for how much. */
export const lineaCompraCuentaSchema = z.object({
  nombre_producto: z.string(),
  /** Grams when unidad is 'kg' (the statement shows kilos: '0,350 kg'). */
  num_unidades: z.number().int(),
  unidad: z.enum(UNIDADES_VENTA),
  /** What the line cost (pesos). */
  subtotal: z.number().int(),
});
export type LineaCompraCuenta = z.infer<typeof lineaCompraCuentaSchema>;

export const movimientoCuentaSchema = z.object({
  fecha: z.string(),
  tipo: z.enum(TIPOS_MOVIMIENTO_CUENTA),
  /** 'Compra N° 12', 'Devolución de la venta N° 12', 'Anulación de la venta N° 12', 'Abono en efectivo', 'Saldo inicial (libreta)'. */
  descripcion: z.string(),
  /** The sale it comes from (compra, devolución, anulación). */
  id_venta: z.number().int().nullable(),
  /** What it adds to the balance (a purchase). */
  cargo: z.number().int(),
  /** What it takes off (a return, a void, an abono). */
  abono: z.number().int(),
  /** The balance after it. */
  saldo: z.number().int(),
  /**
   * A purchase's items as sold (the sale's lines, in order); empty for every other movement. Of a split
   * sale (docs/pagos.md) they are the whole sale's, while `cargo` is only its fiado part.
   */
  detalles: z.array(lineaCompraCuentaSchema),
});
export type MovimientoCuenta = z.infer<typeof movimientoCuentaSchema>;

export const estadoCuentaSchema = z
  .object({ cliente: clienteSchema, movimientos: z.array(movimientoCuentaSchema), saldo: z.number().int() })
  .meta({ id: 'EstadoCuenta' });
export type EstadoCuenta = z.infer<typeof estadoCuentaSchema>;

/**
 * A sale on credit past the customer's limit (409): says the balance and the limit. `parcial`: only
 * `total` of a split sale goes on the account (pago dividido).
 */
export const mensajeLimiteCredito = (nombre: string, saldo: number, limite: number, total: number, parcial = false) =>
  `${parcial ? `Fiar ${formatClp(total)} de esta venta` : `Esta venta de ${formatClp(total)}`} deja a ${nombre} sobre su límite de crédito: debe ${formatClp(saldo)} y su límite es ${formatClp(limite)}.`;
export const mensajeClienteInactivo = (nombre: string) =>
  `${nombre} está inactivo: no se le puede fiar. Actívalo en Clientes para venderle fiado.`;
export const MENSAJE_FIADO_SIN_CLIENTE = 'Para vender fiado, elige el cliente.';
export const MENSAJE_CLIENTE_SOLO_FIADO = 'El cliente se indica en las ventas fiadas.';
export const mensajeAbonoExcede = (saldo: number) =>
  saldo === 0
    ? 'Este cliente no debe nada: no hay saldo que abonar.'
    : `El abono es mayor que lo que debe el cliente (${formatClp(saldo)}). Registra a lo más ese monto.`;
export const MENSAJE_CLIENTE_NO_ENCONTRADO = 'Cliente no encontrado.';
export const MENSAJE_RUT_DUPLICADO = 'Ya existe un cliente con ese RUT en tu tienda.';
export const mensajeEliminarConSaldo = (saldo: number) =>
  `Este cliente debe ${formatClp(saldo)}: no se puede eliminar mientras tenga saldo. Puedes dejarlo inactivo.`;

/**
 * The WhatsApp message with what is owed, as a wa.me link (no outside call: the phone opens it). A
 * Chilean mobile ('9 1234 5678', '+56912345678') becomes 56912345678; without a usable phone the
 * link lets the owner pick the chat (wa.me/?text=).
 */
export function enlaceWhatsapp(c: { nombre: string; telefono: string | null; saldo: number }, tienda: string): string {
  const texto =
    c.saldo > 0
      ? `Hola ${c.nombre}, te saluda ${tienda}. Tu saldo en la libreta es de ${formatClp(c.saldo)}. ¡Gracias!`
      : `Hola ${c.nombre}, te saluda ${tienda}. Tu cuenta en la libreta está al día. ¡Gracias!`;
  const digitos = (c.telefono ?? '').replace(/\D/g, '');
  const numero = /^(56)?9\d{8}$/.test(digitos) ? (digitos.startsWith('56') ? digitos : `56${digitos}`) : '';
  return `https://wa.me/${numero}?text=${encodeURIComponent(texto)}`;
}
