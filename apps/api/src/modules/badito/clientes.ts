// Which of the shop's customers a question about the libreta names ("¿cuánto me debe la señora
// Juana?"): every word asked must begin a word of the name, accents and case ignored (the
// customer's nombre_busqueda, as the list of customers searches). "Ana" is not "Juana"; "juana"
// finds Juana Pérez and Juana Soto, and Badito names both rather than pick one. What each owes is
// read from cuenta_cliente (data/por-cobrar.ts), never computed here.
import type { Tx } from '../../db/client.js';
import { clientesPorNombre } from '../../data/cliente.js';
import { diasDesde, saldosClientes } from '../../data/por-cobrar.js';
import type { DeudaCliente } from './respuestas.js';

/** How many customers an answer names before asking for the full name. */
export const MAX_CLIENTES_EN_RESPUESTA = 5;

/**
 * The customers the words name, each with what they owe; a name written out whole is that customer
 * alone. `hayMas`: more fit than the answer names.
 */
export async function deudasDe(tx: Tx, idMinimarket: number, consulta: readonly string[], ahora = new Date()) {
  const filas = await clientesPorNombre(tx, idMinimarket, consulta, MAX_CLIENTES_EN_RESPUESTA + 1);
  const exactos = filas.filter((f) => f.exacto);
  const elegidos = (exactos.length === 1 ? exactos : filas).slice(0, MAX_CLIENTES_EN_RESPUESTA);
  const saldos = new Map(
    (await saldosClientes(tx, idMinimarket, { ids: elegidos.map((f) => f.id_cliente) })).map((s) => [s.id_cliente, s]),
  );
  const clientes: DeudaCliente[] = elegidos.map((f) => {
    const s = saldos.get(f.id_cliente);
    return {
      nombre: f.nombre,
      saldo: s?.saldo ?? 0,
      dias: s?.compra_impaga_desde ? diasDesde(s.compra_impaga_desde, ahora) : null,
    };
  });
  return { clientes, hayMas: exactos.length !== 1 && filas.length > MAX_CLIENTES_EN_RESPUESTA };
}
