import { zodResolver } from '@hookform/resolvers/zod';
import { MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO } from '@minimarket/contracts/productos';
import { useQueryClient } from '@tanstack/react-query';
import { LifeBuoy, PackagePlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { mensajeDeError } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { buscarPorCodigo, productoExternoQueryOptions, useCrearProducto } from '../../api/productos';
import { useBarcodeScanner } from '../../hooks/use-barcode-scanner';
import { productoFormSchema, productoFormVacio, type ProductoFormInput, type ProductoFormOutput } from '../../utils/producto-form-schema';
import { EscanerPanel, type EstadoEscaneo } from '../nueva-venta/escaner-panel';
import { faltanObligatorios, ProductoCampos } from '../producto-campos';
import { ProductosRecientes } from './productos-recientes';
import { TicketProductoDialog } from './ticket-producto-dialog';

export const MENSAJE_PRODUCTO_GUARDADO = 'Producto guardado exitosamente';
export const MENSAJE_NO_ENCONTRADO_EXTERNO =
  'Producto no encontrado en la base de datos externa. Por favor, ingrese el nombre manualmente.';

/** Escanear Nuevo Producto: scan (or type) a barcode, prefill from Open Food Facts, save. */
export function NuevoProductoPage({ idMinimarket }: { idMinimarket: number }) {
  const queryClient = useQueryClient();
  const crear = useCrearProducto();
  const [estado, setEstado] = useState<EstadoEscaneo | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [errorGuardar, setErrorGuardar] = useState<string | null>(null);
  const [ticketAbierto, setTicketAbierto] = useState(false);
  const [imagenVisible, setImagenVisible] = useState(true);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    watch,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProductoFormInput, unknown, ProductoFormOutput>({
    resolver: zodResolver(productoFormSchema),
    defaultValues: productoFormVacio,
  });
  const imagen = watch('imagen');
  const unidad = watch('unidad');

  const buscarCodigo = async (codigo: string) => {
    setValue('codigo_barra', codigo, { shouldValidate: false });
    setErrorGuardar(null);
    setBuscando(true);
    setEstado({ tipo: 'info', texto: `Buscando ${codigo}...` });
    try {
      const existente = await buscarPorCodigo(idMinimarket, codigo).catch(() => null);
      if (existente) {
        setEstado({
          tipo: 'error',
          texto: `Este código ya está en tu inventario: ${existente.nombre_producto}. Usa Inventario para agregar stock.`,
        });
        return;
      }
      const externo = await queryClient.fetchQuery(productoExternoQueryOptions(codigo));
      if (externo.encontrado && externo.nombre_producto) {
        setValue('nombre_producto', externo.nombre_producto);
        if (externo.marca) setValue('marca', externo.marca);
        if (externo.imagen) {
          setImagenVisible(true);
          setValue('imagen', externo.imagen);
        }
        setEstado({ tipo: 'exito', texto: `Producto encontrado: ${externo.nombre_producto}. Completa la categoría y el precio.` });
        setFocus('categoria');
      } else {
        setEstado({ tipo: 'error', texto: MENSAJE_NO_ENCONTRADO_EXTERNO });
        setFocus('nombre_producto');
      }
    } catch (e) {
      setEstado({ tipo: 'error', texto: mensajeDeError(e, MENSAJE_NO_ENCONTRADO_EXTERNO) });
      setFocus('nombre_producto');
    } finally {
      setBuscando(false);
    }
  };

  useBarcodeScanner((codigo) => void buscarCodigo(codigo), !ticketAbierto);

  // Sent from Nueva venta with an unknown code (?codigo=…&volver=venta): the code is looked up as if
  // scanned here, and once saved the product goes back to the sale's cart.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const volverAVenta = params.get('volver') === 'venta';
  const codigoRecibido = useRef(params.get('codigo'));
  useEffect(() => {
    const codigo = codigoRecibido.current;
    codigoRecibido.current = null;
    if (codigo) void buscarCodigo(codigo);
  });

  const guardar = handleSubmit(async (datos) => {
    setErrorGuardar(null);
    try {
      const producto = await crear.mutateAsync({
        ...datos,
        id_minimarket: idMinimarket,
        precio_compra: datos.precio_compra ?? undefined,
        // Only a kg product carries a PLU (the contract refuses one on a unit product).
        codigo_plu: datos.unidad === 'kg' ? datos.codigo_plu : undefined,
      });
      toast.success(MENSAJE_PRODUCTO_GUARDADO, { duration: 2000 });
      if (volverAVenta) {
        void navigate('/pos/nueva-venta', { state: { agregar: producto } });
        return;
      }
      reset(productoFormVacio);
      setEstado(null);
    } catch (e) {
      setErrorGuardar(mensajeDeError(e, 'Hubo un error al guardar el producto.'));
    }
  });

  return (
    <>
      <title>{tituloPagina('Nuevo producto')}</title>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-3">
          <EscanerPanel
            titulo="Escanear Nuevo Producto"
            descripcion="Escanea el código de barras: buscaremos el nombre y la marca en Open Food Facts. También puedes completar el formulario a mano."
            onCodigo={(c) => void buscarCodigo(c)}
            buscando={buscando}
            estado={estado}
          />
          <Card className="p-4 sm:p-5">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <PackagePlus className="size-5 text-marca-700" aria-hidden="true" /> Datos del producto
            </h2>
            <form onSubmit={guardar} noValidate className="mt-4 space-y-4" aria-label="Nuevo producto">
              {faltanObligatorios(errors) && <Alert tipo="error">{MENSAJE_CAMPOS_OBLIGATORIOS_PRODUCTO}</Alert>}
              {errorGuardar && <Alert tipo="error">{errorGuardar}</Alert>}
              <ProductoCampos register={register} errors={errors} unidad={unidad} />
              {imagen && imagenVisible && (
                <img
                  src={imagen}
                  alt={`Imagen de ${getValues('nombre_producto') || 'el producto'}`}
                  className="h-24 w-24 rounded-lg border border-slate-200 object-contain"
                  onError={() => setImagenVisible(false)}
                />
              )}
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  variante="contorno"
                  onClick={() => {
                    reset(productoFormVacio);
                    setEstado(null);
                    setErrorGuardar(null);
                  }}
                >
                  Limpiar
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting ? 'Guardando...' : 'Guardar producto'}
                </Button>
              </div>
            </form>
          </Card>
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
        codigoBarra={ticketAbierto ? getValues('codigo_barra') : ''}
      />
    </>
  );
}
