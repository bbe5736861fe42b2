import { enlaceWhatsapp, type Cliente, type MovimientoCuenta } from '@minimarket/contracts/clientes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, HandCoins, MessageCircle, Pencil, Power, Printer, ReceiptText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { ClienteDialog } from '../../../components/shop/cliente-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { TablaOTarjetas, type ColumnaTabla } from '../../../components/ui/tabla-o-tarjetas';
import { ApiError, mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { useAuth } from '../../../lib/auth';
import { estadoCuentaQueryOptions, useActualizarCliente } from '../../../lib/clientes';
import { lineaCompra, parteFiada, totalesMovimientos } from '../../../lib/clientes-formato';
import { useCurrentShop } from '../../../lib/current-shop';
import { formatClp, formatFecha, formatFechaHora } from '../../../utils/format';
import { RUTA_CLIENTES, rutaImpresionTermica } from '../rutas';
import { AbonoDialog } from './abono-dialog';

const guion = <span className="text-slate-400">—</span>;

const columnas: ColumnaTabla<MovimientoCuenta>[] = [
  {
    titulo: 'Fecha',
    enTarjeta: 'titulo',
    // The notebook's opening balance has a day, not an hour.
    celda: (m) => <span className="whitespace-nowrap">{m.tipo === 'saldo_inicial' ? formatFecha(m.fecha) : formatFechaHora(m.fecha)}</span>,
  },
  {
    titulo: 'Descripción',
    // A purchase names what was taken (name, quantity, amount), not only its sale number.
    celda: (m) => (
      <>
        <span className="block">{m.descripcion}</span>
        {m.detalles.length > 0 && (
          <ul
            className="mt-1 space-y-0.5 text-xs text-slate-600"
            aria-label={`Productos de la ${m.descripcion.toLowerCase()}`}
            data-testid="items-compra"
          >
            {m.detalles.map((l, i) => (
              <li key={i}>{lineaCompra(l)}</li>
            ))}
            {parteFiada(m) && <li className="font-medium text-slate-700">{parteFiada(m)}</li>}
          </ul>
        )}
      </>
    ),
  },
  { titulo: 'Cargo', derecha: true, celda: (m) => (m.cargo > 0 ? formatClp(m.cargo) : guion) },
  { titulo: 'Abono', derecha: true, celda: (m) => (m.abono > 0 ? formatClp(m.abono) : guion) },
  { titulo: 'Saldo', derecha: true, celda: (m) => <span className="font-medium">{formatClp(m.saldo)}</span> },
];

function Dato({ etiqueta, children }: { etiqueta: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{etiqueta}</dt>
      <dd className="break-words text-slate-900">{children ?? guion}</dd>
    </div>
  );
}

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
  const actualizar = useActualizarCliente();
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
  const totales = totalesMovimientos(movimientos);
  const whatsapp = enlaceWhatsapp({ nombre: cliente.nombre, telefono: cliente.telefono, saldo }, tienda ?? 'tu almacén');

  const cambiarEstado = (c: Cliente) =>
    actualizar.mutate(
      { idCliente: c.id_cliente, cambios: { activo: !c.activo } },
      {
        onSuccess: (nuevo) => {
          toast.success(nuevo.activo ? `${nuevo.nombre} está activo de nuevo.` : `${nuevo.nombre} quedó inactivo.`);
          setCambiandoEstado(false);
        },
        onError: (e) => {
          toast.error(mensajeDeError(e, 'No se pudo cambiar el estado del cliente.'));
          setCambiandoEstado(false);
        },
      },
    );

  return (
    <>
      <title>{tituloPagina(`Cuenta de ${cliente.nombre}`)}</title>
      <div className="space-y-4 print:space-y-3">
        {volver}
        {/* On paper the statement says whose shop it is from. */}
        <p className="hidden text-sm print:block">{tienda}</p>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold break-words text-slate-900">
              {cliente.nombre}
              {!cliente.activo && <Badge color="gris">Inactivo</Badge>}
            </h2>
            <p className="mt-1 text-sm text-slate-600">Estado de cuenta al {formatFecha(new Date())}</p>
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button onClick={() => setAbonando(true)} disabled={saldo <= 0}>
              <HandCoins className="size-4" aria-hidden="true" /> Registrar abono
            </Button>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClasses('contorno', 'md')}>
              <MessageCircle className="size-4" aria-hidden="true" /> Enviar por WhatsApp
            </a>
            <Button variante="contorno" onClick={() => window.print()}>
              <Printer className="size-4" aria-hidden="true" /> Imprimir A4
            </Button>
            <Link to={rutaImpresionTermica(cliente.id_cliente)} className={buttonClasses('contorno', 'md')}>
              <ReceiptText className="size-4" aria-hidden="true" /> Imprimir en 58/80 mm
            </Link>
          </div>
        </div>

        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          <Card className="p-4 sm:p-5 md:col-span-1">
            <p className="text-sm font-medium text-slate-700">Saldo</p>
            <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="saldo-cuenta">
              {formatClp(saldo)}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {cliente.compra_impaga_desde ? `Debe desde el ${formatFecha(cliente.compra_impaga_desde)}` : 'Al día'}
              {cliente.limite_credito !== null && ` · Límite ${formatClp(cliente.limite_credito)}`}
            </p>
          </Card>
          <Card className="p-4 sm:p-5 md:col-span-2">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="text-base font-semibold text-slate-900">Datos</h3>
              {puedeEditar && (
                <div className="flex flex-wrap gap-2 print:hidden">
                  <Button variante="contorno" tamano="sm" onClick={() => setEditando(true)}>
                    <Pencil className="size-4" aria-hidden="true" /> Editar
                  </Button>
                  <Button variante="contorno" tamano="sm" onClick={() => setCambiandoEstado(true)}>
                    <Power className="size-4" aria-hidden="true" /> {cliente.activo ? 'Desactivar' : 'Activar'}
                  </Button>
                </div>
              )}
            </div>
            <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
              <Dato etiqueta="Teléfono">{cliente.telefono}</Dato>
              <Dato etiqueta="RUT">{cliente.rut}</Dato>
              <Dato etiqueta="Dirección">{cliente.direccion}</Dato>
              <Dato etiqueta="Límite de crédito">{cliente.limite_credito === null ? 'Sin límite' : formatClp(cliente.limite_credito)}</Dato>
              {cliente.saldo_inicial > 0 && cliente.saldo_inicial_desde && (
                <Dato etiqueta="Saldo inicial (libreta)">
                  {formatClp(cliente.saldo_inicial)} desde el {formatFecha(cliente.saldo_inicial_desde)}
                </Dato>
              )}
            </dl>
          </Card>
        </div>

        <Card className="p-4 sm:p-5">
          <h3 className="text-base font-semibold text-slate-900">Estado de cuenta</h3>
          {movimientos.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">Sin movimientos: aún no ha comprado fiado.</p>
          ) : (
            <div className="mt-3">
              <TablaOTarjetas
                caption="Estado de cuenta"
                filas={movimientos}
                columnas={columnas}
                clave={(m) => `${m.fecha}-${m.tipo}-${m.descripcion}`}
                propsFila={(m) => ({ 'data-testid': 'movimiento', 'data-tipo': m.tipo })}
              />
              <dl className="mt-3 flex flex-wrap justify-end gap-x-6 gap-y-1 border-t border-slate-200 pt-3 text-sm">
                <div className="flex gap-2">
                  <dt className="text-slate-600">Cargos</dt>
                  <dd className="font-medium">{formatClp(totales.cargos)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-slate-600">Abonos</dt>
                  <dd className="font-medium">{formatClp(totales.abonos)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="text-slate-600">Saldo</dt>
                  <dd className="font-bold">{formatClp(saldo)}</dd>
                </div>
              </dl>
            </div>
          )}
        </Card>
      </div>

      <AbonoDialog cliente={{ ...cliente, saldo }} abierto={abonando} onCerrar={() => setAbonando(false)} />
      <ClienteDialog
        abierto={editando}
        idMinimarket={cliente.id_minimarket}
        cliente={cliente}
        onCerrar={() => setEditando(false)}
        onListo={() => setEditando(false)}
      />
      <ConfirmDialog
        abierto={cambiandoEstado}
        titulo={cliente.activo ? `¿Desactivar a ${cliente.nombre}?` : `¿Activar a ${cliente.nombre}?`}
        textoConfirmar={cliente.activo ? 'Desactivar' : 'Activar'}
        textoProcesando="Guardando..."
        procesando={actualizar.isPending}
        onConfirmar={() => cambiarEstado(cliente)}
        onCancelar={() => setCambiandoEstado(false)}
      >
        {cliente.activo
          ? 'Un cliente inactivo no aparece al vender fiado y no se le puede fiar. Su cuenta y sus abonos siguen aquí.'
          : 'Podrás venderle fiado de nuevo.'}
      </ConfirmDialog>
    </>
  );
}
