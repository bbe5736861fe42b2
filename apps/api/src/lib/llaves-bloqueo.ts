// Every advisory-lock key the app takes, in one list so two locks never share a key by accident (two did:
// the overdue-fiado notice and the heavy-read turns both used 72707376 as a two-int key, so a shop id equal
// to a turn number made the worker wait on a user's download). PostgreSQL keeps the one-bigint keys
// (pg_advisory_lock(k)) and the two-int keys (pg_advisory_lock(k, n)) apart, but one list for both is simpler.
// The sale's lock per shop + key is a hash (prisma/funciones/tomar_clave_venta.sql), not a number here.
export const LLAVES_BLOQUEO = {
  /** One bigint: migrations, one process at a time (db/migrate.ts). */
  migraciones: 72707369,
  /** One bigint: the demo seed (db/seed/seed.ts). */
  semilla: 72707370,
  /** One bigint: the first administrator (modules/usuarios/primer-administrador.ts). */
  primerAdministrador: 72707371,
  /** (key, id_minimarket): one import job of a shop at a time (data/trabajo-carga.ts). */
  colaCargasTienda: 72707372,
  /** One bigint: accounts are created one at a time (modules/usuarios/usuarios.service.ts). */
  cuentas: 72707373,
  /** (key, id_minimarket): one worker sums a shop's days at a time (data/resumen-ventas.ts). */
  resumenVentas: 72707374,
  /** (key, id_minimarket): the weekly recommendations notice (modules/analitica/aviso-semanal.ts). */
  avisoSemanal: 72707375,
  /** (key, usuario × turnos + turno): a heavy analytics read's turn (data/turno-lectura-pesada.ts). */
  turnoLecturaPesada: 72707376,
  /** (key, id_minimarket): the overdue-fiado notice (data/aviso-fiado.ts). */
  avisoFiado: 72707377,
  /** (key, id_minimarket): two notebook imports of one shop take turns (data/cliente.ts, candadoCargaClientes). */
  cargaClientes: 21_002,
  /** One bigint, session-level: one backup at a time on the server (modules/respaldos/base-fisica.ts). */
  respaldo: 7_240_024,
} as const;
