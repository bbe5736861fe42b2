import type { ConversacionDetalle, MensajeSoporte } from '@minimarket/contracts/soporte';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { aplicarEventoSoporte, rutaConversacion, soporteKeys } from './soporte';

const mensaje = (id_mensaje: number, texto: string): MensajeSoporte => ({
  id_mensaje,
  id_conversacion: 7,
  id_usuario: 1,
  nombre: 'Camila',
  rol: 'administrador',
  texto,
  fecha: '2026-11-23T10:00:00.000Z',
});

const detalle: ConversacionDetalle = {
  id_conversacion: 7,
  asunto: 'No cuadra la caja',
  estado: 'Activo',
  prioridad: 'Media',
  id_usuario: 2,
  nombre_usuario: 'José',
  id_minimarket: 3,
  nombre_minimarket: 'Don Pepe',
  ultimo_mensaje: 'Hola',
  fecha_ultimo_mensaje: '2026-11-23T09:00:00.000Z',
  fecha_creacion: '2026-11-23T09:00:00.000Z',
  no_leidos: 0,
  mensajes: [mensaje(1, 'Hola')],
  correo_usuario: 'pyme@demo.cl',
  comuna: 'Ñuñoa',
  direccion: 'Av. Grecia 2345',
};

function cliente() {
  // No query functions here: invalidation has nothing to refetch, only the cache is looked at.
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(soporteKeys.detalle(7), detalle);
  return qc;
}

describe('aplicarEventoSoporte', () => {
  it('adds a new message to the open conversation once, however many times it arrives', async () => {
    const qc = cliente();
    const evento = { tipo: 'mensaje' as const, id_conversacion: 7, mensaje: mensaje(2, '¿Me mandas la foto?') };
    await aplicarEventoSoporte(qc, evento);
    await aplicarEventoSoporte(qc, evento);
    const d = qc.getQueryData<ConversacionDetalle>(soporteKeys.detalle(7))!;
    expect(d.mensajes.map((m) => m.texto)).toEqual(['Hola', '¿Me mandas la foto?']);
    expect(d.ultimo_mensaje).toBe('¿Me mandas la foto?');
  });

  it('takes a new status and priority and keeps the messages', async () => {
    const qc = cliente();
    const { mensajes: _m, correo_usuario: _c, comuna: _co, direccion: _d, ...conversacion } = detalle;
    await aplicarEventoSoporte(qc, {
      tipo: 'conversacion',
      id_conversacion: 7,
      conversacion: { ...conversacion, estado: 'Resuelto', prioridad: 'Alta' },
    });
    const d = qc.getQueryData<ConversacionDetalle>(soporteKeys.detalle(7))!;
    expect([d.estado, d.prioridad, d.mensajes.length, d.comuna]).toEqual(['Resuelto', 'Alta', 1, 'Ñuñoa']);
  });

  it('refrescar (the server may have missed events) marks every support query stale: lists, conversations, badges', async () => {
    const qc = cliente();
    const lista = soporteKeys.lista({ pagina: 1, tamano: 10 });
    qc.setQueryData(lista, { items: [], total: 0 });
    qc.setQueryData(soporteKeys.noLeidos(), { conversaciones: 0, mensajes: 0 });
    qc.setQueryData(['notificaciones'], []);
    await aplicarEventoSoporte(qc, { tipo: 'refrescar' });
    for (const clave of [lista, soporteKeys.detalle(7), soporteKeys.noLeidos()]) expect(qc.getQueryState(clave)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['notificaciones'])?.isInvalidated).toBe(false);
    // The cached conversation stays on screen until the new answer arrives.
    expect(qc.getQueryData<ConversacionDetalle>(soporteKeys.detalle(7))?.mensajes).toHaveLength(1);
  });

  it('leaves conversations that are not in the cache alone', async () => {
    const qc = cliente();
    await aplicarEventoSoporte(qc, { tipo: 'mensaje', id_conversacion: 8, mensaje: { ...mensaje(3, 'Otra'), id_conversacion: 8 } });
    expect(qc.getQueryData(soporteKeys.detalle(8))).toBeUndefined();
  });
});

describe('rutaConversacion', () => {
  it('sends each role to its own screen', () => {
    expect(rutaConversacion('administrador', 7)).toBe('/chats/chat/7');
    expect(rutaConversacion('pyme', 7)).toBe('/ayuda/soporte/7');
  });
});
