// A shop's cashiers (issue 31, docs/cajeros.md): the owner manages them in Configuración, an
// administrator from Gestión de minimarket. Both screens use these queries (components/shop/cajeros-tienda.tsx).
import type { Cajero, CajeroCreate, CajeroUpdate } from '@minimarket/contracts/cajeros';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, type RespuestaRuta } from './api-client';
import { minimarketQueryOptions } from './current-shop';
import { useMutacionQueRefresca } from './mutaciones';
import { RAIZ } from './query-keys';

export type ListaCajeros = RespuestaRuta<'GET /minimarkets/:id/cajeros'>;
/** DELETE of a cashier who sold or moved cash or stock: 409 with this code (offer «Desactivar»). */
export const CODIGO_CAJERO_CON_HISTORIAL = 'CASHIER_HAS_HISTORY';

export const cajerosKeys = {
  all: RAIZ.cajeros,
  tienda: (idMinimarket: number) => [...RAIZ.cajeros, idMinimarket] as const,
};

export const cajerosQueryOptions = (idMinimarket: number) =>
  queryOptions({
    queryKey: cajerosKeys.tienda(idMinimarket),
    queryFn: ({ signal }) => api('GET /minimarkets/:id/cajeros', { params: { id: idMinimarket }, signal }),
  });

/** What a change of a shop's people refreshes: its cashiers, and the audit trail, where it shows too. */
const cambiaUnCajero = (idMinimarket: number) => [cajerosKeys.tienda(idMinimarket), RAIZ.auditoria];

export const useCrearCajero = (idMinimarket: number) =>
  useMutacionQueRefresca(
    (datos: CajeroCreate) => api('POST /minimarkets/:id/cajeros', { params: { id: idMinimarket }, json: datos }),
    cambiaUnCajero(idMinimarket),
  );

export const useActualizarCajero = (idMinimarket: number) =>
  useMutacionQueRefresca(
    ({ idUsuario, cambios }: { idUsuario: number; cambios: CajeroUpdate }) =>
      api('PATCH /minimarkets/:id/cajeros/:id_usuario', { params: { id: idMinimarket, id_usuario: idUsuario }, json: cambios }),
    cambiaUnCajero(idMinimarket),
  );

export const useEliminarCajero = (idMinimarket: number) =>
  useMutacionQueRefresca(
    (idUsuario: number) => api('DELETE /minimarkets/:id/cajeros/:id_usuario', { params: { id: idMinimarket, id_usuario: idUsuario } }),
    cambiaUnCajero(idMinimarket),
  );

/** The edit form as typed: a PIN or password left blank means «no change». */
export interface EditarCajeroValores {
  nombre: string;
  pin: string;
  correo: string;
  contrasena: string;
}

/** Only what changed: a PIN or password left blank stays as it was; an e-mail erased leaves PIN-only access. */
export function cambiosCajero(cajero: Pick<Cajero, 'nombre' | 'correo'>, v: EditarCajeroValores): CajeroUpdate {
  const cambios: CajeroUpdate = {};
  if (v.nombre.trim() !== cajero.nombre) cambios.nombre = v.nombre;
  if (v.pin !== '') cambios.pin = v.pin;
  const correo = v.correo.trim();
  if (correo === '' && cajero.correo !== null) cambios.correo = null;
  else if (correo !== '' && correo !== cajero.correo) cambios.correo = correo;
  if (v.contrasena !== '') cambios.contrasena = v.contrasena;
  return cambios;
}

export interface PersonaTienda {
  id_usuario: number;
  nombre: string;
  rol: 'pyme' | 'cajero';
}

/**
 * The people of a shop, for the «who» filters of Transacciones and the audit: its owner (GET
 * /minimarkets/{id}) and its cashiers, the active ones first. Owners and administrators only (a
 * cashier may not list the cashiers): `activo` false asks nothing.
 */
export function usePersonasDeLaTienda(idMinimarket: number, activo = true): PersonaTienda[] {
  const tienda = useQuery({ ...minimarketQueryOptions(idMinimarket), enabled: activo });
  const cajeros = useQuery({ ...cajerosQueryOptions(idMinimarket), enabled: activo });
  return useMemo(() => {
    const personas: PersonaTienda[] = [];
    if (tienda.data) personas.push({ id_usuario: tienda.data.id_usuario, nombre: tienda.data.nombre_usuario, rol: 'pyme' });
    for (const c of cajeros.data?.cajeros ?? []) personas.push({ id_usuario: c.id_usuario, nombre: c.nombre, rol: 'cajero' });
    return personas;
  }, [tienda.data, cajeros.data]);
}
