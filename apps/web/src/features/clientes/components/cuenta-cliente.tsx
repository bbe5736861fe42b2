import { enlaceWhatsapp, type Cliente, type EstadoCuenta, type MovimientoCuenta } from '@minimarket/contracts/clientes';
import { HandCoins, MessageCircle, Pencil, Power, Printer, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TablaOTarjetas, type ColumnaTabla } from '../../../components/ui/tabla-o-tarjetas';
import { mensajeDeError } from '../../../lib/api-client';
import { useActualizarCliente } from '../../../lib/clientes';
import { lineaCompra, parteFiada, totalesMovimientos } from '../../../lib/clientes-formato';
import { formatClp, formatFecha, formatFechaHora } from '../../../utils/format';
import { rutaImpresionTermica } from '../rutas';

// The parts of a customer's page (ClientePage): its heading and buttons, the balance, the data and the statement.

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

/** The customer's name and the page's buttons: abono, WhatsApp and the two printouts. */
export function CabeceraCliente({
  cliente,
  saldo,
  tienda,
  onAbonar,
}: {
  cliente: Cliente;
  saldo: number;
  tienda: string | null | undefined;
  onAbonar: () => void;
}) {
  const whatsapp = enlaceWhatsapp({ nombre: cliente.nombre, telefono: cliente.telefono, saldo }, tienda ?? 'tu almacén');
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold break-words text-slate-900">
          {cliente.nombre}
          {!cliente.activo && <Badge color="gris">Inactivo</Badge>}
        </h2>
        <p className="mt-1 text-sm text-slate-600">Estado de cuenta al {formatFecha(new Date())}</p>
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button onClick={onAbonar} disabled={saldo <= 0}>
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
  );
}

export function SaldoCliente({ cliente, saldo }: { cliente: Cliente; saldo: number }) {
  return (
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
  );
}

/** The customer's data; editing or deactivating is the owner's (a cashier only reads them). */
export function DatosCliente({
  cliente,
  puedeEditar,
  onEditar,
  onCambiarEstado,
}: {
  cliente: Cliente;
  puedeEditar: boolean;
  onEditar: () => void;
  onCambiarEstado: () => void;
}) {
  return (
    <Card className="p-4 sm:p-5 md:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Datos</h3>
        {puedeEditar && (
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variante="contorno" tamano="sm" onClick={onEditar}>
              <Pencil className="size-4" aria-hidden="true" /> Editar
            </Button>
            <Button variante="contorno" tamano="sm" onClick={onCambiarEstado}>
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
  );
}

/** The statement with its running balance, and its totals. */
export function EstadoCuentaCliente({ movimientos, saldo }: Pick<EstadoCuenta, 'movimientos' | 'saldo'>) {
  const totales = totalesMovimientos(movimientos);
  return (
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
  );
}

/** Asks before deactivating (or activating) the customer, and says how it went. */
export function CambiarEstadoCliente({ cliente, abierto, onCerrar }: { cliente: Cliente; abierto: boolean; onCerrar: () => void }) {
  const actualizar = useActualizarCliente();
  const cambiarEstado = (c: Cliente) =>
    actualizar.mutate(
      { idCliente: c.id_cliente, cambios: { activo: !c.activo } },
      {
        onSuccess: (nuevo) => {
          toast.success(nuevo.activo ? `${nuevo.nombre} está activo de nuevo.` : `${nuevo.nombre} quedó inactivo.`);
          onCerrar();
        },
        onError: (e) => {
          toast.error(mensajeDeError(e, 'No se pudo cambiar el estado del cliente.'));
          onCerrar();
        },
      },
    );
  return (
    <ConfirmDialog
      abierto={abierto}
      titulo={cliente.activo ? `¿Desactivar a ${cliente.nombre}?` : `¿Activar a ${cliente.nombre}?`}
      textoConfirmar={cliente.activo ? 'Desactivar' : 'Activar'}
      textoProcesando="Guardando..."
      procesando={actualizar.isPending}
      onConfirmar={() => cambiarEstado(cliente)}
      onCancelar={onCerrar}
    >
      {cliente.activo
        ? 'Un cliente inactivo no aparece al vender fiado y no se le puede fiar. Su cuenta y sus abonos siguen aquí.'
        : 'Podrás venderle fiado de nuevo.'}
    </ConfirmDialog>
  );
}
