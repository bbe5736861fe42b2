import { describe, expect, it } from 'vitest';
import { ubicarColumnas } from './columnas.js';
import { campoCopy, lineaCopy } from './copy.js';
import { ErrorArchivo } from './errores.js';
import { detectarSeparador, pareceBinario } from './lectores/csv.js';
import { esFormatoFecha, serialComoFecha } from './lectores/xlsx.js';
import {
  leerCantidadVenta,
  leerCategoria,
  leerFechaVenta,
  leerMetodoPago,
  leerStockKg,
  leerStockUnidad,
  leerUnidadVenta,
  normalizarNombreColumna,
} from './valores.js';

describe('categories and payment methods, whatever the case and accents', () => {
  it.each([
    ['lacteos y quesos', 'Lácteos y Quesos'],
    ['LÁCTEOS Y QUESOS', 'Lácteos y Quesos'],
    ['  panaderia ', 'Panadería'],
    ['Fiambreria', 'Fiambrería'],
    ['botilleria', 'Botillería'],
    ['frutas  y   verduras', 'Frutas y Verduras'],
  ])('%s → %s', (texto, categoria) => {
    expect(leerCategoria(texto)).toEqual({ ok: true, valor: categoria });
  });

  it('an unknown category lists the nine', () => {
    expect(leerCategoria('Electrónica')).toEqual({
      ok: false,
      mensaje:
        'La categoría "Electrónica" no existe. Usa una de: Panadería, Lácteos y Quesos, Abarrotes, Frutas y Verduras, Limpieza, Fiambrería, Botillería, Mascotas, Masivos.',
    });
  });

  it.each([
    ['Efectivo', 'Efectivo'],
    ['EFECTIVO', 'Efectivo'],
    ['Débito', 'Tarjeta de Débito'],
    ['debito', 'Tarjeta de Débito'],
    ['Tarjeta de Débito', 'Tarjeta de Débito'],
    ['tarjeta de debito', 'Tarjeta de Débito'],
    ['Crédito', 'Tarjeta de Crédito'],
    ['TARJETA DE CREDITO', 'Tarjeta de Crédito'],
    ['Transferencia', 'Transferencia Bancaria'],
    ['transferencia bancaria', 'Transferencia Bancaria'],
  ])('%s → %s', (texto, metodo) => {
    expect(leerMetodoPago(texto)).toEqual({ ok: true, valor: metodo });
  });

  it.each(['Cheque', 'Tarjeta', 'Junaeb', ''])('%s is refused', (texto) => {
    expect(leerMetodoPago(texto).ok).toBe(false);
  });
});

describe('sale dates, read as Santiago wall time', () => {
  const ahora = Date.parse('2026-11-20T15:00:00Z');
  const fecha = (t: string) => {
    const r = leerFechaVenta(t, ahora);
    return r.ok ? r.valor.toISOString() : r.mensaje;
  };

  it('summer (UTC-3) and winter (UTC-4)', () => {
    expect(fecha('2026-11-15 09:12:00')).toBe('2026-11-15T12:12:00.000Z');
    expect(fecha('2026-06-15 09:12:00')).toBe('2026-06-15T13:12:00.000Z');
  });

  it('also as Excel shows it in Chile, and without seconds', () => {
    expect(fecha('15-11-2026 9:12')).toBe('2026-11-15T12:12:00.000Z');
    expect(fecha('15/11/2026 09:12:30')).toBe('2026-11-15T12:12:30.000Z');
    expect(fecha('2026-11-15T09:12')).toBe('2026-11-15T12:12:00.000Z');
  });

  it.each([
    ['2026-13-01 10:00:00', 'La fecha "2026-13-01 10:00:00" no es válida. Usa el formato AAAA-MM-DD HH:mm:ss (ej: 2026-11-20 14:35:00).'],
    ['2026-02-30 10:00:00', 'La fecha "2026-02-30 10:00:00" no es válida. Usa el formato AAAA-MM-DD HH:mm:ss (ej: 2026-11-20 14:35:00).'],
    ['2026-11-15 24:00:00', 'La fecha "2026-11-15 24:00:00" no es válida. Usa el formato AAAA-MM-DD HH:mm:ss (ej: 2026-11-20 14:35:00).'],
    ['ayer', 'La fecha "ayer" no es válida. Usa el formato AAAA-MM-DD HH:mm:ss (ej: 2026-11-20 14:35:00).'],
    ['2026-11-15', 'A la fecha "2026-11-15" le falta la hora. Usa el formato AAAA-MM-DD HH:mm:ss (ej: 2026-11-20 14:35:00).'],
    ['2026-12-24 10:00:00', 'La fecha "2026-12-24 10:00:00" está en el futuro.'],
    ['1999-12-31 23:00:00', 'La fecha "1999-12-31 23:00:00" es demasiado antigua (se aceptan ventas desde el año 2000).'],
  ])('%s is refused', (texto, mensaje) => {
    expect(fecha(texto)).toBe(mensaje);
  });
});

describe('headers', () => {
  it('match ignoring case, accents, spaces and underscores', () => {
    expect(normalizarNombreColumna('Precio Venta')).toBe(normalizarNombreColumna('precio_venta'));
    expect(normalizarNombreColumna('\uFEFFCÓDIGO_BARRA ')).toBe('codigobarra');
    const posiciones = ubicarColumnas('productos', ['Código de barras', 'Nombre', 'CATEGORÍA', 'Precio', 'Otra cosa']);
    expect(Object.fromEntries(posiciones)).toEqual({ codigo_barra: 0, nombre_producto: 1, categoria: 2, precio_venta: 3 });
  });

  it('a missing required column fails the file naming it', () => {
    expect(() => ubicarColumnas('ventas', ['id_venta_csv', 'fecha_venta', 'metodo_pago', 'codigo_barra'])).toThrow(
      new ErrorArchivo(
        'Falta la columna obligatoria "num_unidades". La primera fila debe tener los nombres de las columnas: "id_venta_csv", "fecha_venta", "metodo_pago", "codigo_barra", "num_unidades".',
      ),
    );
  });

  it('a column given twice fails the file', () => {
    expect(() => ubicarColumnas('productos', ['precio_venta', 'Precio Venta'])).toThrow(/aparece dos veces/);
  });
});

describe('CSV sniffing', () => {
  it('separator from the header line, outside quotes', () => {
    expect(detectarSeparador('a;b;c\r\n1,5;2;3')).toBe(';');
    expect(detectarSeparador('a,b,c\n1;2')).toBe(',');
    expect(detectarSeparador('"a;b",c,d\n')).toBe(',');
    expect(detectarSeparador('a\tb\tc')).toBe('\t');
    expect(detectarSeparador('solo')).toBe(',');
  });

  it('binary garbage is told apart from text', () => {
    expect(pareceBinario(Buffer.from('nombre;precio\r\nPan;$1.990\r\n'))).toBe(false);
    expect(pareceBinario(Buffer.from([0x41, 0x00, 0x42]))).toBe(true);
    expect(pareceBinario(Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 7) % 32)))).toBe(true);
  });
});

describe('xlsx cells as text', () => {
  it('a day number with its time, as the wall time it shows in Excel', () => {
    // 46310.38333… is 2026-10-15 09:12 in Excel's 1900 system; a hair of float error rounds away.
    expect(serialComoFecha(46310 + (9 * 60 + 12) / 1440 - 0.4 / 86_400)).toBe('2026-10-15 09:12:00');
    expect(serialComoFecha(46310)).toBe('2026-10-15 00:00:00');
    // The 1904 system (old Mac workbooks) counts from another day.
    expect(serialComoFecha(46310 - 1462, true)).toBe('2026-10-15 00:00:00');
  });

  it('tells date formats from number formats', () => {
    for (const f of ['dd-mm-yyyy', 'd/m/yy h:mm', 'yyyy-mm-dd hh:mm:ss', '[$-340A]dddd, d "de" mmmm "de" yyyy', 'mmm-yy', '[h]:mm:ss']) {
      expect(esFormatoFecha(f), f).toBe(true);
    }
    for (const f of ['#,##0', '0.00', '"$"#,##0', '[$$-340A]\\ #,##0', '0%', '#,##0 "días"', 'General']) {
      expect(esFormatoFecha(f), f).toBe(false);
    }
  });
});

describe('COPY text format', () => {
  it('escapes what would break a row and keeps the rest as it is', () => {
    expect(campoCopy(null)).toBe('\\N');
    expect(campoCopy('a\tb\nc\\d\re\u0000f')).toBe('a\\tb\\nc\\\\d\\ref');
    expect(lineaCopy([1, 'Té & "Hierbas"', null, new Date('2026-01-01T00:00:00Z')])).toBe(
      '1\tTé & "Hierbas"\t\\N\t2026-01-01T00:00:00.000Z\n',
    );
  });
});

describe('selling by weight: the unidad column, a kg stock, a sale quantity', () => {
  it.each([
    ['unidad', 'unidad'],
    ['Por unidad', 'unidad'],
    ['UNIDADES', 'unidad'],
    ['kg', 'kg'],
    ['KG.', 'kg'],
    ['Kilo', 'kg'],
    ['kilos', 'kg'],
    ['A granel', 'kg'],
    ['A granel (kg)', 'kg'],
    ['a  granel', 'kg'],
  ])('unidad %s → %s', (texto, unidad) => {
    expect(leerUnidadVenta(texto)).toEqual({ ok: true, valor: unidad });
  });

  it('an unknown unit says the two that exist', () => {
    expect(leerUnidadVenta('litro')).toEqual({
      ok: false,
      mensaje: 'La unidad "litro" no es válida. Usa "unidad" (se vende por unidad) o "kg" (se vende a granel, por peso).',
    });
  });

  it.each([
    ['12,5', 12_500],
    ['2,5', 2500],
    ['0,350', 350],
    ['350 g', 350],
    ['1.250 g', 1250],
    ['3', 3000],
    ['0', 0],
    ['0,000', 0],
    ['0 kg', 0],
  ])('kg stock %s → %i g', (texto, gramos) => {
    expect(leerStockKg(texto)).toEqual({ ok: true, valor: gramos });
  });

  it('a kg stock with a dot, negative or not a weight is refused with the reason, never guessed', () => {
    expect(leerStockKg('1.5')).toEqual({
      ok: false,
      mensaje:
        'El stock de un producto a granel va en kilos: escribe los decimales del peso con coma (ej: 1,250 kg) o indica gramos (ej: 1.250 g); se encontró "1.5".',
    });
    expect(leerStockKg('-2')).toEqual({ ok: false, mensaje: 'El stock no puede ser negativo.' });
    expect(leerStockKg('mucho')).toMatchObject({
      ok: false,
      mensaje: expect.stringMatching(/^El stock de un producto a granel va en kilos: /),
    });
  });

  it('a unit stock takes whole units; a decimal says the product is sold by the unit', () => {
    expect(leerStockUnidad('1.500')).toEqual({ ok: true, valor: 1500 });
    expect(leerStockUnidad('0')).toEqual({ ok: true, valor: 0 });
    expect(leerStockUnidad('1,5')).toEqual({
      ok: false,
      mensaje:
        'Este producto se vende por unidad: el stock va en unidades enteras, sin decimales (ej: 12); se encontró "1,5". Si se vende por peso, escribe "kg" en la columna unidad.',
    });
    expect(leerStockUnidad('-3')).toEqual({ ok: false, mensaje: 'El stock no puede ser negativo.' });
  });

  it('a sale quantity is read both ways; the product decides in SQL which one counts', () => {
    expect(leerCantidadVenta('2')).toEqual({ unidades: { ok: true, valor: 2 }, gramos: { ok: true, valor: 2000 } });
    const kilos = leerCantidadVenta('0,350');
    expect(kilos.gramos).toEqual({ ok: true, valor: 350 });
    expect(kilos.unidades).toEqual({
      ok: false,
      mensaje: 'Este producto se vende por unidad: la cantidad va en unidades enteras, sin decimales (ej: 2); se encontró "0,350".',
    });
    expect(leerCantidadVenta('350 g').gramos).toEqual({ ok: true, valor: 350 });
    expect(leerCantidadVenta('0.350').gramos).toMatchObject({
      ok: false,
      mensaje: expect.stringMatching(/^Este producto se vende a granel \(kg\): escribe los decimales del peso con coma/),
    });
    expect(leerCantidadVenta('0').unidades).toEqual({ ok: false, mensaje: 'La cantidad de unidades debe ser mayor a 0.' });
  });
});
