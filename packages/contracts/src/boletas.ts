// The electronic boleta (issue #23, docs/boleta.md): the shop's issuer data and provider (GET/PUT
// /api/boletas/emisor), the documents the outbox sends (GET /api/boletas/documentos, a retry), and
// what a sale's receipt shows of its boleta. Amounts are whole pesos; the provider's contract and
// the rounding of neto and IVA are in dte.ts.
import { z } from 'zod';
import { idSchema, minimarketQuerySchema, paginaSchema } from './comunes.js';
import { ESTADOS_DTE, type EstadoDte } from './dte.js';
import { UNIDADES_VENTA } from './granel.js';
import { rutSchema } from './rut.js';

/** Who sends the documents to SII. 'simulador': the local stand-in (nothing reaches SII: not valid). */
export const PROVEEDORES_DTE = ['simulador', 'openfactura'] as const;
export type ProveedorDte = (typeof PROVEEDORES_DTE)[number];
export const NOMBRE_PROVEEDOR: Record<ProveedorDte, string> = {
  simulador: 'Simulador local (no válido ante el SII)',
  openfactura: 'OpenFactura (Haulmer)',
};

/** What the receipt prints while a sale's boleta has no folio yet. */
export const LEYENDA_BOLETA_EN_PROCESO = 'Boleta en proceso';
/**
 * Printed across every document the local stand-in issued (`de_prueba`): its folio and timbre look
 * real and are not. The receipt, the Boletas screen and the server's answers use this one phrase.
 */
export const LEYENDA_DOCUMENTO_PRUEBA = 'DOCUMENTO DE PRUEBA — NO VÁLIDO ANTE EL SII';
export const MENSAJE_EMISOR_INCOMPLETO = 'Para emitir boletas completa los datos del emisor y la API key del proveedor.';
/** PUT /api/boletas/emisor in production, the stand-in chosen to issue, the operator not having allowed it (422). */
export const MENSAJE_SIMULADOR_DESACTIVADO =
  'El simulador de boletas no emite documentos válidos ante el SII y está desactivado en producción. Elige OpenFactura o pide al operador que active DTE_PERMITIR_SIMULADOR.';
/** Why the outbox holds a shop's documents in production while its provider is the stand-in. */
export const MOTIVO_SIMULADOR_DESACTIVADO =
  'En espera: el simulador de boletas está desactivado en producción. Elige OpenFactura en la configuración de la boleta electrónica y los documentos pendientes se enviarán.';
/** An API key typed in production while the server has no key of its own to encrypt it (503). */
export const MENSAJE_CLAVE_CIFRADO_AUSENTE =
  'No se puede guardar la API key: el servidor no tiene configurada su clave de cifrado (DTE_CLAVE_CIFRADO). Pide al operador que la configure.';
/** A stored API key that does not decrypt (another shop's, or the server's key changed): typed again, never guessed. */
export const MENSAJE_API_KEY_ILEGIBLE =
  'La API key guardada no se puede leer (se guardó con otra clave del servidor o en otra tienda). Escríbela de nuevo en la configuración de la boleta electrónica.';
/** PUT /api/boletas/emisor with emitir and no Acteco, stored or sent (422). */
export const MENSAJE_ACTECO_REQUERIDO =
  'Para emitir boletas escribe el código de actividad económica (Acteco) de la empresa: las notas de crédito no se pueden emitir sin él.';
export const MENSAJE_ACTECO_FORMATO = 'El código de actividad económica (Acteco) son 6 dígitos, como figura en el SII.';
/**
 * Why a nota de crédito waits: the shop issues boletas but has no Acteco (saved before it was asked
 * for). SII's general DTE format requires it in a 61; boletas do not carry it and keep going out.
 */
export const MOTIVO_NOTA_SIN_ACTECO =
  'En espera: falta el código de actividad económica (Acteco) de la empresa, que el SII exige en las notas de crédito. Escríbelo en la configuración de la boleta electrónica y esta nota se enviará sola.';
export const MENSAJE_DOCUMENTO_NO_ENCONTRADO = 'El documento no existe.';
export const MENSAJE_REINTENTO_SOLO_RECHAZADOS = 'Solo un documento rechazado se puede reintentar.';

const texto = (campo: string, max: number) =>
  z
    .string({ error: `${campo} es obligatorio.` })
    .trim()
    .min(1, { error: `${campo} es obligatorio.` })
    .max(max, { error: `${campo} tiene a lo más ${max} caracteres.` });

/** A stored Acteco as the owner reads and writes it: six digits (the code may start with 0: 011101). */
export const formatActeco = (acteco: number) => String(acteco).padStart(6, '0');

/**
 * SII's economic activity code (Acteco, the CIIU4.CL code of the giro): six digits, as a number or as
 * text (a number keeps no leading 0, so 11101 is 011101). Blank or null: none. Out: the number, what
 * DTE_v10.xsd's Acteco is (positiveInteger, totalDigits 6: 1 to 999999).
 */
export const actecoSchema = z
  .union([z.number(), z.string()], { error: MENSAJE_ACTECO_FORMATO })
  .nullable()
  .transform((v, ctx) => {
    const texto = v === null ? '' : typeof v === 'number' ? (Number.isSafeInteger(v) && v >= 0 ? formatActeco(v) : '?') : v.trim();
    if (texto === '') return null;
    if (!/^\d{6}$/.test(texto) || texto === '000000') {
      ctx.addIssue({ code: 'custom', message: MENSAJE_ACTECO_FORMATO });
      return z.NEVER;
    }
    return Number(texto);
  });

/** PUT /api/boletas/emisor: the issuer's data as SII knows it, the provider and whether boletas are issued. */
export const emisorUpdateSchema = z.object({
  id_minimarket: idSchema,
  rut: rutSchema('El RUT del emisor'),
  razon_social: texto('La razón social', 100),
  giro: texto('El giro', 80),
  direccion: texto('La dirección', 70),
  comuna: texto('La comuna', 20),
  /** SII's code of the branch (sucursal); empty when the shop is the head office. */
  codigo_sucursal: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, { error: 'El código de sucursal del SII son solo dígitos (hasta 9).' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  /** The SII resolution that authorises the issuer: printed on every boleta as «Res. {n} de {año}». */
  resolucion_numero: z.coerce
    .number({ error: 'El número de resolución es un número.' })
    .int({ error: 'El número de resolución es un número entero.' })
    .min(0, { error: 'El número de resolución no puede ser negativo.' })
    .max(999_999, { error: 'El número de resolución es demasiado grande.' }),
  resolucion_anio: z.coerce
    .number({ error: 'El año de la resolución es un número.' })
    .int({ error: 'El año de la resolución es un número entero.' })
    .min(2003, { error: 'El año de la resolución va de 2003 en adelante.' })
    .max(2100, { error: 'El año de la resolución no es válido.' }),
  /**
   * The issuer's economic activity code (Acteco), required to issue (emitir): a nota de crédito (61)
   * must carry it. Left out: the stored one stays; null or blank: none.
   */
  acteco: actecoSchema.optional(),
  proveedor: z.enum(PROVEEDORES_DTE, { error: 'El proveedor es el simulador u OpenFactura.' }),
  /** Write-only: kept encrypted on the server and never sent back. Left out: the stored one stays. */
  api_key: z.string().trim().min(8, { error: 'La API key del proveedor tiene al menos 8 caracteres.' }).max(200).optional(),
  emitir: z.boolean({ error: 'Indica si la tienda emite boletas electrónicas.' }),
});
export type EmisorUpdate = z.input<typeof emisorUpdateSchema>;

export const emisorQuerySchema = minimarketQuerySchema;

/** GET/PUT /api/boletas/emisor. `tiene_api_key` says whether one is stored; the key never comes back. */
export const emisorSchema = z
  .object({
    id_minimarket: z.number().int(),
    configurado: z.boolean(),
    rut: z.string().nullable(),
    razon_social: z.string().nullable(),
    giro: z.string().nullable(),
    direccion: z.string().nullable(),
    comuna: z.string().nullable(),
    codigo_sucursal: z.string().nullable(),
    resolucion_numero: z.number().int().nullable(),
    resolucion_anio: z.number().int().nullable(),
    /** Six digits ('472101'), or null when none is stored: then notas de crédito wait (MOTIVO_NOTA_SIN_ACTECO). */
    acteco: z.string().nullable(),
    proveedor: z.enum(PROVEEDORES_DTE),
    tiene_api_key: z.boolean(),
    emitir: z.boolean(),
  })
  .meta({ id: 'EmisorDte' });
export type Emisor = z.infer<typeof emisorSchema>;

export const documentosQuerySchema = z.object({
  id_minimarket: idSchema,
  estado: z.enum(ESTADOS_DTE, { error: 'El estado no es válido.' }).optional(),
  /** YYYY-MM-DD in Chile's time: the documents of that day. */
  dia: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'El día va como AAAA-MM-DD.' })
    .optional(),
  ...paginaSchema(50),
});

export const documentoSchema = z
  .object({
    id_documento: z.number().int(),
    id_minimarket: z.number().int(),
    tipo: z.number().int(),
    id_venta: z.number().int(),
    /** null only for a sale without a shop number (imported ones never get a boleta). */
    numero_venta: z.number().int().nullable(),
    id_devolucion: z.number().int().nullable(),
    estado: z.enum(ESTADOS_DTE),
    folio: z.number().int().nullable(),
    /** For a nota de crédito: the boleta it corrects. */
    referencia_folio: z.number().int().nullable(),
    neto: z.number().int(),
    iva: z.number().int(),
    exento: z.number().int(),
    total: z.number().int(),
    /** The provider's or SII's reason (rejection, repairs, the last failed send), in Spanish. */
    motivo: z.string().nullable(),
    /** Issued by the local stand-in: its folio is not SII's (LEYENDA_DOCUMENTO_PRUEBA). */
    de_prueba: z.boolean(),
    intentos: z.number().int(),
    proximo_intento: z.string().nullable(),
    creado_en: z.string(),
    emitido_en: z.string().nullable(),
  })
  .meta({ id: 'DocumentoDte' });
export type Documento = z.infer<typeof documentoSchema>;

export const porDiaDocumentosSchema = z.object({
  dia: z.string(),
  boletas: z.number().int(),
  monto_boletas: z.number().int(),
  notas_credito: z.number().int(),
  monto_notas_credito: z.number().int(),
  /** monto_boletas − monto_notas_credito. */
  neto: z.number().int(),
});
export type PorDiaDocumentos = z.infer<typeof porDiaDocumentosSchema>;

export const documentosListSchema = z
  .object({
    documentos: z.array(documentoSchema),
    total: z.number().int(),
    /** How many documents of the shop are in each state (all days). */
    por_estado: z.object(Object.fromEntries(ESTADOS_DTE.map((e) => [e, z.number().int()])) as Record<EstadoDte, z.ZodNumber>),
    /**
     * Per day (Chile), the last 14 with any document with its folio: the boletas issued and what they
     * charged, the notas de crédito issued and what they credited, and the net (boletas − notas): a sale
     * voided the day it was made nets to $0 that day. A document counts on the day it was requested.
     */
    por_dia: z.array(porDiaDocumentosSchema),
  })
  .meta({ id: 'ListaDocumentosDte' });

/** What a sale's receipt shows of its boleta (null on the receipt: the shop does not issue them). */
export const boletaElectronicaSchema = z
  .object({
    tipo: z.number().int(),
    estado: z.enum(ESTADOS_DTE),
    /** null while in process: the receipt says «Boleta en proceso» and can be reprinted later. */
    folio: z.number().int().nullable(),
    /** The TED (timbre) as XML: what the PDF417 barcode encodes. */
    ted: z.string().nullable(),
    emisor: z.object({
      rut: z.string(),
      razon_social: z.string(),
      giro: z.string(),
      direccion: z.string(),
      comuna: z.string(),
    }),
    resolucion: z.object({ numero: z.number().int(), anio: z.number().int() }),
    neto: z.number().int(),
    iva: z.number().int(),
    exento: z.number().int(),
    total: z.number().int(),
    /** Issued by the local stand-in: the receipt prints LEYENDA_DOCUMENTO_PRUEBA across it. */
    de_prueba: z.boolean(),
  })
  .meta({ id: 'BoletaElectronica' });
export type BoletaElectronica = z.infer<typeof boletaElectronicaSchema>;

/** What a nota de crédito prints while it has no folio yet. */
export const LEYENDA_NOTA_EN_PROCESO = 'Nota de crédito en proceso';
export const MENSAJE_NOTA_CREDITO_NO_ENCONTRADA = 'La nota de crédito no existe.';

/** GET /api/boletas/notas-credito?id_venta=: the notas de crédito of one sale. */
export const notasCreditoQuerySchema = z.object({ id_minimarket: idSchema, id_venta: idSchema });

/**
 * A nota de crédito (61) as its paper shows it (GET /api/boletas/notas-credito, issue 32): the issuer,
 * its folio and timbre once the provider gave them, the boleta it references, the lines it credits
 * (a return's items; a void's, what the boleta charged less what returns already credited) and its
 * amounts, rounded as SII rounds them (contracts/dte.ts).
 */
export const notaCreditoSchema = boletaElectronicaSchema
  .extend({
    id_documento: z.number().int(),
    id_minimarket: z.number().int(),
    id_venta: z.number().int(),
    /** The sale as the shop names it ('N° 12'): referenciaVenta. */
    referencia_venta: z.string(),
    /** The return it credits; null: the sale's void. */
    id_devolucion: z.number().int().nullable(),
    /** When it was requested (the void's or the return's time): its date of issue. */
    fecha: z.string(),
    /** Why, as SII's RazonRef says it: 'Anula la boleta (venta anulada)', 'Devolución de productos'… */
    razon: z.string(),
    /** The boleta it corrects: its type (39, 41), folio (null while it has none) and date. */
    referencia: z.object({ tipo: z.number().int(), folio: z.number().int().nullable(), fecha: z.string() }),
    /** The shop's name (printed above the issuer when it differs from the razón social). */
    nombre_tienda: z.string(),
    lineas: z.array(
      z.object({
        nombre: z.string(),
        /** Grams when unidad is 'kg'. */
        cantidad: z.number().int(),
        unidad: z.enum(UNIDADES_VENTA),
        precio_unitario: z.number().int(),
        monto: z.number().int(),
        exento: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'NotaCreditoElectronica' });
export type NotaCredito = z.infer<typeof notaCreditoSchema>;
