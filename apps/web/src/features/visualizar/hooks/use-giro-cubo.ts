// How the cube of Visualizar turns: by dragging it, by the arrow keys or buttons, or by choosing a
// face. The face turned toward you is the one shown, so the table under it follows the cube.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { caraAlFrente, type Corte } from '../utils/cubo';

/** Degrees one press of an arrow (key or button) turns the cube. */
export const PASO_GIRO = 15;
/** Degrees per pixel dragged. */
const GIRO_POR_PIXEL = 0.5;
export const GIRO_INICIAL = { x: -20, y: 30 };
type Giro = typeof GIRO_INICIAL;

const TECLAS: Record<string, [number, number]> = {
  ArrowLeft: [0, -PASO_GIRO],
  ArrowRight: [0, PASO_GIRO],
  ArrowUp: [PASO_GIRO, 0],
  ArrowDown: [-PASO_GIRO, 0],
};

export function useGiroCubo() {
  const [giro, setGiro] = useState(GIRO_INICIAL);
  const [corte, setCorte] = useState<Corte>('categoria-dia');
  const arrastre = useRef<{ x: number; y: number; giro: Giro; movio: boolean } | null>(null);

  /** Turns the cube; the face turned toward you is the one shown, so the table follows the cube. */
  const ponerGiro = (nuevo: Giro) => {
    const acotado = { x: Math.max(-90, Math.min(90, nuevo.x)), y: nuevo.y };
    setGiro(acotado);
    setCorte(caraAlFrente(acotado).corte);
  };
  const girar = (dx: number, dy: number) => ponerGiro({ x: giro.x + dx, y: giro.y + dy });

  const teclas = (e: KeyboardEvent) => {
    const paso = TECLAS[e.key];
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
  /** A click on a face that ends a drag is no choice. */
  const arrastro = () => Boolean(arrastre.current?.movio);

  const elegir = (c: { giro: Giro; corte: Corte }) => {
    setGiro(c.giro);
    setCorte(c.corte);
  };

  return { giro, corte, girar, teclas, empezar, mover, soltar, arrastro, elegir };
}
export type GiroCubo = ReturnType<typeof useGiroCubo>;
