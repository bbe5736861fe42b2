import { describe, expect, it } from 'vitest';
import { pestanasPos, puede, rolesDeRutaPos, rutaInicio, seccionesDelMenu } from './permisos';

describe('who sees what', () => {
  it('a cashier sees the POS alone in the menu, and lands on the counter', () => {
    expect(seccionesDelMenu('cajero')).toEqual(['pos']);
    expect(rutaInicio('cajero')).toBe('/pos/nueva-venta');
  });

  it('an owner sees Inicio, POS, Visualizar and Cargar; an administrator also users and chats', () => {
    expect(seccionesDelMenu('pyme')).toEqual(['inicio', 'pos', 'visualizar', 'cargar']);
    expect(seccionesDelMenu('administrador')).toEqual(['inicio', 'pos', 'visualizar', 'cargar', 'usuarios', 'chats']);
    expect(rutaInicio('pyme')).toBe('/inicio');
  });

  it("a cashier's POS tabs: sell, look up, transactions, till and customers; no new product, adjustments or boletas", () => {
    expect(pestanasPos('cajero').map((p) => p.label)).toEqual(['NUEVA VENTA', 'BUSCAR PRODUCTO', 'TRANSACCIONES', 'CAJA', 'CLIENTES']);
    expect(pestanasPos('pyme')).toHaveLength(8);
    expect(rolesDeRutaPos('/pos/boletas')).not.toContain('cajero');
    expect(rolesDeRutaPos('/pos/clientes/12')).toContain('cajero');
  });

  it('settings, profile, notifications and support are not for a cashier; Badito and the receipt are', () => {
    for (const s of ['configuracion', 'perfil', 'notificaciones', 'soporte', 'inicio', 'visualizar', 'cargar'] as const)
      expect(puede('cajero', s)).toBe(false);
    for (const s of ['ayuda', 'comprobante', 'pos'] as const) expect(puede('cajero', s)).toBe(true);
  });
});
