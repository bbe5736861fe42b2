import { describe, expect, it } from 'vitest';
import { crearCola } from './cola.js';

interface Trabajo {
  id: string;
  tienda: number;
}

/** A queue whose jobs run until the test lets each one end; it records what happened, in order. */
function colaDePrueba(simultaneos: number) {
  const eventos: string[] = [];
  const fines = new Map<string, () => void>();
  const cola = crearCola<Trabajo>({
    procesar: (t, signal) =>
      new Promise<void>((resolve) => {
        eventos.push(`empieza ${t.id}`);
        const terminar = () => {
          eventos.push(`termina ${t.id}`);
          resolve();
        };
        fines.set(t.id, terminar);
        signal.addEventListener('abort', () => {
          eventos.push(`abortada ${t.id}`);
          resolve();
        });
      }),
    descartar: async (t) => {
      eventos.push(`descartada ${t.id}`);
    },
    alError: () => {},
    clave: (t) => t.tienda,
    simultaneos,
  });
  const terminar = async (id: string) => {
    fines.get(id)!();
    // Let the queue's .finally run and start the next job.
    await new Promise((r) => setTimeout(r, 0));
  };
  return { cola, eventos, terminar };
}

describe('import queue', () => {
  it('runs two shops at once and makes a third wait for a free place', async () => {
    const { cola, eventos, terminar } = colaDePrueba(2);
    cola.encolar({ id: 'grande-A', tienda: 1 });
    cola.encolar({ id: 'chico-B', tienda: 2 });
    cola.encolar({ id: 'chico-C', tienda: 3 });
    expect(eventos).toEqual(['empieza grande-A', 'empieza chico-B']);
    expect(cola.pendientes()).toBe(3);
    await terminar('chico-B');
    expect(eventos).toEqual(['empieza grande-A', 'empieza chico-B', 'termina chico-B', 'empieza chico-C']);
    await terminar('chico-C');
    await terminar('grande-A');
    expect(cola.pendientes()).toBe(0);
  });

  it('never runs two files of one shop at once, and keeps their order', async () => {
    const { cola, eventos, terminar } = colaDePrueba(2);
    cola.encolar({ id: 'A1', tienda: 1 });
    cola.encolar({ id: 'A2', tienda: 1 });
    cola.encolar({ id: 'B1', tienda: 2 });
    // A2 waits for A1; B1, behind it in the line, goes ahead to the free place.
    expect(eventos).toEqual(['empieza A1', 'empieza B1']);
    await terminar('B1');
    expect(eventos).not.toContain('empieza A2');
    await terminar('A1');
    expect(eventos.slice(-2)).toEqual(['termina A1', 'empieza A2']);
    await terminar('A2');
  });

  it('on stop aborts what runs and records what waits, and takes nothing more', async () => {
    const { cola, eventos } = colaDePrueba(2);
    cola.encolar({ id: 'A1', tienda: 1 });
    cola.encolar({ id: 'B1', tienda: 2 });
    cola.encolar({ id: 'A2', tienda: 1 });
    await cola.detener();
    cola.encolar({ id: 'C1', tienda: 3 });
    await new Promise((r) => setTimeout(r, 0));
    expect(eventos).toEqual(['empieza A1', 'empieza B1', 'abortada A1', 'abortada B1', 'descartada A2', 'descartada C1']);
    expect(cola.pendientes()).toBe(0);
  });
});
