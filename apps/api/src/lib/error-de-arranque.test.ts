import { describe, expect, it } from 'vitest';
import { describirErrorDeArranque, ErrorDeArranque } from './error-de-arranque.js';

describe('describirErrorDeArranque', () => {
  it('never says "undefined": an empty rejection, a bare string, an array of log lines', () => {
    expect(describirErrorDeArranque(undefined).mensaje).toBe('falló sin dar ningún motivo (el error llegó vacío).');
    expect(describirErrorDeArranque(null).mensaje).toBe('falló sin dar ningún motivo (el error llegó vacío).');
    expect(describirErrorDeArranque('  algo pasó ').mensaje).toBe('algo pasó');
    expect(describirErrorDeArranque(['FATAL: x', 'HINT: y']).mensaje).toBe("falló con un error sin descripción: [ 'FATAL: x', 'HINT: y' ]");
    expect(describirErrorDeArranque(new Error('')).mensaje).not.toContain('undefined');
  });

  it('prints its own Spanish errors as they are, others with their stack', () => {
    expect(describirErrorDeArranque(new ErrorDeArranque('La carpeta no sirve.'))).toEqual({ mensaje: 'La carpeta no sirve.' });
    const otro = describirErrorDeArranque(new Error('boom'));
    expect(otro.mensaje).toBe('boom');
    expect(otro.detalle).toContain('Error: boom');
  });

  it('names the setting of a port already taken', () => {
    const err = Object.assign(new Error('listen EADDRINUSE: address already in use 127.0.0.1:8000'), { code: 'EADDRINUSE', port: 8000 });
    expect(describirErrorDeArranque(err, { PORT: 8000, DEV_INBOX_PORT: 8025 }).mensaje).toBe(
      'El puerto 8000 (PORT) ya está en uso por otro programa (¿otra copia de Minimarket?). Deténgalo o use otro, por ejemplo PORT=8001 npm start.',
    );
  });
});
