import { COLUMNAS_CLIENTES, COLUMNAS_PRODUCTOS, COLUMNAS_VENTAS, NOMBRE_TIPO_CARGA } from '@minimarket/contracts/uploads';
import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { mensajeDeError } from '../../../lib/api-client';
import { descargarPlantilla, type NombrePlantilla, PLANTILLAS, type TipoCarga } from '../api/cargas';

export type FormatoEjemplo = 'csv' | 'excel' | 'xml';

export const COLUMNAS: Record<TipoCarga, readonly string[]> = {
  productos: COLUMNAS_PRODUCTOS,
  ventas: COLUMNAS_VENTAS,
  clientes: COLUMNAS_CLIENTES,
};

const FILAS: Record<TipoCarga, string[][]> = {
  productos: [
    ['Leche Entera 1 L', 'Lácteos y Quesos', '1190', '24', '7802900000017', '890', 'Leche entera larga vida', 'Colun', 'unidad', ''],
    ['Pan de Molde Blanco', 'Panadería', '2290', '10', '7801505000011', '1650', '', 'Ideal', 'unidad', ''],
    // Sold by weight: price per kilo, stock in kilos with a decimal comma, the scale's PLU.
    ['Jamón pierna', 'Fiambrería', '8990', '2,5', '7809991000067', '6490', '', '', 'kg', '42'],
  ],
  ventas: [
    ['V-0001', '2026-03-14 10:32:00', 'Efectivo', '7802900000017', '2'],
    ['V-0001', '2026-03-14 10:32:00', 'Efectivo', '7801505000011', '1'],
    ['V-0002', '2026-03-14 11:05:10', 'Débito', '7802900000017', '1'],
    // 0,350 kilos of a product sold by weight: $8.990/kg × 0,350 = $3.147.
    ['V-0002', '2026-03-14 11:05:10', 'Débito', '7809991000067', '0,350'],
  ],
  clientes: [
    ['María Fernández Rojas', '16.555.222-9', '+56 9 8123 4567', 'Los Aromos 1234', '50000', '$12.500', '2026-03-02', 'Paga los viernes'],
    ['Luis Contreras', '', '9 7654 3210', '', '', '3990', '', 'Vecino del pasaje'],
  ],
};

export const REGLAS_COMUNES = [
  'La primera fila (o cada elemento, en XML) usa exactamente los nombres de columna del ejemplo.',
  'Los precios van en pesos enteros, sin decimales: 1990, 1.990 o $1.990.',
  'No dejes filas vacías entre los datos.',
];

export const REGLAS_POR_TIPO: Record<TipoCarga, string[]> = {
  productos: [
    'El código de barras identifica a cada producto: no lo repitas.',
    'categoria debe ser una de: Panadería, Lácteos y Quesos, Abarrotes, Frutas y Verduras, Limpieza, Fiambrería, Botillería, Mascotas o Masivos.',
    'precio_compra, descripcion, marca, unidad y codigo_plu son opcionales.',
    'unidad dice cómo se vende: «unidad» (por unidad) o «kg» (a granel, por peso); vacía es por unidad.',
    'Un producto a granel (kg) lleva sus precios por kilo y su stock en kilos con coma decimal (2,5 son 2 kilos y medio; también sirve «350 g»).',
    'El stock de un producto por unidad va en unidades enteras: «1,5» se rechaza.',
    'codigo_plu es el número del producto en la balanza (de 1 a 5 dígitos), solo para productos a granel y sin repetirse en tu tienda.',
  ],
  ventas: [
    'Las fechas van como AAAA-MM-DD HH:mm:ss (hora de Chile).',
    'Las filas con el mismo id_venta_csv forman una sola venta.',
    'Los productos de cada venta ya deben existir en tu inventario; si falta uno, esa venta completa se rechaza.',
    'num_unidades de un producto a granel son kilos con coma decimal (0,350 es 350 gramos; también sirve «350 g»); el subtotal es el precio por kilo de ese peso, redondeado al peso.',
    'Subir dos veces el mismo archivo no duplica ventas.',
  ],
  clientes: [
    'Cada fila es un cliente de tu libreta; solo nombre es obligatorio.',
    'rut es opcional y se revisa su dígito verificador (12.345.678-5 o 12345678-5).',
    'limite_credito es lo más que puede deber (vacío: sin límite).',
    'saldo_inicial es lo que te debe hoy según la libreta de papel, en pesos enteros ($12.500 o 12500). Después no se edita: los abonos lo bajan.',
    'fiado_desde es el día de su compra impaga más antigua (AAAA-MM-DD o DD-MM-AAAA); vacío: el día de la carga. Cuenta para el aviso de fiado vencido.',
    'Un cliente que ya está en tu libreta (mismo RUT, o mismo nombre si uno de los dos no tiene RUT) se omite: subir dos veces el mismo archivo no duplica clientes ni deudas.',
  ],
};

const NOTAS: Record<FormatoEjemplo, string[]> = {
  csv: [
    'Guarda el archivo en UTF-8 (con o sin BOM).',
    'Separa las columnas con coma o con punto y coma, como lo hace Excel en Chile.',
    'Si separas con coma, un peso con coma decimal va entre comillas ("0,350"); con punto y coma no hace falta.',
  ],
  excel: ['Los datos van en la primera hoja del libro.', 'Puedes partir desde la plantilla: ya tiene la hoja «Datos» con los encabezados.'],
  xml: [
    'Guarda el archivo en UTF-8.',
    'El elemento raíz es <productos> con elementos <producto>, <ventas> con elementos <venta>, o <clientes> con elementos <cliente>.',
    'Cada dato es un elemento hijo con el nombre de la columna (por ejemplo <precio_venta>1190</precio_venta>).',
    'No se aceptan DTD ni entidades externas.',
  ],
};

function escaparXml(v: string): string {
  return v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function ejemploCsv(tipo: TipoCarga): string {
  const escapar = (v: string) => (/[",;\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [COLUMNAS[tipo], ...FILAS[tipo]].map((fila) => fila.map(escapar).join(',')).join('\n');
}

export function ejemploXml(tipo: TipoCarga): string {
  const item = ({ productos: 'producto', ventas: 'venta', clientes: 'cliente' } as const)[tipo];
  const cuerpo = FILAS[tipo]
    .map((fila) => {
      const campos = COLUMNAS[tipo].map((c, i) => (fila[i] ? `    <${c}>${escaparXml(fila[i])}</${c}>` : null)).filter(Boolean);
      return `  <${item}>\n${campos.join('\n')}\n  </${item}>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${tipo}>\n${cuerpo}\n</${tipo}>`;
}

function TablaEjemplo({ tipo }: { tipo: TipoCarga }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-xs">
        <caption className="sr-only">Ejemplo de hoja de {tipo}</caption>
        <thead className="bg-green-50">
          <tr>
            {COLUMNAS[tipo].map((c) => (
              <th key={c} scope="col" className="px-2 py-1.5 text-left font-mono font-semibold whitespace-nowrap text-green-900">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FILAS[tipo].map((fila, i) => (
            <tr key={i} className="border-t border-slate-100">
              {fila.map((v, j) => (
                <td key={j} className="px-2 py-1.5 whitespace-nowrap">
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const TITULOS: Record<FormatoEjemplo, string> = { csv: 'Ejemplo CSV', excel: 'Ejemplo Excel', xml: 'Ejemplo XML' };

export function EjemploDialog({
  formato,
  tipo,
  idMinimarket,
  onCerrar,
}: {
  formato: FormatoEjemplo | null;
  tipo: TipoCarga;
  idMinimarket: number;
  onCerrar: () => void;
}) {
  const [descargando, setDescargando] = useState(false);
  const descargar = async (nombre: NombrePlantilla) => {
    setDescargando(true);
    try {
      await descargarPlantilla(nombre, idMinimarket);
    } catch (e) {
      toast.error(mensajeDeError(e, 'No se pudo descargar la plantilla.'));
    } finally {
      setDescargando(false);
    }
  };
  const copiar = async () => {
    try {
      await navigator.clipboard.writeText(ejemploXml(tipo));
      toast.success('Ejemplo XML copiado al portapapeles.', { duration: 2000 });
    } catch {
      toast.error('No se pudo copiar. Selecciona el texto y cópialo manualmente.');
    }
  };
  const f = formato ?? 'csv';
  const etiquetaTipo = NOMBRE_TIPO_CARGA[tipo].toLowerCase();
  return (
    <Dialog
      abierto={formato !== null}
      onCerrar={onCerrar}
      titulo={`${TITULOS[f]} · ${etiquetaTipo}`}
      className="max-w-3xl"
      pie={
        <>
          {f === 'xml' && (
            <Button variante="contorno" onClick={copiar}>
              <Copy className="size-4" aria-hidden="true" /> Copiar
            </Button>
          )}
          <Button variante="contorno" disabled={descargando} onClick={() => void descargar(PLANTILLAS[tipo][f])}>
            <Download className="size-4" aria-hidden="true" /> {descargando ? 'Descargando...' : 'Descargar plantilla'}
          </Button>
          <Button onClick={onCerrar}>Entendido</Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        {f === 'excel' && <TablaEjemplo tipo={tipo} />}
        {f === 'csv' && (
          <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100">{ejemploCsv(tipo)}</pre>
        )}
        {f === 'xml' && (
          <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs text-slate-100">{ejemploXml(tipo)}</pre>
        )}
        <div>
          <h3 className="font-semibold text-slate-900">Notas</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
            {[...NOTAS[f], ...REGLAS_COMUNES, ...REGLAS_POR_TIPO[tipo]].map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
      </div>
    </Dialog>
  );
}
