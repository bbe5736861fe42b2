// The documents we build, read against SII's published schemas (issue 32, docs/boleta.md «Lo que
// revisa el simulador»): a boleta 39, a boleta exenta 41, and the nota de crédito 61 of a void, of a
// partial return and of a void after returns, each as the outbox's row becomes it (documento.ts) and
// as OpenFactura receives it (openfactura.ts), through the rules of esquema-sii.ts, which name the
// element of EnvioBOLETA_v11.xsd / DTE_v10.xsd each comes from. Then each rule on its own, with the
// smallest body that breaks it, so a rule that stopped working is seen here and not at SII.
import { esTextoLatin1, montosDte, textoLatin1, TOPE_BOLETA_PESOS } from '@minimarket/contracts/dte';
import { describe, expect, it } from 'vitest';
import { documentoParaProveedor, type FilaDocumento } from '../boletas/documento.js';
import { validarDteSii, type FallaSii } from './esquema-sii.js';
import { cuerpoOpenFactura } from './openfactura.js';
import type { DocumentoDte, EmisorDte, LineaDte } from './proveedor.js';

const EMISOR: EmisorDte = {
  rut: '76543210-3',
  // Pasted from a word processor: an em dash and curly quotes, outside ISO-8859-1.
  razon_social: 'Comercial “Don Pepe” — SpA',
  giro: 'Venta al por menor de alimentos en almacenes',
  direccion: 'Av. Irarrázaval 1234…',
  comuna: 'Ñuñoa',
  codigo_sucursal: '81303347',
  acteco: 472101,
};
const LINEAS: Array<LineaDte & { id_producto: number }> = [
  { id_producto: 1, nombre: 'Leche entera 1 L', cantidad: 3, unidad: 'unidad', precio_unitario: 1190, monto: 3570, exento: false },
  // $8.990/kg × 350 g = 3.146,5 → 3.147
  { id_producto: 2, nombre: 'Queso mantecoso', cantidad: 350, unidad: 'kg', precio_unitario: 8990, monto: 3147, exento: false },
  { id_producto: 3, nombre: 'Bolsa de regalo 🎁', cantidad: 1, unidad: 'unidad', precio_unitario: 0, monto: 0, exento: false },
  { id_producto: 4, nombre: 'Pan amasado', cantidad: 4, unidad: 'unidad', precio_unitario: 250, monto: 900, exento: false },
  { id_producto: 5, nombre: 'Plátanos', cantidad: 2, unidad: 'unidad', precio_unitario: 990, monto: 1980, exento: true },
];
const total = (ls: readonly LineaDte[]) => ls.reduce((s, l) => s + l.monto, 0);
const CREADA = new Date('2026-11-26T15:00:00Z');
const BOLETA = { tipo: 39, folio: 1234, creado_en: CREADA, total: total(LINEAS) };

const fila = (tipo: number, lineas: readonly LineaDte[], id_devolucion: number | null = null): FilaDocumento => ({
  tipo,
  id_devolucion,
  lineas,
  creado_en: new Date('2026-11-27T14:00:00Z'),
});
type Json = Record<string | number, unknown>;
/** The body's `dte`, as plain JSON the tests read and change one field at a time. */
const cuerpo = (doc: DocumentoDte): Json => JSON.parse(JSON.stringify(cuerpoOpenFactura(doc).dte)) as Json;
/** The group at a path of a body (`en(dte, 'Encabezado', 'Emisor')`). */
const en = (raiz: Json, ...ruta: Array<string | number>): Json => ruta.reduce<Json>((o, k) => o[k] as Json, raiz);
const fallas = (dte: unknown) => validarDteSii(dte).map(({ field, issue }) => `${field}: ${issue}`);

describe('every document we build passes SII’s schema rules', () => {
  it('a boleta 39: mixed lines, a kg line, a $0 line, a discount, an exempt line, text out of Latin-1', () => {
    const dte = cuerpo(documentoParaProveedor(fila(39, LINEAS), EMISOR, null));
    expect(fallas(dte)).toEqual([]);
    // The $0 line: no QtyItem nor PrcItem (Dec5Type, above 0); MontoItem 0 stays.
    expect(en(dte, 'Detalle', 2)).toEqual({ NroLinDet: 3, NmbItem: 'Bolsa de regalo', MontoItem: 0 });
    // Elements in the schema's order (IndExe before NmbItem; MntExe between MntNeto and IVA).
    expect(Object.keys(en(dte, 'Detalle', 4))).toEqual(['NroLinDet', 'IndExe', 'NmbItem', 'QtyItem', 'PrcItem', 'MontoItem']);
    expect(Object.keys(en(dte, 'Encabezado', 'Totales'))).toEqual(['MntNeto', 'MntExe', 'IVA', 'MntTotal', 'TotalPeriodo', 'VlrPagar']);
    expect(en(dte, 'Encabezado', 'Emisor')).toMatchObject({
      RznSocEmisor: 'Comercial "Don Pepe" - SpA',
      DirOrigen: 'Av. Irarrázaval 1234...',
      CmnaOrigen: 'Ñuñoa',
    });
    expect(JSON.stringify(dte)).not.toContain('Acteco');
  });

  it('a boleta exenta 41', () => {
    const exentas = LINEAS.filter((l) => l.exento);
    const dte = cuerpo(documentoParaProveedor(fila(41, exentas), EMISOR, null));
    expect(fallas(dte)).toEqual([]);
    expect(en(dte, 'Encabezado', 'Totales')).toEqual({ MntExe: 1980, MntTotal: 1980, TotalPeriodo: 1980, VlrPagar: 1980 });
  });

  it('the 61 of a void with no returns before: CodRef 1, Acteco, no receiver address', () => {
    const conMonto = LINEAS.filter((l) => l.monto > 0);
    const dte = cuerpo(documentoParaProveedor(fila(61, conMonto), EMISOR, BOLETA));
    expect(fallas(dte)).toEqual([]);
    expect(dte.Referencia).toEqual([
      { NroLinRef: 1, TpoDocRef: '39', FolioRef: '1234', FchRef: '2026-11-26', CodRef: '1', RazonRef: 'Anula la boleta (venta anulada)' },
    ]);
    expect(en(dte, 'Encabezado', 'Emisor')).toMatchObject({ RznSoc: 'Comercial "Don Pepe" - SpA', Acteco: 472101 });
    expect(Object.keys(en(dte, 'Encabezado', 'Emisor'))).toEqual([
      'RUTEmisor',
      'RznSoc',
      'GiroEmis',
      'Acteco',
      'CdgSIISucur',
      'DirOrigen',
      'CmnaOrigen',
    ]);
    expect(en(dte, 'Encabezado', 'Receptor')).toEqual({ RUTRecep: '66666666-6', RznSocRecep: 'Consumidor final', GiroRecep: 'Particular' });
    expect(Object.keys(en(dte, 'Encabezado', 'Totales'))).toEqual(['MntNeto', 'MntExe', 'TasaIVA', 'IVA', 'MntTotal']);
  });

  it('the 61 of a partial return: CodRef 3 with what came back', () => {
    const devuelto: LineaDte[] = [{ ...LINEAS[0]!, cantidad: 1, monto: 1190 }];
    const dte = cuerpo(documentoParaProveedor(fila(61, devuelto, 77), EMISOR, BOLETA));
    expect(fallas(dte)).toEqual([]);
    expect(en(dte, 'Referencia', 0)).toMatchObject({ CodRef: '3', RazonRef: 'Devolución de productos' });
    expect(en(dte, 'Encabezado', 'Totales')).toEqual({ MntNeto: 1000, TasaIVA: '19', IVA: 190, MntTotal: 1190 });
  });

  it('the 61 of a void after returns: CodRef 3 (it corrects amounts), with the lines that were left', () => {
    // One leche and 100 g of queso came back before; the void credits the rest.
    const quedaba: LineaDte[] = [
      { ...LINEAS[0]!, cantidad: 2, monto: 2380 },
      { ...LINEAS[1]!, cantidad: 250, monto: 2248 },
      LINEAS[3]!,
      LINEAS[4]!,
    ];
    const doc = documentoParaProveedor(fila(61, quedaba), EMISOR, BOLETA);
    expect(doc.referencia).toMatchObject({ codigo: 3, razon: 'Venta anulada: acredita lo que quedaba tras las devoluciones' });
    const dte = cuerpo(doc);
    expect(fallas(dte)).toEqual([]);
    expect(en(dte, 'Encabezado', 'Totales').MntTotal).toBe(montosDte(quedaba).total);
    // A kg line whose amount is not price × weight: the difference as a discount or surcharge.
    expect(en(dte, 'Detalle', 1)).toEqual({
      NroLinDet: 2,
      NmbItem: 'Queso mantecoso',
      QtyItem: 0.25,
      UnmdItem: 'KG',
      PrcItem: 8990,
      MontoItem: 2248,
    });
  });
});

/** The smallest valid body of each kind, to break one rule at a time. */
const boleta = () => cuerpo(documentoParaProveedor(fila(39, [LINEAS[0]!]), EMISOR, null));
const nota = () => cuerpo(documentoParaProveedor(fila(61, [LINEAS[0]!], 9), EMISOR, BOLETA));
const solo = (dte: unknown): FallaSii[] => validarDteSii(dte);

describe('each rule, broken on its own', () => {
  it('the bodies the rules start from are valid', () => {
    expect(solo(boleta())).toEqual([]);
    expect(solo(nota())).toEqual([]);
  });

  it('DTE_v10 Emisor/Acteco: required in a 61 (OF-02), positiveInteger of 6 digits (1..999999)', () => {
    const sin = nota();
    delete en(sin, 'Encabezado', 'Emisor').Acteco;
    expect(solo(sin)).toEqual([{ field: 'Acteco', issue: 'Requerido', codigo: 'OF-02' }]);
    for (const malo of [0, 1_000_000, 'abc']) {
      const n = nota();
      en(n, 'Encabezado', 'Emisor').Acteco = malo;
      expect(solo(n)).toEqual([expect.objectContaining({ field: 'Acteco', codigo: 'OF-08' })]);
    }
    const cuatro = nota();
    en(cuatro, 'Encabezado', 'Emisor').Acteco = [472101, 471100, 479100, 561000];
    expect(solo(cuatro)).toEqual([]);
    (en(cuatro, 'Encabezado', 'Emisor').Acteco as number[]).push(620200);
    expect(solo(cuatro)).toEqual([{ field: 'Acteco', issue: 'A lo más 4 : 5', codigo: 'OF-08' }]);
    // A cuerpo without it cannot even be built.
    expect(() => cuerpoOpenFactura({ ...documentoParaProveedor(fila(61, [LINEAS[0]!], 9), { ...EMISOR, acteco: null }, BOLETA) })).toThrow(
      /Acteco/,
    );
  });

  it('Dec5Type / Dec12_6Type PrcItem and QtyItem: above 0 when present, at most 6 decimals', () => {
    for (const [campo, valor] of [
      ['PrcItem', 0],
      ['QtyItem', 0],
      ['QtyItem', 0.0000001],
      ['PrcItem', -5],
    ] as const) {
      for (const dte of [boleta(), nota()]) {
        en(dte, 'Detalle', 0)[campo] = valor;
        expect(solo(dte).filter((f) => f.field === campo)).toEqual([expect.objectContaining({ codigo: 'OF-08' })]);
      }
    }
    // Absent is fine (a $0 line), MontoItem alone.
    const sinPrecio = boleta();
    en(sinPrecio, 'Detalle')[0] = { NroLinDet: 1, NmbItem: 'Regalo', MontoItem: 3570 };
    expect(solo(sinPrecio)).toEqual([]);
  });

  it('ISO-8859-1: any text with a character outside it is a schema error (both schemas are ISO-8859-1)', () => {
    for (const [donde, campo] of [
      ['Emisor', 'RznSocEmisor'],
      ['Emisor', 'GiroEmisor'],
      ['Emisor', 'DirOrigen'],
    ] as const) {
      const dte = boleta();
      en(dte, 'Encabezado', donde)[campo] = 'Almacén — Don Pepe';
      expect(solo(dte)).toEqual([expect.objectContaining({ field: campo, codigo: 'OF-08', issue: expect.stringContaining('ISO-8859-1') })]);
    }
    const item = nota();
    en(item, 'Detalle', 0).NmbItem = 'Pan 🥖';
    expect(solo(item)).toEqual([expect.objectContaining({ field: 'NmbItem', codigo: 'OF-08' })]);
    const razon = nota();
    en(razon, 'Referencia', 0).RazonRef = '“Devolución”';
    expect(solo(razon)).toEqual([expect.objectContaining({ field: 'RazonRef', codigo: 'OF-08' })]);
  });

  it('DTE_v10 Receptor: RznSocRecep required, DirRecep and CmnaRecep optional (a 61 goes without the address)', () => {
    const n = nota();
    expect(en(n, 'Encabezado', 'Receptor').DirRecep).toBeUndefined();
    delete en(n, 'Encabezado', 'Receptor').RznSocRecep;
    expect(solo(n)).toEqual([{ field: 'RznSocRecep', issue: 'Requerido', codigo: 'OF-02' }]);
    const conDireccion = nota();
    Object.assign(en(conDireccion, 'Encabezado', 'Receptor'), { DirRecep: 'Av. Matta 1', CmnaRecep: 'Santiago' });
    expect(solo(conDireccion)).toEqual([]);
    // GiroRecep: maxLength 40.
    en(conDireccion, 'Encabezado', 'Receptor').GiroRecep = 'x'.repeat(41);
    expect(solo(conDireccion)).toEqual([{ field: 'GiroRecep', issue: 'Largo máximo 40 : 41', codigo: 'OF-08' }]);
  });

  it('Referencia: CodRef 1, 2 or 3, required in a 61; CodRef 1 with a single reference; TpoDocRef of table 8.a', () => {
    for (const cod of ['0', '4', 'x']) {
      const n = nota();
      en(n, 'Referencia', 0).CodRef = cod;
      expect(solo(n)).toEqual([expect.objectContaining({ field: 'CodRef', codigo: 'OF-08' })]);
    }
    const sinCod = nota();
    delete en(sinCod, 'Referencia', 0).CodRef;
    expect(solo(sinCod)).toEqual([expect.objectContaining({ field: 'CodRef', codigo: 'OF-09' })]);
    const sinRef = nota();
    delete sinRef.Referencia;
    expect(solo(sinRef)).toEqual([expect.objectContaining({ field: 'Referencia', codigo: 'OF-09' })]);
    const dos = nota();
    dos.Referencia = [
      { ...en(dos, 'Referencia', 0), CodRef: '1' },
      { ...en(dos, 'Referencia', 0), NroLinRef: 2, CodRef: '1' },
    ];
    expect(solo(dos).map((f) => f.codigo)).toEqual(['OF-09', 'OF-09']);
    const tipo = nota();
    en(tipo, 'Referencia', 0).TpoDocRef = '99';
    expect(solo(tipo)).toEqual([expect.objectContaining({ field: 'TpoDocRef', codigo: 'OF-09' })]);
    const largo = nota();
    en(largo, 'Referencia', 0).TpoDocRef = '1234';
    expect(solo(largo)).toEqual([{ field: 'TpoDocRef', issue: 'referencia 1: Largo máximo 3 : 4', codigo: 'OF-08' }]);
  });

  it('element order matters (xs:sequence), unknown elements are refused', () => {
    const dte = boleta();
    const { MntTotal, ...resto } = en(dte, 'Encabezado', 'Totales');
    en(dte, 'Encabezado').Totales = { MntTotal, ...resto };
    // MntNeto and IVA come before MntTotal in the sequence.
    expect(solo(dte).map((f) => [f.field, f.codigo])).toEqual([
      ['MntNeto', 'OF-08'],
      ['IVA', 'OF-08'],
    ]);
    expect(solo(dte)[0]!.issue).toBe('Fuera de orden: en el esquema va antes que MntTotal');
    const n = nota();
    en(n, 'Encabezado').Emisor = { Acteco: 472101, ...en(n, 'Encabezado', 'Emisor') };
    expect(solo(n).length).toBeGreaterThan(0);
    // A boleta's emisor has no Acteco (EnvioBOLETA_v11.xsd has no such element).
    const b = boleta();
    en(b, 'Encabezado', 'Emisor').Acteco = 472101;
    expect(solo(b)).toEqual([expect.objectContaining({ field: 'Acteco', codigo: 'OF-08' })]);
  });

  it('types and ranges: RUTType, FchEmis, MntTotal ≥ 0, NmbItem ≤ 80, NroLinDet, IndServicio, Detalle ≤ 60 in a 61', () => {
    const casos: Array<[(d: Json) => void, string]> = [
      [(d) => (en(d, 'Encabezado', 'Emisor').RUTEmisor = '76.543.210-3'), 'RUTEmisor'],
      [(d) => (en(d, 'Encabezado', 'Emisor').RUTEmisor = '76543210-k'), 'RUTEmisor'],
      [(d) => (en(d, 'Encabezado', 'Emisor').RUTEmisor = '76543210-4'), 'RUTEmisor'],
      [(d) => (en(d, 'Encabezado', 'IdDoc').FchEmis = '2026-02-30'), 'FchEmis'],
      [(d) => (en(d, 'Encabezado', 'IdDoc').FchEmis = '26-11-2026'), 'FchEmis'],
      [(d) => (en(d, 'Encabezado', 'IdDoc').FchEmis = '2051-01-01'), 'FchEmis'],
      [(d) => (en(d, 'Encabezado', 'Totales').MntTotal = -1), 'MntTotal'],
      [(d) => (en(d, 'Detalle', 0).NmbItem = 'x'.repeat(81)), 'NmbItem'],
      [(d) => (en(d, 'Detalle', 0).NroLinDet = 0), 'NroLinDet'],
    ];
    for (const [romper, campo] of casos) {
      for (const dte of [boleta(), nota()]) {
        romper(dte);
        expect(solo(dte).map((f) => f.field)).toContain(campo);
      }
    }
    const b = boleta();
    en(b, 'Encabezado', 'IdDoc').IndServicio = 5;
    expect(solo(b)).toEqual([expect.objectContaining({ field: 'IndServicio', codigo: 'OF-08' })]);
    delete en(b, 'Encabezado', 'IdDoc').IndServicio;
    expect(solo(b)).toEqual([{ field: 'IndServicio', issue: 'Requerido', codigo: 'OF-02' }]);

    const muchas: LineaDte[] = Array.from({ length: 61 }, (_, i) => ({
      ...LINEAS[3]!,
      nombre: `Producto ${i + 1}`,
      cantidad: 1,
      monto: 250,
    }));
    const n = cuerpo(documentoParaProveedor(fila(61, muchas, 9), EMISOR, { ...BOLETA, total: 61 * 250 }));
    expect(solo(n)).toEqual([{ field: 'Detalle', issue: 'A lo más 60 : 61', codigo: 'OF-08' }]);
    // A boleta takes up to 1000.
    expect(solo(cuerpo(documentoParaProveedor(fila(39, muchas), EMISOR, null)))).toEqual([]);
  });

  it('amounts: the totals from the gross lines, and MontoItem = PrcItem × QtyItem − DescuentoMonto', () => {
    const dte = boleta();
    const totales = en(dte, 'Encabezado', 'Totales');
    totales.IVA = (totales.IVA as number) + 1;
    expect(solo(dte)).toEqual([{ field: 'IVA', issue: `Monto erróneo : ${String(totales.IVA)}`, codigo: 'OF-10' }]);
    const linea = nota();
    en(linea, 'Detalle', 0).PrcItem = 1000;
    expect(solo(linea)).toEqual([expect.objectContaining({ field: 'MontoItem', codigo: 'OF-10' })]);
  });

  it('«Formato Boletas» v4.2, Law 21.713: above 135 UF, MedioPago and the buyer’s RUT and name', () => {
    const caro: LineaDte = {
      nombre: 'Caja de vinos',
      cantidad: 1,
      unidad: 'unidad',
      precio_unitario: TOPE_BOLETA_PESOS + 1,
      monto: TOPE_BOLETA_PESOS + 1,
      exento: false,
    };
    const dte = cuerpo(documentoParaProveedor(fila(39, [caro]), EMISOR, null));
    expect(solo(dte).map((f) => [f.field, f.codigo])).toEqual([
      ['MedioPago', 'OF-10'],
      ['RUTRecep', 'OF-10'],
      ['RznSocRecep', 'OF-10'],
    ]);
    en(dte, 'Encabezado', 'IdDoc').MedioPago = 2;
    en(dte, 'Encabezado').Receptor = { RUTRecep: '12345678-5', RznSocRecep: 'Juana Pérez' };
    expect(solo(dte)).toEqual([]);
    // At the limit itself, the generic receiver is fine.
    const justo: LineaDte = { ...caro, precio_unitario: TOPE_BOLETA_PESOS, monto: TOPE_BOLETA_PESOS };
    expect(solo(cuerpo(documentoParaProveedor(fila(39, [justo]), EMISOR, null)))).toEqual([]);
  });

  it('never throws, whatever it is given', () => {
    for (const basura of [
      null,
      1,
      'x',
      [],
      {},
      { Encabezado: { IdDoc: { TipoDTE: 39 } } },
      { Encabezado: { IdDoc: { TipoDTE: 61 } }, Detalle: 'x' },
    ]) {
      expect(() => validarDteSii(basura)).not.toThrow();
    }
    expect(solo({ Encabezado: { IdDoc: { TipoDTE: 33 } } })).toEqual([
      { field: 'TipoDTE', issue: 'Tipo no soportado : 33', codigo: 'OF-05' },
    ]);
  });
});

describe('textoLatin1', () => {
  it.each([
    ['Almacén «Don Pepe» — Ñuñoa', 'Almacén «Don Pepe» - Ñuñoa'],
    ['“Pan” ‘amasado’…', '"Pan" \'amasado\'...'],
    ['Queso 🧀 mantecoso', 'Queso mantecoso'],
    ['Crème brûlée', 'Crème brûlée'],
    ['Łódź Őrség ﬁno', 'ódz Orség fino'],
    ['Línea\u00a0con\tespacios\u2009raros\u200b', 'Línea con espacios raros'],
    ['en – dash − menos', 'en - dash - menos'],
    ['€ 5 ™', 'EUR 5 TM'],
    ['🥖🥖', '?'],
    ['', ''],
  ])('%j → %j', (entrada, salida) => {
    expect(textoLatin1(entrada)).toBe(salida);
    expect(esTextoLatin1(textoLatin1(entrada))).toBe(true);
  });
});
