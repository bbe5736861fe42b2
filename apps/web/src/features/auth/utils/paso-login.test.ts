import { describe, expect, it } from 'vitest';
import { elegirPaso } from './paso-login';

describe('elegirPaso', () => {
  it('gives the login form by default', () => {
    expect(elegirPaso('/inicio-sesion', '')).toBe('login');
    expect(elegirPaso('/inicio-sesion', '?foo=bar')).toBe('login');
  });
  it('gives forgot-password on the recover path, encoded or not, and for the query value forgot', () => {
    expect(elegirPaso('/restablecer-contrase%C3%B1a', '')).toBe('forgot-password');
    expect(elegirPaso('/restablecer-contraseña', '')).toBe('forgot-password');
    expect(elegirPaso('/inicio-sesion', '?paso=forgot')).toBe('forgot-password');
    expect(elegirPaso('/inicio-sesion', '?forgot')).toBe('forgot-password');
  });
  it('gives new-password when a token comes in the link', () => {
    expect(elegirPaso('/inicio-sesion', '?token=abc&paso=forgot')).toBe('new-password');
    expect(elegirPaso('/inicio-sesion', '?paso=reset-password')).toBe('new-password');
  });
  it('gives check-email for its query value', () => {
    expect(elegirPaso('/inicio-sesion', '?paso=check-email')).toBe('check-email');
  });
});
