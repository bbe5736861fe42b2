import {
  DIAS_COBERTURA_MINIMA,
  DIAS_OBJETIVO_STOCK,
  DIAS_SIN_VENTAS,
  DIAS_VELOCIDAD,
  LIMITE_ABC_A,
  MARGEN_MINIMO_PCT,
} from '@minimarket/contracts/analitica';
import { BookOpen, ScanBarcode, Sparkles, Upload, type LucideIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { LinkCard } from '../../../components/ui/link-card';

interface Articulo {
  id: string;
  icono: LucideIcon;
  titulo: string;
  resumen: string;
  pasos: string[];
  enlace: { to: string; texto: string };
}

/** Short help articles, in the owner's words. */
export const ARTICULOS: Articulo[] = [
  {
    id: 'vender-con-escaner',
    icono: ScanBarcode,
    titulo: 'Vende con el lector de código de barras',
    resumen: 'En Nueva venta, escanea el producto y se agrega solo al carrito.',
    pasos: [
      'Conecta el lector por USB: funciona como un teclado, no necesita instalar nada.',
      'Abre POS → Nueva venta. No hace falta hacer clic en ningún campo: el sistema reconoce el escaneo esté donde esté el cursor.',
      'Cada escaneo suma una unidad al carrito. Si el código no está en tu inventario, verás «Producto no encontrado en el inventario.»: créalo en POS → Nuevo producto.',
      'Elige el método de pago y confirma. El stock se descuenta al instante y la venta aparece en Transacciones y en Visualizar.',
    ],
    enlace: { to: '/pos/nueva-venta', texto: 'Ir a Nueva venta' },
  },
  {
    id: 'cargar-archivos',
    icono: Upload,
    titulo: 'Carga tus productos y ventas desde un archivo',
    resumen: 'Descarga la plantilla, complétala en Excel y súbela en Cargar Información.',
    pasos: [
      'En Cargar Información elige qué vas a subir: productos o ventas.',
      'Descarga la plantilla (Excel, CSV o XML) y completa una fila por producto o por línea de venta, sin cambiar los títulos.',
      'Sube el archivo. Verás el avance y, al terminar, cuántas filas se guardaron.',
      'Si alguna fila tiene errores, descarga el archivo de filas rechazadas: dice qué corregir en cada una; corrígelas y súbelo de nuevo.',
    ],
    enlace: { to: '/cargar/cargar-datos', texto: 'Ir a Cargar Información' },
  },
  {
    id: 'leer-recomendaciones',
    icono: Sparkles,
    titulo: 'Lee tus recomendaciones',
    resumen: 'Qué reponer, qué no se vende y qué deja poco margen, calculado con tus ventas.',
    pasos: [
      `«Reponer pronto» lista lo que se acabará en menos de ${DIAS_COBERTURA_MINIMA} días al ritmo de los últimos ${DIAS_VELOCIDAD} días; la cantidad sugerida alcanza para ${DIAS_OBJETIVO_STOCK} días. Usa «Agregar stock» al recibir la mercadería.`,
      `«Sin ventas» muestra productos con stock que nadie compra hace ${DIAS_SIN_VENTAS} días y cuánta plata tienes detenida en ellos.`,
      `«Margen bajo» avisa cuando ganas menos del ${MARGEN_MINIMO_PCT} % del precio (o pierdes): revisa el precio de venta o el proveedor.`,
      `La clasificación ABC separa los productos que hacen el ${LIMITE_ABC_A} % de tus ingresos (A): que nunca te falten.`,
    ],
    enlace: { to: '/visualizar/recomendaciones', texto: 'Ir a Recomendaciones' },
  },
  {
    id: 'revisar-ventas',
    icono: BookOpen,
    titulo: 'Revisa tus ventas pasadas',
    resumen: 'Busca una venta por número o por rango de fechas en Transacciones.',
    pasos: [
      'En POS → Transacciones escribe el número de la boleta o elige un rango de fechas.',
      'Abre una venta para ver sus productos, cantidades y precios.',
      'Para ver totales por día, categoría u hora, usa Visualizar → Datos en bruto.',
    ],
    enlace: { to: '/pos/transacciones', texto: 'Ir a Transacciones' },
  },
];

/** Inicio's short list: each card opens its article in Recursos. */
export function RecursosAprendizaje() {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {ARTICULOS.map(({ id, icono, titulo, resumen }) => (
        <li key={id}>
          <LinkCard to={`/inicio/recursos#${id}`} icono={icono} titulo={titulo} texto={resumen} />
        </li>
      ))}
    </ul>
  );
}

/** The articles in full, for the Recursos tab. */
export function ArticulosAyuda() {
  // Inicio links to one article (#id); the router does not scroll to a hash by itself.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="space-y-4">
      {ARTICULOS.map(({ id, icono: Icono, titulo, resumen, pasos, enlace }) => (
        <article key={id} id={id} aria-labelledby={`${id}-titulo`} className="scroll-mt-20 rounded-xl border border-slate-200 bg-white p-5">
          <h3 id={`${id}-titulo`} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <span className="rounded-lg bg-marca-50 p-2 text-marca-700">
              <Icono className="size-5" aria-hidden="true" />
            </span>
            {titulo}
          </h3>
          <p className="mt-2 text-sm text-slate-700">{resumen}</p>
          <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
            {pasos.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
          <Link to={enlace.to} className="mt-3 inline-block text-sm font-medium text-marca-700 hover:underline">
            {enlace.texto}
          </Link>
        </article>
      ))}
    </div>
  );
}
