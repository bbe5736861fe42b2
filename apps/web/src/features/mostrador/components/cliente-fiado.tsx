import type { Cliente } from '@minimarket/contracts/clientes';
import { UserPlus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { SearchInput } from '../../../components/ui/search-input';
import { resumenCredito, superaLimite } from '../../../lib/clientes-formato';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cn } from '../../../utils/cn';
import { formatClp } from '../../../utils/format';
import { SIN_SALDO, useClientesFiado } from '../api/clientes';

/**
 * What to say of a customer's credit. From the device's catalogue the balance is the last refresh's
 * plus this device's fiado still unsent (another till's is not known until it is sent): the server
 * checks the limit again when the sale arrives.
 */
function resumen(c: Cliente): string {
  if (c.saldo !== SIN_SALDO) return resumenCredito(c);
  const limite = c.limite_credito === null ? 'Sin límite' : `Límite ${formatClp(c.limite_credito)}`;
  return `${limite} · sin conexión: la deuda se revisa al enviar la venta`;
}

/** The customer chosen, what they owe and their limit, «Cambiar cliente», and a warning past the limit. */
function ClienteElegido({ cliente, total, onCambiar }: { cliente: Cliente; total: number; onCambiar: () => void }) {
  return (
    <div className="space-y-2">
      <div
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-marca-200 bg-marca-50 px-4 py-3"
        data-testid="cliente-fiado"
      >
        <div className="min-w-0">
          <p className="text-sm text-slate-600">Se lo lleva fiado</p>
          <p className="font-semibold break-words text-slate-900">{cliente.nombre}</p>
          <p className="text-sm text-slate-700">{resumen(cliente)}</p>
        </div>
        <Button variante="contorno" tamano="sm" onClick={onCambiar}>
          Cambiar cliente
        </Button>
      </div>
      {cliente.saldo !== SIN_SALDO && superaLimite(cliente, total) && (
        <Alert tipo="aviso">
          Con esta venta debería {formatClp(cliente.saldo + total)}, más que su límite de {formatClp(cliente.limite_credito ?? 0)}.
        </Alert>
      )}
    </div>
  );
}

/** No match: who can create the customer (the owner here, a cashier asks the owner). */
function SinClientes({ busqueda, puedeCrear }: { busqueda: string; puedeCrear: boolean }) {
  return (
    <p className="px-1 py-2 text-sm text-slate-600">
      {puedeCrear
        ? busqueda
          ? `Ningún cliente se llama «${busqueda}». Créalo con «Crear cliente».`
          : 'Aún no hay clientes. Crea el primero.'
        : busqueda
          ? `Ningún cliente se llama «${busqueda}». Pídele al dueño que lo cree.`
          : 'Aún no hay clientes. El dueño los crea en Clientes.'}
    </p>
  );
}

/**
 * Who takes the goods on credit: a type-ahead over the shop's active customers (name or RUT,
 * accents ignored) with what each owes and their limit, or "Crear cliente" without leaving the sale.
 */
export function ClienteFiado({
  idMinimarket,
  total,
  cliente,
  onElegir,
  onCrear,
}: {
  idMinimarket: number;
  total: number;
  cliente: Cliente | null;
  onElegir: (cliente: Cliente | null) => void;
  /**
   * "Crear cliente" with the name typed so far. The dialog lives outside the payment's form (a
   * form inside a form is not HTML: its submit would send the outer one). Left out for a cashier,
   * who sells fiado to the customers the owner has (the server refuses them a new one).
   */
  onCrear?: (nombre: string) => void;
}) {
  const [texto, setTexto] = useState('');
  const busqueda = useDebouncedValue(texto.trim(), 250);
  const consulta = useClientesFiado(idMinimarket, busqueda, cliente === null);

  if (cliente) return <ClienteElegido cliente={cliente} total={total} onCambiar={() => onElegir(null)} />;

  const lista = consulta.data?.clientes ?? [];
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          className="flex-1"
          aria-label="Buscar cliente"
          placeholder="Nombre o RUT del cliente"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          onKeyDown={(e) => {
            // Enter in the search is not "Finalizar venta": it takes the one customer found, if one.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            if (busqueda === texto.trim() && !consulta.isPlaceholderData && lista.length === 1) onElegir(lista[0]);
          }}
          autoComplete="off"
        />
        {onCrear && (
          <Button variante="contorno" onClick={() => onCrear(texto.trim())}>
            <UserPlus className="size-4" aria-hidden="true" /> Crear cliente
          </Button>
        )}
      </div>
      <div aria-busy={consulta.isFetching} aria-live="polite">
        {consulta.isPending ? (
          <Loading texto="Buscando clientes..." />
        ) : consulta.isError ? (
          <Alert tipo="error">No se pudieron cargar los clientes.</Alert>
        ) : lista.length === 0 ? (
          <SinClientes busqueda={busqueda} puedeCrear={Boolean(onCrear)} />
        ) : (
          <ul aria-label="Clientes" className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
            {lista.map((c) => (
              <li key={c.id_cliente}>
                <button
                  type="button"
                  onClick={() => onElegir(c)}
                  className={cn('flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:bg-slate-50')}
                >
                  <UserRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words text-slate-900">{c.nombre}</span>
                    <span className="block text-slate-600">{resumen(c)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
