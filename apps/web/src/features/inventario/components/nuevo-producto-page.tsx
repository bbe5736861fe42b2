import { MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO } from '@minimarket/contracts/productos';
import { LifeBuoy, PackagePlus } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { tituloPagina } from '../../../lib/app-info';
import { EscanerPanel } from '../../escaner';
import { useNuevoProducto } from '../hooks/use-nuevo-producto';
import { faltanObligatorios, ProductoCampos } from './producto-campos';
import { ProductosRecientes } from './productos-recientes';
import { TicketProductoDialog } from './ticket-producto-dialog';

/** The product's form: its fields, the image Open Food Facts gave (while it loads), «Limpiar» and «Guardar producto». */
function DatosProducto({ nuevo }: { nuevo: ReturnType<typeof useNuevoProducto> }) {
  const {
    register,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = nuevo.formulario;
  const imagen = watch('imagen');
  const unidad = watch('unidad');
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <PackagePlus className="size-5 text-marca-700" aria-hidden="true" /> Datos del producto
      </h2>
      <form onSubmit={nuevo.guardar} noValidate className="mt-4 space-y-4" aria-label="Nuevo producto">
        {faltanObligatorios(errors) && <Alert tipo="error">{MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO}</Alert>}
        {nuevo.errorGuardar && <Alert tipo="error">{nuevo.errorGuardar}</Alert>}
        <ProductoCampos register={register} errors={errors} unidad={unidad} />
        {imagen && nuevo.imagenVisible && (
          <img
            src={imagen}
            alt={`Imagen de ${getValues('nombre_producto') || 'el producto'}`}
            className="h-24 w-24 rounded-lg border border-slate-200 object-contain"
            onError={() => nuevo.setImagenVisible(false)}
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variante="contorno" onClick={nuevo.limpiar}>
            Limpiar
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Guardando...' : 'Guardar producto'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Escanear Nuevo Producto: scan (or type) a barcode, prefill from Open Food Facts, save. */
export function NuevoProductoPage({ idMinimarket }: { idMinimarket: number }) {
  const nuevo = useNuevoProducto(idMinimarket);
  const { ticketAbierto, setTicketAbierto } = nuevo;
  return (
    <>
      <title>{tituloPagina('Nuevo producto')}</title>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-3">
          <EscanerPanel
            titulo="Escanear Nuevo Producto"
            descripcion="Escanea el código de barras: buscaremos el nombre y la marca en Open Food Facts. También puedes completar el formulario a mano."
            onCodigo={(c) => void nuevo.buscarCodigo(c)}
            buscando={nuevo.buscando}
            estado={nuevo.estado}
          />
          <DatosProducto nuevo={nuevo} />
        </div>
        <div className="space-y-4 lg:col-span-2">
          <ProductosRecientes idMinimarket={idMinimarket} />
          <Card className="p-4 sm:p-5">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <LifeBuoy className="size-5 text-marca-700" aria-hidden="true" /> ¿Prefieres que lo agregue soporte?
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Si el código no aparece en la base de datos de productos, envía una solicitud al equipo de soporte. No guarda el producto en
              tu inventario: para eso completa el formulario y usa «Guardar producto».
            </p>
            <Button variante="contorno" className="mt-3" onClick={() => setTicketAbierto(true)}>
              Solicitar a soporte…
            </Button>
          </Card>
        </div>
      </div>
      <TicketProductoDialog
        abierto={ticketAbierto}
        onCerrar={() => setTicketAbierto(false)}
        idMinimarket={idMinimarket}
        codigoBarra={ticketAbierto ? nuevo.formulario.getValues('codigo_barra') : ''}
      />
    </>
  );
}
