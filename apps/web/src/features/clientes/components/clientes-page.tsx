import { PAGE_SIZE_CLIENTES, type Cliente } from '@minimarket/contracts/clientes';
import { useQuery } from '@tanstack/react-query';
import { NotebookPen, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ClienteDialog } from '../../../components/shop/cliente-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Select } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { QueryResult } from '../../../components/ui/query-result';
import { SearchInput } from '../../../components/ui/search-input';
import { TablaOTarjetas, type ColumnaTabla } from '../../../components/ui/tabla-o-tarjetas';
import { useClampedPage } from '../../../hooks/use-clamped-page';
import { mensajeDeError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { tituloPagina } from '../../../lib/app-info';
import { clientesQueryOptions, type OrdenClientes } from '../../../lib/clientes';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { formatClp, formatFecha } from '../../../utils/format';
import { rutaCliente } from '../rutas';

const columnas: ColumnaTabla<Cliente>[] = [
  {
    titulo: 'Nombre',
    enTarjeta: 'titulo',
    celda: (c) => (
      <span className="flex flex-wrap items-center gap-2">
        <Link to={rutaCliente(c.id_cliente)} className="font-medium text-marca-800 underline-offset-2 hover:underline">
          {c.nombre}
        </Link>
        {!c.activo && <Badge color="gris">Inactivo</Badge>}
      </span>
    ),
  },
  { titulo: 'Teléfono', celda: (c) => c.telefono ?? <span className="text-slate-500">—</span> },
  {
    titulo: 'Saldo',
    derecha: true,
    celda: (c) => (
      <span className={c.saldo > 0 ? 'font-semibold text-slate-900' : 'text-slate-600'} data-testid="saldo-cliente">
        {formatClp(c.saldo)}
      </span>
    ),
  },
  {
    titulo: 'Debe desde',
    celda: (c) => (c.compra_impaga_desde ? formatFecha(c.compra_impaga_desde) : <span className="text-slate-500">—</span>),
  },
  {
    titulo: 'Límite',
    derecha: true,
    claseTabla: 'hidden lg:table-cell',
    enTarjeta: 'oculta',
    celda: (c) => (c.limite_credito === null ? <span className="text-slate-500">Sin límite</span> : formatClp(c.limite_credito)),
  },
];

interface FiltroClientes {
  texto: string;
  orden: OrdenClientes;
  inactivos: boolean;
}

/** The search box, the order and «Mostrar inactivos»: each change starts again from page 1. */
function BarraClientes({ filtro, onCambiar }: { filtro: FiltroClientes; onCambiar: (cambios: Partial<FiltroClientes>) => void }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <SearchInput
        className="w-full sm:max-w-sm sm:flex-1"
        aria-label="Buscar cliente"
        placeholder="Buscar por nombre o RUT..."
        value={filtro.texto}
        onChange={(e) => onCambiar({ texto: e.target.value })}
      />
      <Field label="Ordenar por" className="sm:w-52">
        {(p) => (
          <Select {...p} value={filtro.orden} onChange={(e) => onCambiar({ orden: e.target.value as OrdenClientes })}>
            <option value="deuda">Quién debe más</option>
            <option value="nombre">Nombre</option>
          </Select>
        )}
      </Field>
      <label className="flex items-center gap-2 py-2 text-sm text-slate-700">
        <input type="checkbox" className="size-4" checked={filtro.inactivos} onChange={(e) => onCambiar({ inactivos: e.target.checked })} />
        Mostrar inactivos
      </label>
    </div>
  );
}

function TablaClientes({ clientes }: { clientes: readonly Cliente[] }) {
  return (
    <TablaOTarjetas
      caption="Clientes"
      filas={clientes}
      columnas={columnas}
      clave={(c) => c.id_cliente}
      propsFila={(c) => ({ 'data-testid': 'fila-cliente', 'data-cliente': c.nombre })}
      tituloAcciones=""
      acciones={(c) => (
        <Link to={rutaCliente(c.id_cliente)} className={buttonClasses('contorno', 'sm')} aria-label={`Ver cuenta de ${c.nombre}`}>
          Ver cuenta
        </Link>
      )}
    />
  );
}

/**
 * POS → CLIENTES: la libreta. Who owes what and since when, who owes most first, what the whole
 * shop has to collect (por cobrar), and a new customer. Each name opens the customer's page.
 */
export function ClientesPage({ idMinimarket }: { idMinimarket: number }) {
  const [filtro, setFiltro] = useState<FiltroClientes>({ texto: '', orden: 'deuda', inactivos: false });
  const [pagina, setPagina] = useState(1);
  const [creando, setCreando] = useState(false);
  // A cashier takes abonos; creating and editing customers is the owner's (docs/cajeros.md).
  const puedeCrear = useAuth().user?.rol !== 'cajero';
  const search = useDebouncedValue(filtro.texto.trim(), 300);
  const { orden, inactivos } = filtro;
  const consulta = useQuery(clientesQueryOptions({ idMinimarket, search, orden, inactivos, pagina, tamano: PAGE_SIZE_CLIENTES }));
  const paginas = useClampedPage({
    pagina,
    setPagina,
    total: consulta.data?.total,
    tamano: PAGE_SIZE_CLIENTES,
    isFetching: consulta.isFetching,
  });
  const cambiar = (cambios: Partial<FiltroClientes>) => {
    setFiltro((f) => ({ ...f, ...cambios }));
    setPagina(1);
  };

  return (
    <>
      <title>{tituloPagina('Clientes')}</title>
      <div className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">Clientes</h2>
            <p className="mt-1 text-sm text-slate-600">La libreta: lo que te deben los clientes que compran fiado, y desde cuándo.</p>
          </div>
          {puedeCrear && (
            <Button onClick={() => setCreando(true)}>
              <UserPlus className="size-4" aria-hidden="true" /> Nuevo cliente
            </Button>
          )}
        </div>

        <Card className="flex flex-wrap items-baseline justify-between gap-2 p-4 sm:p-5">
          <p className="text-sm font-medium text-slate-700">Por cobrar</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="por-cobrar">
            {consulta.data ? formatClp(consulta.data.por_cobrar) : '—'}
          </p>
        </Card>

        <Card className="p-4 sm:p-5">
          <BarraClientes filtro={filtro} onCambiar={cambiar} />

          <QueryResult
            className="mt-4"
            query={consulta}
            filas={(d) => d.clientes}
            error={mensajeDeError(consulta.error, 'No se pudieron cargar los clientes.')}
            vacio={
              search ? (
                <p className="py-4 text-sm text-slate-600">Ningún cliente coincide con «{search}».</p>
              ) : (
                <EmptyState icono={NotebookPen} titulo="Aún no hay clientes">
                  {puedeCrear
                    ? 'Crea un cliente con «Nuevo cliente», o al cobrar una venta con «Fiado».'
                    : 'El dueño crea los clientes a los que se les puede fiar.'}
                </EmptyState>
              )
            }
          >
            {(clientes) => <TablaClientes clientes={clientes} />}
          </QueryResult>
          {consulta.data && <Pagination className="mt-3" pagina={pagina} totalPaginas={paginas} onCambiar={setPagina} />}
        </Card>
      </div>
      <ClienteDialog abierto={creando} idMinimarket={idMinimarket} onCerrar={() => setCreando(false)} onListo={() => setCreando(false)} />
    </>
  );
}
