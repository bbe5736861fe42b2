import { describe, expect, it } from 'vitest';
import {
  entregaUnaVez,
  MENSAJE_CAMARA_DENEGADA,
  MENSAJE_CAMARA_ERROR,
  MENSAJE_CAMARA_OCUPADA,
  MENSAJE_SIN_CAMARA,
  mensajeErrorCamara,
} from './camara';

describe('the camera hand-off', () => {
  it('ignores the frames that read nothing and hands the first code read once, trimmed', () => {
    const leidos: string[] = [];
    const alLeer = entregaUnaVez((c) => leidos.push(c));
    expect(alLeer(undefined)).toBe(false);
    expect(alLeer('   ')).toBe(false);
    expect(alLeer(' 2000010030002 ')).toBe(true);
    // The camera keeps seeing the same barcode: no second product.
    expect(alLeer('2000010030002')).toBe(true);
    expect(alLeer('7801234567890')).toBe(true);
    expect(leidos).toEqual(['2000010030002']);
  });
});

describe('what a camera that does not open says', () => {
  const error = (name: string) => Object.assign(new Error('x'), { name });
  it('a refused permission, no camera, a camera in use, anything else', () => {
    expect(mensajeErrorCamara(error('NotAllowedError'))).toBe(MENSAJE_CAMARA_DENEGADA);
    expect(mensajeErrorCamara(error('NotFoundError'))).toBe(MENSAJE_SIN_CAMARA);
    expect(mensajeErrorCamara(error('OverconstrainedError'))).toBe(MENSAJE_SIN_CAMARA);
    expect(mensajeErrorCamara(error('NotReadableError'))).toBe(MENSAJE_CAMARA_OCUPADA);
    expect(mensajeErrorCamara(new Error('?'))).toBe(MENSAJE_CAMARA_ERROR);
    expect(mensajeErrorCamara(null)).toBe(MENSAJE_CAMARA_ERROR);
    expect(MENSAJE_CAMARA_DENEGADA).toMatch(/^No diste permiso para usar la cámara/);
  });
});
