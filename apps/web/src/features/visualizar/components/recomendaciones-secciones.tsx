import {
  DIAS_ABC,
  DIAS_COBERTURA_MINIMA,
  DIAS_OBJETIVO_STOCK,
  DIAS_SIN_VENTAS,
  DIAS_VELOCIDAD,
  LIMITE_ABC_A,
  LIMITE_ABC_B,
  MARGEN_MINIMO_PCT,
  type Recomendaciones,
} from '@minimarket/contracts/analitica';
import { formatCantidad } from '@minimarket/contracts/cantidad';
import { Clock, Layers3, PackageMinus, PackagePlus, Percent, TrendingUp, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { FormaFila } from '../../../components/ui/tabla-o-tarjetas';
import { rutaAgregarStock, rutaProductoInventario } from '../../../lib/rutas-inventario';
import { formatClp, formatEntero } from '../../../utils/format';
import { isoATexto } from '../../../utils/fechas';
import { franjaHora, nombreDia } from '../utils/calendario';
import { celdaCantidad } from '../utils/tabla-exportable';
import { formatPct } from '../utils/variacion';
import { ListaRecomendacion, type ColumnaLista } from './lista-recomendacion';

/** One list of Recomendaciones: the answer, and the name its download takes ('reponer' → the file's). */
interface PropsSeccion {
  r: Recomendaciones;
  archivo: (titulo: string) => string;
}

/** ABC rows shown before 'Ver todos' (a shop sells hundreds of products in 90 days). */
const ABC_VISIBLES = 15;

function Seccion({
  id,
  icono: Icono,
  titulo,
  explicacion,
  children,
}: {
  id: string;
  icono: LucideIcon;
  titulo: string;
  explicacion: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5" aria-labelledby={id} role="region">
      <h3 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Icono className="size-5 text-marca-700" aria-hidden="true" /> {titulo}
      </h3>
      <p className="mt-1 mb-3 max-w-prose text-sm text-slate-600">{explicacion}</p>
      {children}
    </Card>
  );
}

const Nada = ({ children }: { children: ReactNode }) => (
  <p className="rounded-lg bg-slate-50 px-3 py-4 text-sm text-slate-700">{children}</p>
);

const enlaceProducto = (texto: string) =>
  function EnlaceProducto(p: { id_producto: number; nombre_producto: string }, forma: FormaFila) {
    return (
      <Link
        to={rutaProductoInventario(p.id_producto)}
        // On a phone's card the link is a button-sized target for a thumb.
        className={forma === 'tarjeta' ? buttonClasses('contorno', 'sm') : 'text-sm font-medium text-marca-700 hover:underline'}
      >
        {texto}
        <span className="sr-only">: {p.nombre_producto}</span>
      </Link>
    );
  };
const verProducto = enlaceProducto('Ver en inventario');
const revisarPrecio = enlaceProducto('Revisar precio');

const ventaDiaria = (n: number) => n.toLocaleString('es-CL', { maximumFractionDigits: 2 });

function Tendencia({ pct }: { pct: number | null }) {
  if (pct === null) return <Badge color="azul">Nuevo</Badge>;
  if (pct === 0) return <Badge>Sin cambio</Badge>;
  return <Badge color={pct > 0 ? 'verde' : 'rojo'}>{`${pct > 0 ? '↑ +' : '↓ −'}${formatPct(Math.abs(pct))}`}</Badge>;
}

export function SeccionReponer({ r, archivo }: PropsSeccion) {
  return (
    <Seccion
      id="rec-reponer"
      icono={PackagePlus}
      titulo="Reponer pronto"
      explicacion={`Productos que, al ritmo de venta de los últimos ${DIAS_VELOCIDAD} días, se acabarán en menos de ${DIAS_COBERTURA_MINIMA} días. La cantidad sugerida alcanza para unos ${DIAS_OBJETIVO_STOCK} días de venta (en kilos para lo que vendes a granel). Los más urgentes, primero.`}
    >
      {r.reponer.length === 0 ? (
        <Nada>Ningún producto necesita reposición por ahora: tu stock alcanza para más de {DIAS_COBERTURA_MINIMA} días.</Nada>
      ) : (
        <ListaRecomendacion
          caption="Productos para reponer"
          archivo={archivo('reponer')}
          filas={r.reponer}
          clave={(p) => p.id_producto}
          columnas={[
            { titulo: 'Producto', tipo: 'texto', valor: (p) => p.nombre_producto },
            { titulo: 'Stock', tipo: 'entero', valor: (p) => celdaCantidad(p.stock, p.unidad) },
            {
              titulo: 'Venta diaria',
              tipo: 'decimal',
              // A kg product sells grams a day: shown in kilos, to the gram.
              valor: (p) => (p.unidad === 'kg' ? celdaCantidad(Math.round(p.venta_diaria), 'kg') : p.venta_diaria),
              secundaria: true,
            },
            {
              titulo: 'Alcanza para',
              tipo: 'decimal',
              valor: (p) => p.dias_cobertura,
              mostrar: (p) => (p.stock <= 0 ? <Badge color="rojo">Agotado</Badge> : `${ventaDiaria(p.dias_cobertura)} días`),
            },
            {
              titulo: 'Sugerido',
              tipo: 'entero',
              valor: (p) => celdaCantidad(p.sugerido, p.unidad),
              mostrar: (p) => <strong>{formatCantidad(p.sugerido, p.unidad)}</strong>,
            },
          ]}
          accion={(p) => (
            <Link
              to={rutaAgregarStock(p.id_producto)}
              className={buttonClasses('primario', 'sm')}
              aria-label={`Agregar stock: ${p.nombre_producto}`}
            >
              Agregar stock
            </Link>
          )}
        />
      )}
    </Seccion>
  );
}

/** A best sellers' table: by units, or by kilos for what is sold by weight. */
function MasVendidos<T extends { id_producto: number; nombre_producto: string; ingresos: number; tendencia_pct: number | null }>({
  caption,
  archivo,
  filas,
  cantidad,
}: {
  caption: string;
  archivo: string;
  filas: readonly T[];
  cantidad: ColumnaLista<T>;
}) {
  return (
    <ListaRecomendacion
      caption={caption}
      archivo={archivo}
      filas={filas}
      clave={(p) => p.id_producto}
      columnas={[
        { titulo: 'Producto', tipo: 'texto', valor: (p) => p.nombre_producto },
        cantidad,
        { titulo: 'Ingresos', tipo: 'pesos', valor: (p) => p.ingresos, secundaria: true },
        {
          titulo: 'Tendencia',
          tipo: 'porcentaje',
          valor: (p) => p.tendencia_pct,
          mostrar: (p) => <Tendencia pct={p.tendencia_pct} />,
        },
      ]}
      accion={verProducto}
    />
  );
}

export function SeccionMasVendidos({ r, archivo }: PropsSeccion) {
  return (
    <Seccion
      id="rec-mas-vendidos"
      icono={TrendingUp}
      titulo="Más vendidos"
      explicacion={`Tus 10 productos con más unidades vendidas en los últimos ${DIAS_VELOCIDAD} días (los que vendes por unidad; lo que vendes a granel va aparte, en kilos). La tendencia los compara con los ${DIAS_VELOCIDAD} días anteriores: que nunca te falten.`}
    >
      {r.mas_vendidos.length === 0 && r.mas_vendidos_kg.length === 0 ? (
        <Nada>No hubo ventas en los últimos {DIAS_VELOCIDAD} días.</Nada>
      ) : (
        // Only weighed goods sold: no empty table of units above the kilos.
        r.mas_vendidos.length > 0 && (
          <MasVendidos
            caption="Productos más vendidos"
            archivo={archivo('mas vendidos')}
            filas={r.mas_vendidos}
            cantidad={{ titulo: 'Unidades', tipo: 'entero', valor: (p) => p.unidades }}
          />
        )
      )}
      {r.mas_vendidos_kg.length > 0 && (
        <div className="mt-4">
          <h4 className="mb-2 text-sm font-semibold text-slate-900">A granel, por kilos</h4>
          <MasVendidos
            caption="Productos a granel más vendidos"
            archivo={archivo('mas vendidos a granel')}
            filas={r.mas_vendidos_kg}
            cantidad={{ titulo: 'Kilos', tipo: 'kilos', valor: (p) => p.gramos }}
          />
        </div>
      )}
    </Seccion>
  );
}

export function SeccionSinVentas({ r, archivo }: PropsSeccion) {
  const capital = r.sin_ventas.reduce((s, p) => s + p.capital_inmovilizado, 0);
  return (
    <Seccion
      id="rec-sin-ventas"
      icono={PackageMinus}
      titulo="Sin ventas"
      explicacion={
        <>
          Productos con stock que no se han vendido en {DIAS_SIN_VENTAS} días. Es plata detenida en tu bodega
          {capital > 0 && (
            <>
              : <strong>{formatClp(capital)}</strong> a precio de compra
            </>
          )}
          . Considera una oferta, moverlos a un lugar más visible o no volver a comprarlos.
        </>
      }
    >
      {r.sin_ventas.length === 0 ? (
        <Nada>Todos tus productos con stock se vendieron en los últimos {DIAS_SIN_VENTAS} días.</Nada>
      ) : (
        <ListaRecomendacion
          caption="Productos sin ventas"
          archivo={archivo('sin ventas')}
          filas={r.sin_ventas}
          clave={(p) => p.id_producto}
          columnas={[
            { titulo: 'Producto', tipo: 'texto', valor: (p) => p.nombre_producto },
            { titulo: 'Stock', tipo: 'entero', valor: (p) => celdaCantidad(p.stock, p.unidad) },
            {
              titulo: 'Capital inmovilizado',
              tipo: 'pesos',
              valor: (p) => p.capital_inmovilizado,
              mostrar: (p) =>
                p.precio_compra_actual === null ? <span title="Sin precio de compra">—</span> : formatClp(p.capital_inmovilizado),
            },
            {
              titulo: 'Última venta',
              tipo: 'texto',
              valor: (p) => (p.ultima_venta ? isoATexto(p.ultima_venta) : 'Nunca'),
              secundaria: true,
            },
          ]}
          accion={verProducto}
        />
      )}
    </Seccion>
  );
}

export function SeccionMargenBajo({ r, archivo }: PropsSeccion) {
  return (
    <Seccion
      id="rec-margen-bajo"
      icono={Percent}
      titulo="Margen bajo"
      explicacion={`Productos que ganan menos del ${MARGEN_MINIMO_PCT} % de su precio de venta (los que se venden bajo el costo, primero). Revisa el precio de venta o busca otro proveedor.`}
    >
      {r.margen_bajo.length === 0 ? (
        <Nada>Ningún producto tiene un margen bajo el {MARGEN_MINIMO_PCT} %.</Nada>
      ) : (
        <ListaRecomendacion
          caption="Productos con margen bajo"
          archivo={archivo('margen bajo')}
          filas={r.margen_bajo}
          clave={(p) => p.id_producto}
          columnas={[
            { titulo: 'Producto', tipo: 'texto', valor: (p) => p.nombre_producto },
            { titulo: 'Precio venta', tipo: 'pesos', valor: (p) => p.precio_venta_actual, secundaria: true },
            { titulo: 'Precio compra', tipo: 'pesos', valor: (p) => p.precio_compra_actual, secundaria: true },
            {
              titulo: 'Margen',
              tipo: 'porcentaje',
              valor: (p) => p.margen_pct,
              mostrar: (p) => <Badge color={p.margen_pct < 0 ? 'rojo' : 'amarillo'}>{formatPct(p.margen_pct)}</Badge>,
            },
          ]}
          accion={revisarPrecio}
        />
      )}
    </Seccion>
  );
}

export function SeccionHorasPeak({ r, archivo }: PropsSeccion) {
  return (
    <Seccion
      id="rec-horas-peak"
      icono={Clock}
      titulo="Horas peak"
      explicacion={`Los tres momentos de la semana con más ventas en los últimos ${DIAS_VELOCIDAD} días. Ten las góndolas llenas y más manos en caja a esas horas.`}
    >
      {r.horas_peak.length === 0 ? (
        <Nada>No hubo ventas en los últimos {DIAS_VELOCIDAD} días.</Nada>
      ) : (
        <>
          <ListaRecomendacion
            caption="Horas con más ventas"
            archivo={archivo('horas peak')}
            filas={r.horas_peak}
            clave={(h) => `${h.dia_semana}-${h.hora}`}
            columnas={[
              { titulo: 'Cuándo', tipo: 'texto', valor: (h) => `${nombreDia(h.dia_semana)}, ${franjaHora(h.hora)}` },
              { titulo: 'Ventas', tipo: 'entero', valor: (h) => h.ventas },
              { titulo: 'Ingresos', tipo: 'pesos', valor: (h) => h.ingresos },
            ]}
          />
          <Link to="/visualizar/datos-brutos/mapas-calor" className={buttonClasses('contorno', 'sm', 'mt-2')}>
            Ver el mapa de calor completo
          </Link>
        </>
      )}
    </Seccion>
  );
}

export function SeccionAbc({ r, archivo }: PropsSeccion) {
  const [abcCompleto, setAbcCompleto] = useState(false);
  const porClase = (c: 'A' | 'B' | 'C') => r.abc.filter((p) => p.clase === c).length;
  return (
    <Seccion
      id="rec-abc"
      icono={Layers3}
      titulo="Clasificación ABC"
      explicacion={`Tus productos de los últimos ${DIAS_ABC} días ordenados por ingresos. Clase A: los que juntos hacen el ${LIMITE_ABC_A} % de tus ingresos (cuídalos, que nunca falten); B: hasta el ${LIMITE_ABC_B} %; C: el resto, candidatos a comprar menos.`}
    >
      {r.abc.length === 0 ? (
        <Nada>No hubo ventas en los últimos {DIAS_ABC} días.</Nada>
      ) : (
        <>
          <p className="mb-3 flex flex-wrap gap-2 text-sm">
            <Badge color="verde">A: {formatEntero(porClase('A'))} productos</Badge>
            <Badge color="amarillo">B: {formatEntero(porClase('B'))} productos</Badge>
            <Badge>C: {formatEntero(porClase('C'))} productos</Badge>
          </p>
          <ListaRecomendacion
            caption="Clasificación ABC de productos"
            archivo={archivo('clasificacion abc')}
            filas={abcCompleto ? r.abc : r.abc.slice(0, ABC_VISIBLES)}
            filasArchivo={r.abc}
            clave={(p) => p.id_producto}
            columnas={[
              { titulo: 'Producto', tipo: 'texto', valor: (p) => p.nombre_producto },
              { titulo: 'Ingresos', tipo: 'pesos', valor: (p) => p.ingresos },
              { titulo: 'Participación', tipo: 'porcentaje', valor: (p) => p.participacion_pct, secundaria: true },
              { titulo: 'Acumulado', tipo: 'porcentaje', valor: (p) => p.acumulado_pct, secundaria: true },
              {
                titulo: 'Clase',
                tipo: 'texto',
                valor: (p) => p.clase,
                mostrar: (p) => <Badge color={p.clase === 'A' ? 'verde' : p.clase === 'B' ? 'amarillo' : 'gris'}>{p.clase}</Badge>,
              },
            ]}
            accion={verProducto}
          />
          {r.abc.length > ABC_VISIBLES && (
            <Button variante="fantasma" className="mt-2" aria-expanded={abcCompleto} onClick={() => setAbcCompleto((v) => !v)}>
              {abcCompleto ? 'Ver menos' : `Ver los ${formatEntero(r.abc.length)} productos`}
            </Button>
          )}
        </>
      )}
    </Seccion>
  );
}
