import type { Cubo } from '@minimarket/contracts/analitica';
import { ArrowDown, ArrowLeft, ArrowRight, ArrowUp, RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../utils/cn';
import { GIRO_INICIAL, PASO_GIRO, type GiroCubo } from '../hooks/use-giro-cubo';
import { colorCalor, intensidad } from '../utils/calendario';
import { CARAS, CORTES, cortar, NOMBRE_DIMENSION, type Corte, type MedidaCubo } from '../utils/cubo';

const LADO = 'min(12rem, 55vw)';

export const tituloCorte = (corte: Corte) => {
  const c = CORTES[corte];
  return `${NOMBRE_DIMENSION[c.filas]} × ${NOMBRE_DIMENSION[c.columnas]}`;
};

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

/** The cube itself: dragged, or turned with the arrow keys; a click on a face brings it to the front. */
export function CuboGiratorio({ cubo, medida, giroCubo }: { cubo: Cubo; medida: MedidaCubo; giroCubo: GiroCubo }) {
  const { giro, corte } = giroCubo;
  return (
    <div
      role="group"
      aria-roledescription="cubo"
      aria-label={`Cubo de ventas. Cara al frente: ${tituloCorte(corte)}`}
      aria-describedby="cubo-ayuda"
      tabIndex={0}
      onKeyDown={giroCubo.teclas}
      onPointerDown={giroCubo.empezar}
      onPointerMove={giroCubo.mover}
      onPointerUp={giroCubo.soltar}
      onPointerCancel={giroCubo.soltar}
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
            onClick={() => !giroCubo.arrastro() && giroCubo.elegir(c)}
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
  );
}

/** The arrows that turn the cube, and the one that puts it back. */
export function BotonesGiro({ giroCubo }: { giroCubo: GiroCubo }) {
  const { girar } = giroCubo;
  return (
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
        onClick={() => giroCubo.elegir({ ...CARAS[0], giro: GIRO_INICIAL })}
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
  );
}

/** One button a face: the one in front is pressed. */
export function ElegirCara({ giroCubo }: { giroCubo: GiroCubo }) {
  const { corte } = giroCubo;
  return (
    <div className="flex w-full flex-col gap-1 lg:col-start-1 lg:row-start-2 lg:self-start" role="group" aria-label="Elegir una cara">
      {(Object.keys(CORTES) as Corte[]).map((k) => (
        <Button
          key={k}
          variante={corte === k ? 'primario' : 'contorno'}
          tamano="sm"
          aria-pressed={corte === k}
          onClick={() => giroCubo.elegir(CARAS.find((c) => c.corte === k) ?? CARAS[0])}
        >
          {tituloCorte(k)}
        </Button>
      ))}
    </div>
  );
}
