import { CODIGO_CAJA_REQUERIDA } from '@minimarket/contracts/caja';
import type { Cliente } from '@minimarket/contracts/clientes';
import { formatPeso } from '@minimarket/contracts/granel';
import type { Producto } from '@minimarket/contracts/productos';
import { NOMBRE_VENTA_LIBRE, type Pago, referenciaVenta, type Venta, vueltoDeVenta } from '@minimarket/contracts/ventas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Printer } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAutorizacionDueno } from '../../../../components/shop/autorizacion-dueno';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { ApiError, mensajeDeError, nuevaIdempotencyKey } from '../../../../lib/api-client';
import { tituloPagina } from '../../../../lib/app-info';
import { useAuth } from '../../../../lib/auth';
import { minimarketQueryOptions, tiendaKeys, useCurrentShop } from '../../../../lib/current-shop';
import { esGranel } from '../../../../lib/granel';
import { buscarProductoLocalOEnLinea, leerEtiquetaLocalOEnLinea, releerEtiquetas } from '../../utils/buscar-sin-conexion';
import { guardarVentaSinConexion, type VentaGuardada } from '../../utils/venta-sin-conexion';
import { esSinRespuesta, sinConexion } from '../../../../lib/offline/conexion';
import { refrescarCatalogo } from '../../../../lib/offline/catalogo';
import { leerEstado as estadoOutbox, enviarPendientes } from '../../../../lib/offline/outbox';
import { RAIZ } from '../../../../lib/query-keys';
import { formatClp } from '../../../../utils/format';
import { obtenerProductos } from '../../api/productos';
import { useRegistrarVenta } from '../../api/ventas';
import { useBarcodeScanner } from '../../hooks/use-barcode-scanner';
import { useDescuentoVenta } from '../../hooks/use-descuento-venta';
import {
  actualizarCarrito,
  agregarAlCarrito,
  agregarEtiquetaAlCarrito,
  agregarVentaLibre,
  calcularCarrito,
  claveLinea,
  esDeProducto,
  fijarDescuentoLinea,
  cambiarCantidad,
  cambiarPeso,
  detallesVenta,
  quitarDelCarrito,
  type ItemCarrito,
  type ResultadoCarrito,
} from '../../utils/carrito';
import { AjusteStockDialog } from '../ajustes/ajuste-stock-dialog';
import { AvisoCaja, useCajaAbierta } from './aviso-caja';
import { CarritoPanel } from './carrito-panel';
import { EscanerPanel, type EstadoEscaneo } from './escaner-panel';
import { PagoPanel } from './pago-panel';
import { PesoDialog, type Pesaje } from './peso-dialog';
import { ProductosVentaTabla } from './productos-venta-tabla';
import { TeclasRapidas } from './teclas-rapidas';
import { VentaLibreDialog } from './venta-libre-dialog';
import { VentasRechazadas } from './ventas-rechazadas';

export const MENSAJE_VENTA_EXITOSA = 'Venta registrada exitosamente.';
const MENSAJE_VENTA_ERROR = 'Hubo un error al registrar la venta.';
/** The server's codes for a fiado sale it refuses for its customer (over the limit, inactive). */
const CODIGOS_RECHAZO_FIADO = new Set(['CREDIT_LIMIT', 'CLIENT_INACTIVE']);
/** How often the counter asks for the catalogue's changes while it is open. */
const INTERVALO_CATALOGO_MS = 3 * 60_000;

/**
 * The message of the sale just made where the eye is: the payment screen may have been scrolled (at
 * 1366 × 768 its «Finalizar venta» is below the fold), and the message goes in at the top of the page,
 * where the focus alone would leave it under the sticky top bar. Scrolled to the centre, then the focus.
 */
function useALaVista(alerta: RefObject<HTMLDivElement | null>, imprimir: RefObject<HTMLAnchorElement | null>, clave: unknown) {
  useEffect(() => {
    alerta.current?.scrollIntoView({ block: 'center' });
    // The next key the cashier presses is Enter on the receipt (a scan still goes to the cart).
    imprimir.current?.focus({ preventScroll: true });
  }, [alerta, imprimir, clave]);
}

/** What a screen reader says once a sale is registered (the live region is on the page before the sale). */
function anuncioVenta(venta: Venta, cliente: string | null): string {
  const vuelto = vueltoDeVenta(venta);
  const fiado = venta.pagos.find((p) => p.metodo_pago === 'Fiado');
  return [
    `Venta ${referenciaVenta(venta)} registrada por ${formatClp(venta.total)}.`,
    vuelto !== null ? `Vuelto: ${formatClp(vuelto)}.` : '',
    fiado && cliente ? (venta.pagos.length === 1 ? `Fiado a ${cliente}.` : `${formatClp(fiado.monto)} fiado a ${cliente}.`) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The sale just made, with its change, and the way to its receipt. */
function VentaRegistrada({ venta, cliente }: { venta: Venta; cliente: string | null }) {
  const imprimir = useRef<HTMLAnchorElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useALaVista(alerta, imprimir, venta.id_venta);
  return (
    <div ref={alerta} className="mb-4 scroll-mt-20">
      <Alert
        tipo="exito"
        // Said by the page's live region (anuncio-venta); this box is for the eye.
        anunciar={false}
        accion={
          <Link
            ref={imprimir}
            to={`/pos/comprobante/${venta.id_venta}`}
            state={{ desde: '/pos/nueva-venta' }}
            className={buttonClasses('primario', 'sm')}
          >
            <Printer className="size-4" aria-hidden="true" /> Imprimir comprobante
          </Link>
        }
      >
        <span data-testid="venta-registrada">{anuncioVenta(venta, cliente)}</span>
      </Alert>
    </div>
  );
}

/** A sale the API did not answer for: it waits in the outbox under its provisional reference. */
function VentaPendienteRegistrada({ venta }: { venta: VentaGuardada }) {
  const imprimir = useRef<HTMLAnchorElement>(null);
  const alerta = useRef<HTMLDivElement>(null);
  useALaVista(alerta, imprimir, venta.referencia);
  return (
    <div ref={alerta} className="mb-4 scroll-mt-20">
      <Alert
        tipo="aviso"
        anunciar={false}
        accion={
          <Link
            ref={imprimir}
            to={`/pos/comprobante/${venta.referencia}`}
            state={{ desde: '/pos/nueva-venta' }}
            className={buttonClasses('primario', 'sm')}
          >
            <Printer className="size-4" aria-hidden="true" /> Imprimir comprobante
          </Link>
        }
      >
        <span data-testid="venta-registrada">{anuncioVentaPendiente(venta)}</span>
      </Alert>
    </div>
  );
}

/** A sale kept on the device, as the screen and a screen reader say it. */
function anuncioVentaPendiente(venta: VentaGuardada): string {
  return [
    `Venta registrada, pendiente de envío (${venta.referencia}), por ${formatClp(venta.total)}.`,
    venta.vuelto !== null ? `Vuelto: ${formatClp(venta.vuelto)}.` : '',
    venta.cliente ? `Fiado a ${venta.cliente}.` : '',
    'Se enviará sola cuando vuelva la conexión.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The cart's «Proceder al pago» button, found by its words inside the cart's box. */
const botonPagar = (caja: HTMLElement | null) =>
  [...(caja?.querySelectorAll('button') ?? [])].find((b) => /^proceder al pago$/i.test(b.textContent?.trim() ?? ''));

/** The cart survives switching POS tabs (and a reload) within the browser tab. */
function useCarritoGuardado(idMinimarket: number) {
  const clave = `carrito:${idMinimarket}`;
  const [items, setItems] = useState<ItemCarrito[]>(() => {
    try {
      return JSON.parse(window.sessionStorage.getItem(clave) ?? '[]') as ItemCarrito[];
    } catch {
      return [];
    }
  });
  useEffect(() => {
    try {
      window.sessionStorage.setItem(clave, JSON.stringify(items));
    } catch {
      // Storage full or unavailable: the cart still works, it just is not kept.
    }
  }, [clave, items]);
  return [items, setItems] as const;
}

export function NuevaVentaPage({ idMinimarket }: { idMinimarket: number }) {
  const { umbralStockBajo } = useCurrentShop();
  const usuario = useAuth().user;
  const esDueno = usuario?.rol === 'pyme';
  const [items, setItems] = useCarritoGuardado(idMinimarket);
  const [vista, setVista] = useState<'carrito' | 'pago'>('carrito');
  const [estadoEscaneo, setEstadoEscaneo] = useState<EstadoEscaneo | null>(null);
  const [buscando, setBuscando] = useState(false);
  // One key per checkout attempt: a retried request after a network failure creates one sale.
  const [idempotencyKey, setIdempotencyKey] = useState(nuevaIdempotencyKey);
  const registrar = useRegistrarVenta();
  const autorizacion = useAutorizacionDueno();
  const queryClient = useQueryClient();
  const [ultimaVenta, setUltimaVenta] = useState<{ venta: Venta; cliente: string | null } | null>(null);
  const [ventaGuardada, setVentaGuardada] = useState<VentaGuardada | null>(null);
  const [guardando, setGuardando] = useState(false);
  const [rechazoCaja, setRechazoCaja] = useState<string | null>(null);
  // A fiado sale the server refused (the customer's limit, an inactive customer): said on the payment screen.
  const [rechazoPago, setRechazoPago] = useState<string | null>(null);
  const cajaAbierta = useCajaAbierta(idMinimarket);
  // The discount on the whole cart and the sale's reason (docs/pagos.md «Descuentos»); each line's own rides on it.
  const { descuento, setDescuento, limpiar: limpiarDescuento } = useDescuentoVenta(idMinimarket);
  // A cashier's cap on discounts: the cart warns past it (the server asks for the owner's PIN). The owner has none.
  const tienda = useQuery(minimarketQueryOptions(idMinimarket));
  const topeCajero = usuario?.rol === 'cajero' ? (tienda.data?.descuento_maximo_pct ?? null) : null;
  const [ventaLibre, setVentaLibre] = useState(false);
  // The cart's box: «Ir al pago» takes the focus to its «Proceder al pago».
  const carrito = useRef<HTMLDivElement>(null);

  // Scans can arrive faster than React re-renders: each change starts from the latest cart.
  const actuales = useRef(items);
  useLayoutEffect(() => {
    actuales.current = items;
  }, [items]);

  // The shelf against the count: a product the system says is out (or short) but the customer holds.
  // The owner corrects its stock from here (AjusteStockDialog, a 'conteo' through the ledger).
  const [faltaStock, setFaltaStock] = useState<{ producto: Producto; mensaje: string } | null>(null);
  const [corrigiendo, setCorrigiendo] = useState<Producto | null>(null);

  const aplicar = useCallback(
    (resultado: ResultadoCarrito) => {
      actuales.current = resultado.items;
      setItems(resultado.items);
      if (resultado.error) toast.error(resultado.error);
      setFaltaStock(resultado.sinStock && resultado.error ? { producto: resultado.sinStock, mensaje: resultado.error } : null);
      return !resultado.error;
    },
    [setItems],
  );

  // A kg product waiting for its weight (a new line, or a line weighed again).
  const [pesaje, setPesaje] = useState<Pesaje | null>(null);

  /**
   * Adds a product: one unit, or for a kg product the weight prompt first (its stock is checked in
   * grams when the weight is confirmed). True when a unit went in or the prompt opened.
   */
  const agregar = useCallback(
    (producto: Producto) => {
      if (esGranel(producto)) {
        setPesaje({ producto });
        return true;
      }
      return aplicar(agregarAlCarrito(actuales.current, producto));
    },
    [aplicar],
  );

  const confirmarPeso = (gramos: number) => {
    if (!pesaje) return;
    const { producto } = pesaje;
    setPesaje(null);
    const ok = aplicar(
      pesaje.gramos !== undefined
        ? cambiarPeso(actuales.current, claveLinea({ producto, cantidad: gramos }), gramos)
        : agregarAlCarrito(actuales.current, producto, gramos),
    );
    if (pesaje.escaneado)
      setEstadoEscaneo(
        ok
          ? { tipo: 'exito', texto: `Agregado al carrito: ${producto.nombre_producto} · ${formatPeso(gramos)}` }
          : { tipo: 'error', texto: `No se agregó ${producto.nombre_producto}.` },
      );
  };

  // Back from "Crear producto" (an unknown code at the till): the new product goes in the cart, once.
  const location = useLocation();
  const navigate = useNavigate();
  const creado = (location.state as { agregar?: Producto } | null)?.agregar;
  const yaAgregado = useRef<Producto | null>(null);
  useEffect(() => {
    // Once per arrival, even when an effect runs twice (React's development mode).
    if (!creado || yaAgregado.current === creado) return;
    yaAgregado.current = creado;
    agregar(creado);
    void navigate(location.pathname, { replace: true, state: null });
  }, [creado, agregar, navigate, location.pathname]);

  /**
   * Whether an unknown code starts with the prefix of the shop's scale labels. The layout comes
   * from the shop's data as the app already holds it (no request when it is fresh); asked here,
   * after the barcode lookup, so a scan right after the page loads still reads a label.
   */
  const esEtiqueta = useCallback(
    async (codigo: string) => {
      try {
        const { formato_etiqueta: formato } = await queryClient.fetchQuery(minimarketQueryOptions(idMinimarket));
        return formato !== null && codigo.startsWith(formato.prefijo);
      } catch {
        return false;
      }
    },
    [queryClient, idMinimarket],
  );

  /**
   * A scale label (a code the shop's barcodes do not know that starts with its label prefix): the
   * server reads it with the shop's layout and answers the product, the grams and the label's
   * amount, or without an answer the device reads it with the same rule; their refusals (a bad
   * check digit, an unknown PLU) are Spanish sentences shown as they are, and nothing is added.
   *
   * Each label is a line of its own, charged the label's `monto` (issue 32: a price label its printed
   * amount, what the customer read; a weight label montoPorPeso of its grams) with the grams that leave
   * the stock, and its 13 digits for the server to read again (carrito.ts agregarEtiquetaAlCarrito).
   */
  const agregarEtiqueta = useCallback(
    async (codigo: string, informar: (estado: EstadoEscaneo) => void, local: boolean) => {
      try {
        const leida = await leerEtiquetaLocalOEnLinea(idMinimarket, codigo, local);
        if (leida.tipo !== 'ok') {
          // Only the device can say "not a label" here: the code is in neither of its lists.
          const texto = leida.tipo === 'error' ? leida.mensaje : 'Sin conexión: el código no está en el catálogo del equipo.';
          informar({ tipo: 'error', texto });
          toast.error(texto);
          return;
        }
        const { producto, gramos, monto } = leida;
        const ok = aplicar(agregarEtiquetaAlCarrito(actuales.current, producto, { codigo, gramos, monto }));
        informar(
          ok
            ? { tipo: 'exito', texto: `Agregado al carrito: ${producto.nombre_producto} · ${formatPeso(gramos)}` }
            : { tipo: 'error', texto: `No se agregó ${producto.nombre_producto}.` },
        );
      } catch (e) {
        const texto = mensajeDeError(e, 'No se pudo leer la etiqueta de la balanza.');
        informar({ tipo: 'error', texto });
        toast.error(texto);
      }
    },
    [idMinimarket, aplicar],
  );

  // Scans can overlap (a slow answer, a fast cashier): the line under the scan field speaks of
  // the latest one only, so an older "no encontrado" never lands after a later success.
  const ultimoEscaneo = useRef(0);
  const alEscanear = useCallback(
    async (codigo: string) => {
      const este = ++ultimoEscaneo.current;
      const informar = (estado: EstadoEscaneo) => {
        if (este === ultimoEscaneo.current) setEstadoEscaneo(estado);
      };
      setBuscando(true);
      informar({ tipo: 'info', texto: `Buscando ${codigo}...` });
      try {
        // The exact barcode first, as always (the scanner's one request): a shop's own code that
        // happens to start with 20 still sells as itself.
        // Without an answer from the API, the device's catalogue (lib/offline/catalogo.ts).
        const { producto, local } = await buscarProductoLocalOEnLinea(idMinimarket, codigo);
        // Without the API, an unknown code may still be a scale label: the device reads it with the
        // layout of its last refresh.
        if (!producto && (local || (await esEtiqueta(codigo)))) {
          await agregarEtiqueta(codigo, informar, local);
          return;
        }
        if (!producto) {
          informar({
            tipo: 'error',
            texto: 'Producto no encontrado en el inventario.',
            // The owner creates it with the code filled in and comes back with it in the cart.
            accion: esDueno ? (
              <Link
                to={`/pos/nuevo-producto?${new URLSearchParams({ codigo, volver: 'venta' })}`}
                className={buttonClasses('contorno', 'sm')}
              >
                Crear producto
              </Link>
            ) : undefined,
          });
          toast.error('Producto no encontrado en el inventario.');
          return;
        }
        if (esGranel(producto)) {
          setPesaje({ producto, escaneado: true });
          informar({ tipo: 'info', texto: `Pesa ${producto.nombre_producto} e ingresa el peso.` });
          return;
        }
        const ok = agregar(producto);
        informar(
          ok
            ? { tipo: 'exito', texto: `Agregado al carrito: ${producto.nombre_producto}` }
            : { tipo: 'error', texto: `No se agregó ${producto.nombre_producto}.` },
        );
      } catch (e) {
        const texto = mensajeDeError(e, 'Error al buscar el producto.');
        informar({ tipo: 'error', texto });
        toast.error(texto);
      } finally {
        if (este === ultimoEscaneo.current) setBuscando(false);
      }
    },
    [idMinimarket, agregar, agregarEtiqueta, esDueno, esEtiqueta],
  );

  useBarcodeScanner((codigo) => void alEscanear(codigo), vista === 'carrito');

  const refrescarCarrito = async () => {
    let frescos: Map<number, Producto | null>;
    try {
      frescos = await obtenerProductos(idMinimarket, [
        ...new Set(actuales.current.filter(esDeProducto).map((i) => i.producto.id_producto)),
      ]);
    } catch {
      return; // Could not ask the server: leave the cart as it was.
    }
    // A label's line is read again with today's price (a loose sale stays as it was).
    const etiquetas = await releerEtiquetas(idMinimarket, actuales.current);
    const items = actualizarCarrito(actuales.current, frescos, etiquetas);
    aplicar({ items });
    if (items.length === 0) setVista('carrito');
  };

  // The device's catalogue: brought up to date on arrival and every few minutes while here.
  useEffect(() => {
    void refrescarCatalogo(idMinimarket);
    const id = window.setInterval(() => {
      if (!sinConexion()) void refrescarCatalogo(idMinimarket);
    }, INTERVALO_CATALOGO_MS);
    return () => window.clearInterval(id);
  }, [idMinimarket]);

  // A cart kept from earlier in this tab may hold old prices or stock: refresh it once on arrival.
  const refrescadoAlEntrar = useRef(false);
  useEffect(() => {
    if (refrescadoAlEntrar.current) return;
    refrescadoAlEntrar.current = true;
    if (actuales.current.length > 0) void refrescarCarrito();
  });

  /** The cart is done with: cleared, back to scanning, and the next sale gets a new key. */
  const terminarVenta = () => {
    setRechazoCaja(null);
    setRechazoPago(null);
    aplicar({ items: [] });
    limpiarDescuento();
    setVista('carrito');
    setEstadoEscaneo(null);
    setIdempotencyKey(nuevaIdempotencyKey());
  };

  const finalizar = (pagos: Pago[], montoRecibido: number | null, cliente: Cliente | null) => {
    if (!idMinimarket) {
      toast.error('Error: No se puede finalizar la venta sin un minimarket identificado.');
      return;
    }
    // The total is exact, its discounts spread over the lines (carrito.ts); only the cash part is paid rounded.
    const montos = calcularCarrito(items, descuento.carrito);
    const venta = {
      id_minimarket: idMinimarket,
      total: montos.total,
      // One method alone, or the parts of a split payment (pago dividido).
      ...(pagos.length === 1 ? { metodo_pago: pagos[0]!.metodo_pago } : { pagos }),
      ...(montoRecibido !== null ? { monto_recibido: montoRecibido } : {}),
      ...(cliente ? { id_cliente: cliente.id_cliente } : {}),
      // A kg line sends grams, its price per kilo and montoPorPeso (carrito.ts).
      detalles: detallesVenta(items, descuento.carrito),
      ...(montos.descuento > 0 ? { motivo_descuento: descuento.motivo.trim() } : {}),
    };
    /**
     * No answer (no connection, or none within ESPERA_VENTA_MS): the sale is a fact at the
     * counter. It goes to the outbox under this cart's key and is sent when the API answers.
     */
    const guardar = async () => {
      setGuardando(true);
      try {
        const guardada = await guardarVentaSinConexion({
          clave: idempotencyKey,
          venta,
          items,
          descuentoCarrito: descuento.carrito,
          pagos,
          montoRecibido,
          cliente: cliente?.nombre ?? null,
          idUsuario: usuario?.id_usuario ?? null,
        });
        toast.success('Venta registrada, pendiente de envío.', { duration: 2000 });
        // A fiado part counts in its customer's balance as the device knows it, and the units leave the
        // stock the product list shows (lib/offline/catalogo.ts): both are read again.
        void queryClient.invalidateQueries({ queryKey: RAIZ.clientes });
        void queryClient.invalidateQueries({ queryKey: RAIZ.productos });
        setUltimaVenta(null);
        setVentaGuardada(guardada);
        terminarVenta();
        void enviarPendientes();
      } catch {
        toast.error('No se pudo guardar la venta en este equipo. No cierres la venta: inténtalo de nuevo.');
      } finally {
        setGuardando(false);
      }
    };
    // Without a connection, or with older sales still waiting (they go first: the outbox keeps order).
    if (sinConexion() || estadoOutbox().pendientes > 0) {
      void guardar();
      return;
    }
    void (async () => {
      let registrada: Venta | undefined;
      try {
        // A cashier's fiado past the customer's limit needs the owner's PIN: asked for, and the same
        // sale (same key) goes again with it. Cancelled: the cart stays on the payment screen.
        registrada = await autorizacion.ejecutar((aut) =>
          registrar.mutateAsync({ idempotencyKey, venta: aut ? { ...venta, autorizacion: aut } : venta }),
        );
      } catch (e) {
        if (esSinRespuesta(e)) {
          void guardar();
          return;
        }
        toast.error(mensajeDeError(e, MENSAJE_VENTA_ERROR));
        setRechazoPago(e instanceof ApiError && CODIGOS_RECHAZO_FIADO.has(e.code) ? e.detail : null);
        if (e instanceof ApiError && e.code === CODIGO_CAJA_REQUERIDA) {
          // The setting may have been turned on elsewhere: ask for it again with the shift.
          setRechazoCaja(e.detail);
          void queryClient.invalidateQueries({ queryKey: tiendaKeys.detalle(idMinimarket) });
        }
        // The server refused this cart (stock, price): the next attempt is a new one, with
        // the cart brought up to date so the cashier sees what changed.
        if (e instanceof ApiError && e.status > 0) {
          setIdempotencyKey(nuevaIdempotencyKey());
          if (e.status === 409 || e.status === 404) void refrescarCarrito();
        }
        return;
      }
      if (!registrada) return;
      toast.success(MENSAJE_VENTA_EXITOSA, { duration: 2000 });
      setVentaGuardada(null);
      setUltimaVenta({ venta: registrada, cliente: cliente?.nombre ?? null });
      terminarVenta();
    })();
  };

  return (
    <>
      <title>{tituloPagina('Nueva venta')}</title>
      <h2 className="sr-only">Nueva venta</h2>
      {/* On the page in both views before any sale, so a screen reader says the sale when its text arrives
          (a live region added with its text already in it is often not read). */}
      <div role="status" aria-live="polite" className="sr-only" data-testid="anuncio-venta">
        {ultimaVenta && vista === 'carrito'
          ? anuncioVenta(ultimaVenta.venta, ultimaVenta.cliente)
          : ventaGuardada && vista === 'carrito'
            ? anuncioVentaPendiente(ventaGuardada)
            : ''}
      </div>
      <AvisoCaja idMinimarket={idMinimarket} rechazo={rechazoCaja} soloSiBloquea={vista === 'pago'} />
      <VentasRechazadas />
      {autorizacion.dialogo}
      {ultimaVenta && vista === 'carrito' && <VentaRegistrada venta={ultimaVenta.venta} cliente={ultimaVenta.cliente} />}
      {ventaGuardada && vista === 'carrito' && <VentaPendienteRegistrada venta={ventaGuardada} />}
      {faltaStock && vista === 'carrito' && (
        <Alert
          tipo="aviso"
          className="mb-4"
          accion={
            esDueno ? (
              <Button tamano="sm" variante="contorno" onClick={() => setCorrigiendo(faltaStock.producto)}>
                Corregir stock
              </Button>
            ) : undefined
          }
        >
          <span data-testid="aviso-falta-stock">
            {faltaStock.mensaje}
            {esDueno && ' Si el cliente lo tiene en la mano, el conteo está mal: corrige el stock y sigue vendiendo.'}
          </span>
        </Alert>
      )}
      <AjusteStockDialog
        idMinimarket={idMinimarket}
        producto={corrigiendo}
        defaultTipo="conteo"
        onDone={(resultado) => {
          setCorrigiendo(null);
          if (!resultado) return;
          // The corrected product, as the server has it now, goes (one more unit) into the cart.
          setFaltaStock(null);
          agregar(resultado.producto);
        }}
      />
      <VentaLibreDialog
        abierto={ventaLibre}
        onCerrar={() => setVentaLibre(false)}
        onAgregar={(v) => {
          setVentaLibre(false);
          aplicar({ items: agregarVentaLibre(actuales.current, v) });
          setEstadoEscaneo({ tipo: 'exito', texto: `Agregado al carrito: ${v.nombre || NOMBRE_VENTA_LIBRE} · ${formatClp(v.monto)}` });
        }}
      />
      <PesoDialog
        pesaje={pesaje}
        onConfirmar={confirmarPeso}
        onCerrar={() => {
          // A scanned kg product left unweighed: the line under the scan field no longer asks for it.
          if (pesaje?.escaneado) setEstadoEscaneo(null);
          setPesaje(null);
        }}
      />
      {vista === 'pago' ? (
        <PagoPanel
          idMinimarket={idMinimarket}
          items={items}
          descuentoCarrito={descuento.carrito}
          motivoDescuento={descuento.motivo}
          rechazo={rechazoPago}
          procesando={registrar.isPending || guardando}
          cajaAbierta={cajaAbierta}
          onRegresar={() => {
            setRechazoPago(null);
            setVista('carrito');
          }}
          onFinalizar={finalizar}
        />
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <EscanerPanel
              titulo="Escanear producto"
              descripcion="Usa el lector de código de barras en cualquier momento: el producto se agrega solo al carrito."
              onCodigo={(c) => void alEscanear(c)}
              buscando={buscando}
              estado={estadoEscaneo}
            />
            <div className="mt-4">
              <TeclasRapidas
                idMinimarket={idMinimarket}
                esDueno={esDueno}
                onVentaLibre={() => setVentaLibre(true)}
                // One tap, one unit (a kg product opens the weight); said where a scan is said.
                onAgregar={(p) => {
                  const ok = agregar(p);
                  if (!esGranel(p))
                    setEstadoEscaneo(
                      ok
                        ? { tipo: 'exito', texto: `Agregado al carrito: ${p.nombre_producto}` }
                        : { tipo: 'error', texto: `No se agregó ${p.nombre_producto}.` },
                    );
                }}
              />
            </div>
          </div>
          <div className="lg:col-span-2 lg:row-span-2">
            <div className="lg:sticky lg:top-20" ref={carrito}>
              <CarritoPanel
                items={items}
                descuentoCarrito={descuento.carrito}
                motivoDescuento={descuento.motivo}
                topeCajero={topeCajero}
                onSumar={(item) => agregar(item.producto)}
                onCambiarCantidad={(clave, texto) => aplicar(cambiarCantidad(actuales.current, clave, texto))}
                onPesar={(item) => setPesaje({ producto: item.producto, gramos: item.cantidad })}
                onQuitar={(clave) => aplicar({ items: quitarDelCarrito(actuales.current, clave) })}
                onVaciar={() => {
                  aplicar({ items: [] });
                  limpiarDescuento();
                }}
                onDescuento={(clave, d, motivo) => {
                  if (clave !== null) aplicar({ items: fijarDescuentoLinea(actuales.current, clave, d) });
                  setDescuento((v) => ({ carrito: clave === null ? d : v.carrito, motivo: motivo || v.motivo }));
                }}
                onPagar={() => {
                  setUltimaVenta(null);
                  setVentaGuardada(null);
                  setVista('pago');
                }}
              />
            </div>
          </div>
          <div className="lg:col-span-3">
            <ProductosVentaTabla
              idMinimarket={idMinimarket}
              umbral={umbralStockBajo}
              // A product added by hand is said in the scanner's live region, as a scanned one is (the line
              // under the scan field speaks of the latest product in, whichever way it came).
              onAgregar={(p) => {
                if (esGranel(p)) {
                  setPesaje({ producto: p, escaneado: true });
                  setEstadoEscaneo({ tipo: 'info', texto: `Pesa ${p.nombre_producto} e ingresa el peso.` });
                  return;
                }
                const ok = agregar(p);
                setEstadoEscaneo(
                  ok
                    ? { tipo: 'exito', texto: `Agregado al carrito: ${p.nombre_producto}` }
                    : { tipo: 'error', texto: `No se agregó ${p.nombre_producto}.` },
                );
              }}
            />
            {/* The manual search comes after the cart on the page: from its «Agregar» buttons the next Tab
                stops ran round the whole page (29 of them) before «Proceder al pago». This skip link, seen
                when it has the focus, takes the focus back to it. */}
            {items.length > 0 && (
              <button
                type="button"
                className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-marca-800 underline focus:not-sr-only focus:mt-2 focus:inline-block"
                onClick={() => botonPagar(carrito.current)?.focus()}
              >
                Ir al pago
              </button>
            )}
          </div>
        </div>
      )}
    </>
  );
}
