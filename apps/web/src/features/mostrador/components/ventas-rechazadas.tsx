import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { marcarVista } from '../../../lib/offline/outbox';
import { useEstadoOutbox } from '../../../lib/offline/use-outbox';
import { formatClp } from '../../../utils/format';

const DONDE_LA_VE_EL_DUENO = 'Transacciones → Ventas rechazadas';

/**
 * Sales made without a connection that the server then refused for good (a customer over their
 * limit, a product gone): never dropped silently. Each is said with the server's reason until the
 * cashier marks it seen; it stays stored on the device, and the server keeps it aside for the owner
 * (Transacciones → Ventas rechazadas).
 */
export function VentasRechazadas() {
  const { rechazadas } = useEstadoOutbox();
  if (rechazadas.length === 0) return null;
  return (
    <div className="mb-4 space-y-2" data-testid="ventas-rechazadas">
      {rechazadas.map((v) => (
        <Alert
          key={v.clave}
          tipo="error"
          accion={
            <Button tamano="sm" variante="contorno" onClick={() => void marcarVista(v.clave)}>
              Entendido
            </Button>
          }
        >
          La venta {v.referencia_local} por {formatClp(v.cuerpo.total)} no se pudo registrar: {v.motivo ?? 'el servidor la rechazó.'}{' '}
          Cóbrala o regístrala de nuevo si corresponde.
          {/* The server's reason may say it already (409 SALE_REFUSED_AT_COUNTER): not twice. */}
          {!v.motivo?.includes(DONDE_LA_VE_EL_DUENO) && ` El dueño la verá en ${DONDE_LA_VE_EL_DUENO}.`}
        </Alert>
      ))}
    </div>
  );
}
