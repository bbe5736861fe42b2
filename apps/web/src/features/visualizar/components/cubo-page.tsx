import type { Cubo } from '@minimarket/contracts/analitica';
import { formatCantidad } from '@minimarket/contracts/cantidad';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, RotateCcw } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Select } from '../../../components/ui/field';
import { QueryResult } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { cuboQueryOptions, type FiltrosAnalitica } from '../../../lib/analitica';
import { cn } from '../../../utils/cn';
import { formatClp, formatEntero } from '../../../utils/format';
import { colorCalor, intensidad } from '../utils/calendario';
import { CARAS, caraAlFrente, CORTES, cortar, NOMBRE_DIMENSION, type Corte, type MedidaCubo } from '../utils/cubo';
import { type Celda, nombreArchivo, type TipoColumna } from '../utils/tabla-exportable';
import { MarcoAnalitica } from './marco-analitica';
import { SinVentas } from './sin-ventas';
import { TablaDatos } from './tabla-datos';

const MEDIDAS: Record<MedidaCubo, string> = {
  ingresos: 'Pesos (ingresos)',
  unidades: 'Unidades (sin granel)',
  gramos: 'Kilos (a granel)',
  margen: 'Margen',
};
/** Degrees one press of an arrow (key or button) turns the cube. */
const PASO_GIRO = 15;
/** Degrees per pixel dragged. */
const GIRO_POR_PIXEL = 0.5;
const LADO = 'min(12rem, 55vw)';
const INICIAL = { x: -20, y: 30 };

const tituloCorte = (corte: Corte) => {
  const c = CORTES[corte];
  return `${NOMBRE_DIMENSION[c.filas]} × ${NOMBRE_DIMENSION[c.columnas]}`;
};
const SUMADA = { hora: 'todas las horas', dia: 'todos los días de la semana', categoria: 'todas las categorías' } as const;

/** A face's picture: the slice as a small heat grid (the numbers are in the table below). */
function MiniMapa({ cubo, corte, medida }: { cubo: Cubo; corte: Corte; medida: MedidaCubo }) {
  const t = cortar(cubo, corte, medida);
  const max = Math.max(0, ...t.valores.flat());
  return (
    <span
      className="grid h-full w-full gap-px"
      style={{ gridTemplateColumns: `repeat(${t.columnas.length}, 1fr)`, gridTemplateRows: `repeat(${t.filas.length}, 1fr)` }}
    >
      {t.valores.flatMap((fila, i) =>
        fila.map((v, j) => <span key={`${i}-${j}`} style={{ background: colorCalor(intensidad(v, max)) }} />),
      )}
    </span>
  );
}

function CuboVista({ idMinimarket, filtros }: { idMinimarket: number; filtros: FiltrosAnalitica }) {
  const consulta = useQuery(cuboQueryOptions(idMinimarket, filtros));
  const [medida, setMedida] = useState<MedidaCubo>('ingresos');
  const [giro, setGiro] = useState(INICIAL);
  const [corte, setCorte] = useState<Corte>('categoria-dia');
  const arrastre = useRef<{ x: number; y: number; giro: typeof giro; movio: boolean } | null>(null);

  /** Turns the cube; the face turned toward you is the one shown, so the table follows the cube. */
  const ponerGiro = (nuevo: typeof giro) => {
    const acotado = { x: Math.max(-90, Math.min(90, nuevo.x)), y: nuevo.y };
    setGiro(acotado);
    setCorte(caraAlFrente(acotado).corte);
  };
  const girar = (dx: number, dy: number) => ponerGiro({ x: giro.x + dx, y: giro.y + dy });

  const teclas = (e: KeyboardEvent) => {
    const mapa: Record<string, [number, number]> = {
      ArrowLeft: [0, -PASO_GIRO],
      ArrowRight: [0, PASO_GIRO],
      ArrowUp: [PASO_GIRO, 0],
      ArrowDown: [-PASO_GIRO, 0],
    };
    const paso = mapa[e.key];
    if (!paso) return;
    e.preventDefault();
    girar(...paso);
  };

  const empezar = (e: PointerEvent<HTMLDivElement>) => {
    arrastre.current = { x: e.clientX, y: e.clientY, giro, movio: false };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const mover = (e: PointerEvent<HTMLDivElement>) => {
    const a = arrastre.current;
    if (!a) return;
    const dx = e.clientX - a.x;
    const dy = e.clientY - a.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) a.movio = true;
    ponerGiro({ x: a.giro.x - dy * GIRO_POR_PIXEL, y: a.giro.y + dx * GIRO_POR_PIXEL });
  };
  const soltar = () => {
    arrastre.current = null;
  };

  const elegir = (c: { giro: { x: number; y: number }; corte: Corte }) => {
    setGiro(c.giro);
    setCorte(c.corte);
  };

  return (
    <QueryResult
      query={consulta}
      filas={(d) => (d.celdas.length > 0 ? [d] : [])}
      error={mensajeDeError(consulta.error, 'No se pudo cargar el cubo.')}
      vacio={<SinVentas />}
    >
      {([cubo]) => {
        const tabla = cortar(cubo, corte, medida);
        const tipo: TipoColumna = medida === 'unidades' ? 'entero' : medida === 'gramos' ? 'kilos' : 'pesos';
        // Grams travel as a weight cell, so a download writes kilos ('0,350'), never grams.
        const celdaDe = (v: number): Celda => (tipo === 'kilos' ? { n: v, tipo } : v);
        return (
          // The cube and its controls above (one short band on a laptop), the table below at the content's
          // full width: at 1366 px a face by day (nine columns of pesos, Total last) fits without scrolling.
          <div className="space-y-4">
            <Card className="grid grid-cols-1 justify-items-center gap-4 p-4 sm:p-5 lg:grid-cols-[minmax(0,20rem)_auto] lg:grid-rows-[auto_1fr] lg:justify-center lg:gap-x-16">
              <div className="w-full space-y-4 lg:col-start-1 lg:row-start-1">
                <Field label="Medida" className="w-full">
                  {(p) => (
                    <Select {...p} value={medida} onChange={(e) => setMedida(e.target.value as MedidaCubo)}>
                      {Object.entries(MEDIDAS).map(([v, t]) => (
                        <option key={v} value={v}>
                          {t}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <p id="cubo-ayuda" className="text-sm text-slate-600">
                  Arrastra el cubo, usa las flechas del teclado o los botones para girarlo. La cara que queda al frente se muestra como
                  tabla.
                </p>
              </div>
              <div className="flex flex-col items-center lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:flex-row lg:gap-10">
                <div
                  role="group"
                  aria-roledescription="cubo"
                  aria-label={`Cubo de ventas. Cara al frente: ${tituloCorte(corte)}`}
                  aria-describedby="cubo-ayuda"
                  tabIndex={0}
                  onKeyDown={teclas}
                  onPointerDown={empezar}
                  onPointerMove={mover}
                  onPointerUp={soltar}
                  onPointerCancel={soltar}
                  className="my-12 cursor-grab touch-none rounded-lg select-none active:cursor-grabbing lg:my-8"
                  style={{ width: LADO, height: LADO, perspective: '800px' }}
                >
                  <div
                    className="relative h-full w-full transition-transform duration-150 motion-reduce:transition-none"
                    style={{ transformStyle: 'preserve-3d', transform: `rotateX(${giro.x}deg) rotateY(${giro.y}deg)` }}
                  >
                    {CARAS.map((c) => (
                      <div
                        key={c.cara}
                        aria-hidden="true"
                        onClick={() => !arrastre.current?.movio && elegir(c)}
                        className={cn(
                          'absolute inset-0 flex flex-col gap-1 border-2 bg-white/95 p-2',
                          c.corte === corte ? 'border-marca-700' : 'border-slate-300',
                        )}
                        style={{ transform: `${c.transformar} translateZ(calc(${LADO} / 2))`, backfaceVisibility: 'hidden' }}
                      >
                        <span className="text-center text-xs font-semibold text-slate-800">{tituloCorte(c.corte)}</span>
                        <span className="min-h-0 flex-1">
                          <MiniMapa cubo={cubo} corte={c.corte} medida={medida} />
                        </span>
                      </div>
                    ))}
                  </div>
                </div>
                <div className="grid grid-cols-3 gap-1" role="group" aria-label="Girar el cubo">
                  <span />
                  <Button variante="contorno" tamano="sm" aria-label="Girar hacia arriba" onClick={() => girar(PASO_GIRO, 0)}>
                    <ArrowUp className="size-4" aria-hidden="true" />
                  </Button>
                  <span />
                  <Button variante="contorno" tamano="sm" aria-label="Girar a la izquierda" onClick={() => girar(0, -PASO_GIRO)}>
                    <ArrowLeft className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variante="contorno"
                    tamano="sm"
                    aria-label="Volver a la posición inicial"
                    onClick={() => elegir({ ...CARAS[0], giro: INICIAL })}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                  </Button>
                  <Button variante="contorno" tamano="sm" aria-label="Girar a la derecha" onClick={() => girar(0, PASO_GIRO)}>
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Button>
                  <span />
                  <Button variante="contorno" tamano="sm" aria-label="Girar hacia abajo" onClick={() => girar(-PASO_GIRO, 0)}>
                    <ArrowDown className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <div
                className="flex w-full flex-col gap-1 lg:col-start-1 lg:row-start-2 lg:self-start"
                role="group"
                aria-label="Elegir una cara"
              >
                {(Object.keys(CORTES) as Corte[]).map((k) => (
                  <Button
                    key={k}
                    variante={corte === k ? 'primario' : 'contorno'}
                    tamano="sm"
                    aria-pressed={corte === k}
                    onClick={() => elegir(CARAS.find((c) => c.corte === k) ?? CARAS[0])}
                  >
                    {tituloCorte(k)}
                  </Button>
                ))}
              </div>
            </Card>
            <Card className="min-w-0 p-4 sm:p-5">
              <h3 className="text-lg font-semibold text-slate-900">
                {MEDIDAS[medida]} por {tituloCorte(corte).toLowerCase()}
              </h3>
              <p className="mb-3 text-sm text-slate-600">
                Cada celda suma {SUMADA[CORTES[corte].sumada]} del rango. Total:{' '}
                <strong>
                  {tipo === 'pesos'
                    ? formatClp(tabla.total)
                    : tipo === 'kilos'
                      ? formatCantidad(tabla.total, 'kg')
                      : formatEntero(tabla.total)}
                </strong>
                .
              </p>
              <TablaDatos
                extremosFijos
                caption={`${MEDIDAS[medida]} por ${tituloCorte(corte)}`}
                tabla={{
                  nombre: nombreArchivo(`cubo ${medida} ${corte}`, filtros.desde, filtros.hasta),
                  columnas: [
                    { titulo: NOMBRE_DIMENSION[CORTES[corte].filas], tipo: 'texto' },
                    ...tabla.columnas.map((titulo) => ({ titulo, tipo })),
                    { titulo: 'Total', tipo },
                  ],
                  filas: [
                    ...tabla.filas.map((f, i) => [f, ...[...tabla.valores[i]!, tabla.totalFila[i]!].map(celdaDe)]),
                    ['Total', ...[...tabla.totalColumna, tabla.total].map(celdaDe)],
                  ],
                }}
              />
            </Card>
          </div>
        );
      }}
    </QueryResult>
  );
}

export function CuboPage() {
  return <MarcoAnalitica>{(id, f) => <CuboVista idMinimarket={id} filtros={f} />}</MarcoAnalitica>;
}
