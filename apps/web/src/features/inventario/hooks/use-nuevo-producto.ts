// Nuevo producto's state: the product form, the code looked up (already in the inventory? Open Food
// Facts' name, brand and image), the scanner, the code sent from Nueva venta, and the save.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { mensajeDeError } from '../../../lib/api-client';
import { type EstadoEscaneo, useBarcodeScanner } from '../../escaner';
import { buscarPorCodigo } from '../../productos';
import { productoExternoQueryOptions, useCrearProducto } from '../api/productos';
import { productoFormSchema, productoFormVacio, type ProductoFormInput, type ProductoFormOutput } from '../utils/producto-form-schema';

export const MENSAJE_PRODUCTO_GUARDADO = 'Producto guardado exitosamente';
export const MENSAJE_NO_ENCONTRADO_EXTERNO =
  'Producto no encontrado en la base de datos externa. Por favor, ingrese el nombre manualmente.';

export function useNuevoProducto(idMinimarket: number) {
  const queryClient = useQueryClient();
  const crear = useCrearProducto();
  const [estado, setEstado] = useState<EstadoEscaneo | null>(null);
  const [buscando, setBuscando] = useState(false);
  const [errorGuardar, setErrorGuardar] = useState<string | null>(null);
  const [ticketAbierto, setTicketAbierto] = useState(false);
  const [imagenVisible, setImagenVisible] = useState(true);
  const formulario = useForm<ProductoFormInput, unknown, ProductoFormOutput>({
    resolver: zodResolver(productoFormSchema),
    defaultValues: productoFormVacio,
  });
  const { handleSubmit, reset, setValue, setFocus } = formulario;

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

  return {
    formulario,
    estado,
    buscando,
    errorGuardar,
    ticketAbierto,
    setTicketAbierto,
    imagenVisible,
    setImagenVisible,
    buscarCodigo,
    guardar,
    limpiar: () => {
      reset(productoFormVacio);
      setEstado(null);
      setErrorGuardar(null);
    },
  };
}
