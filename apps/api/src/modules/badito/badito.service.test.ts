// What a question Badito does not understand costs: nothing but the throttle and the shop check.
// The database is a stand-in that fails on any use, so a fallback that read anything (opened a
// transaction, loaded the catalogue) fails here. Timings are in bench/badito-bench.ts, not here.
import { baditoPreguntaSchema, MAX_MENSAJE_BADITO } from '@minimarket/contracts/badito';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';
import { createBaditoService } from './badito.service.js';
import { clasificar, MAX_PALABRAS_PREGUNTA } from './intenciones/index.js';

const USUARIO: UsuarioSesion = { id_usuario: 7, nombre: 'Dueña', correo: 'duena@fixture.cl', rol: 'pyme', id_minimarket_cajero: null };
const PALABRAS_AL_AZAR = ['perro', 'ventana', 'zapato', 'cuchara', 'montaña', 'guitarra', 'relámpago', 'silla', 'nube', 'árbol', 'cohete'];

/** Random words, `largo` characters at most. */
function palabrasAlAzar(largo: number, semilla = 1): string {
  let s = '';
  let x = semilla;
  for (;;) {
    x = (x * 48271) % 2147483647;
    const w = PALABRAS_AL_AZAR[x % PALABRAS_AL_AZAR.length]!;
    if (s.length + w.length + 1 > largo) return s.trim();
    s += `${w} `;
  }
}

function servicio() {
  const usos: string[] = [];
  const db = new Proxy(
    {},
    {
      get(_, prop) {
        usos.push(String(prop));
        throw new Error(`la base no debía usarse (${String(prop)})`);
      },
    },
  ) as Db;
  const reservas: unknown[] = [];
  const acceso = { tiendaOPropia: async () => 1 } as unknown as AccesoMinimarket;
  const limites = {
    reglas: { baditoUsuario: { nombre: 'badito:usuario', max: 30, ventanaMs: 60_000, modo: 'goteo' as const } },
    reservar: async (...conteos: unknown[]) => {
      reservas.push(...conteos);
    },
  } as unknown as Parameters<typeof createBaditoService>[0]['limites'];
  const badito = createBaditoService({ db, acceso, limites });
  const preguntar = (mensaje: string) => badito.responder(USUARIO, baditoPreguntaSchema.parse({ mensaje }));
  return { preguntar, usos, reservas };
}

describe('a question Badito does not understand reads nothing', () => {
  it('a message over the limit is refused by the contract, in Spanish', () => {
    const r = baditoPreguntaSchema.safeParse({ mensaje: palabrasAlAzar(2000) + ' x'.repeat(10) });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(`La pregunta puede tener a lo más ${MAX_MENSAJE_BADITO} caracteres.`);
  });

  it('the longest message allowed, of random words: the fallback, without a single read', async () => {
    const { preguntar, usos, reservas } = servicio();
    const mensaje = palabrasAlAzar(MAX_MENSAJE_BADITO);
    expect(mensaje.length).toBeGreaterThan(MAX_MENSAJE_BADITO - 12);
    const r = await preguntar(mensaje);
    expect(r).toMatchObject({ intencion: 'desconocida', derivar_a_soporte: true });
    expect(usos).toEqual([]);
    // It was counted by the throttle all the same.
    expect(reservas).toHaveLength(1);
    // Not read word by word: more words than a question has.
    expect(clasificar(mensaje).motivo).toBe('larga');
  });

  it('as many unknown words as a question may have: matched, not looked up as a product', async () => {
    const { preguntar, usos } = servicio();
    const mensaje = Array.from({ length: MAX_PALABRAS_PREGUNTA }, (_, i) => `${PALABRAS_AL_AZAR[i % PALABRAS_AL_AZAR.length]}${i}`).join(
      ' ',
    );
    expect(clasificar(mensaje).motivo).toBe('producto_largo');
    expect((await preguntar(mensaje)).intencion).toBe('desconocida');
    expect(usos).toEqual([]);
  });

  it.each([
    'pan '.repeat(120),
    '¿me conviene subirle el precio al pan?',
    '¿va a llover mañana?',
    '¿cómo está el dólar?',
    'cuanto vendi de pan hoy',
    'cuánto vendí la semana pasada',
    'que es lo menos vendido',
    '🤔🤔🤔',
  ])('«%s»: the fallback, without a single read', async (mensaje) => {
    const { preguntar, usos } = servicio();
    const r = await preguntar(mensaje);
    expect(r).toMatchObject({ intencion: 'desconocida', derivar_a_soporte: true });
    expect(usos).toEqual([]);
  });

  it('a question understood does read (the stand-in is watching)', async () => {
    const { preguntar, usos } = servicio();
    await expect(preguntar('¿cuánto vendí hoy?')).rejects.toThrow('la base no debía usarse');
    expect(usos.length).toBeGreaterThan(0);
  });
});
