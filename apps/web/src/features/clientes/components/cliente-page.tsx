import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ClienteDialog } from '../../../components/shop/cliente-dialog';
import { buttonClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { ApiError, mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { estadoCuentaQueryOptions } from '../../../lib/clientes';
import { useCurrentShop } from '../../../lib/current-shop';
import { RUTA_CLIENTES } from '../rutas';
import { AbonoDialog } from './abono-dialog';
import { CabeceraCliente, CambiarEstadoCliente, DatosCliente, EstadoCuentaCliente, SaldoCliente } from './cuenta-cliente';

/**
 * POS → CLIENTES → a customer: their data (edit, activate or deactivate), what they owe, the
 * statement with its running balance, "Registrar abono", the balance by WhatsApp (a wa.me link,
 * no outside call) and the statement printed (A4: the app's chrome and these buttons stay off paper).
 */
export function ClientePage({ idCliente }: { idMinimarket: number; idCliente: number }) {
  const consulta = useQuery(estadoCuentaQueryOptions(idCliente));
  const { nombre: tienda } = useCurrentShop();
  const [editando, setEditando] = useState(false);
  const [abonando, setAbonando] = useState(false);
  const [cambiandoEstado, setCambiandoEstado] = useState(false);
  // A cashier takes abonos and prints; editing or deactivating a customer is the owner's.
  const puedeEditar = useAuth().user?.rol !== 'cajero';

  const volver = (
    <Link to={RUTA_CLIENTES} className={buttonClasses('fantasma', 'sm', 'print:hidden')}>
      <ArrowLeft className="size-4" aria-hidden="true" /> Clientes
    </Link>
  );

  if (consulta.isPending) return <Loading />;
  if (consulta.isError) {
    const noExiste = consulta.error instanceof ApiError && consulta.error.status === 404;
    return (
      <div className="space-y-3">
        {volver}
        {noExiste ? (
          <p className="text-sm text-slate-700">{mensajeDeError(consulta.error, 'Cliente no encontrado.')}</p>
        ) : (
          <RetryAlert onReintentar={() => void consulta.refetch()}>
            {mensajeDeError(consulta.error, 'No se pudo cargar la cuenta.')}
          </RetryAlert>
        )}
      </div>
    );
  }

  const { cliente, movimientos, saldo } = consulta.data;

  return (
    <>
      <title>{tituloPagina(`Cuenta de ${cliente.nombre}`)}</title>
      <div className="space-y-4 print:space-y-3">
        {volver}
        {/* On paper the statement says whose shop it is from. */}
        <p className="hidden text-sm print:block">{tienda}</p>
        <CabeceraCliente cliente={cliente} saldo={saldo} tienda={tienda} onAbonar={() => setAbonando(true)} />

        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <SaldoCliente cliente={cliente} saldo={saldo} />
          <DatosCliente
            cliente={cliente}
            puedeEditar={puedeEditar}
            onEditar={() => setEditando(true)}
            onCambiarEstado={() => setCambiandoEstado(true)}
          />
        </div>

        <EstadoCuentaCliente movimientos={movimientos} saldo={saldo} />
      </div>

      <AbonoDialog cliente={{ ...cliente, saldo }} abierto={abonando} onCerrar={() => setAbonando(false)} />
      <ClienteDialog
        abierto={editando}
        idMinimarket={cliente.id_minimarket}
        cliente={cliente}
        onCerrar={() => setEditando(false)}
        onListo={() => setEditando(false)}
      />
      <CambiarEstadoCliente cliente={cliente} abierto={cambiandoEstado} onCerrar={() => setCambiandoEstado(false)} />
    </>
  );
}
