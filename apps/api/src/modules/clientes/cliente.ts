// A customer of la libreta as the API shows it (its balance read from the view cuenta_cliente), found
// by its id alone (as /productos/{id}: 404 for anyone who may not reach it).
import { type Cliente, MENSAJE_CLIENTE_NO_ENCONTRADO } from '@minimarket/contracts/clientes';
import { formatRut } from '@minimarket/contracts/rut';
import type { Db } from '../../db/client.js';
import { clienteConSaldo, clienteConTienda, type FilaCliente } from '../../data/cliente.js';
import { notFound } from '../../lib/errors.js';
import type { UsuarioSesion } from '../../lib/sesion.js';
import type { AccesoMinimarket } from '../minimarkets/acceso.js';

export const toClienteDto = (c: FilaCliente): Cliente => ({
  id_cliente: c.id_cliente,
  id_minimarket: c.id_minimarket,
  nombre: c.nombre,
  rut: c.rut === null ? null : formatRut(c.rut),
  telefono: c.telefono,
  direccion: c.direccion,
  limite_credito: c.limite_credito,
  notas: c.notas,
  activo: c.activo,
  saldo: Number(c.saldo),
  compra_impaga_desde: c.compra_impaga_desde?.toISOString() ?? null,
  saldo_inicial: c.saldo_inicial,
  saldo_inicial_desde: c.saldo_inicial > 0 ? c.saldo_inicial_desde.toISOString() : null,
  fecha_creacion: c.fecha_creacion.toISOString(),
});

export const clienteNoEncontrado = () => notFound(MENSAJE_CLIENTE_NO_ENCONTRADO, 'CLIENT_NOT_FOUND');

export function clientesVisibles({ db, acceso }: { db: Db; acceso: AccesoMinimarket }) {
  return {
    /** A customer the user may reach, by its id alone (as /productos/{id}); anything else is 404. */
    async visible(usuario: UsuarioSesion, idCliente: number) {
      const c = await clienteConTienda(db, idCliente);
      if (!c || !acceso.puedeVer(usuario, { id_minimarket: c.id_minimarket, id_usuario: c.minimarket.id_usuario })) {
        throw clienteNoEncontrado();
      }
      return c;
    },

    /** A customer of the shop with its balance now. */
    async leer(idMinimarket: number, idCliente: number): Promise<Cliente> {
      const fila = await clienteConSaldo(db, idMinimarket, idCliente);
      if (!fila) throw clienteNoEncontrado();
      return toClienteDto(fila);
    },
  };
}

export type ClientesVisibles = ReturnType<typeof clientesVisibles>;
