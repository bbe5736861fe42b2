// What a shop's export holds: one CSV per table of the shop, its columns and what each means (the
// README inside the .zip is written from these same words, so a column cannot go out undescribed).
//
// Columns are chosen, never `SELECT *`: a new column of a table (a token, a lease, an encrypted key)
// stays out of the export until someone adds it here on purpose. Left out on purpose: the import
// queue (trabajo_carga*: the uploaded bytes and their lease), the boleta's timbre, PDF, provider
// token and worker lease (documento_dte), the issuer's encrypted API key (emisor_dte), idempotency
// keys, the analytics' summaries (they are sums of ventas and detalle_ventas) and the support chat.
//
// Dates leave as text in ISO 8601 with Chile's offset of that day (2026-11-26T09:45:13-03:00): the
// export's transaction runs with TimeZone = America/Santiago (exportacion.service.ts).
import { METODOS_VENTA } from '@minimarket/contracts/comunes';
import { Prisma } from '../../db/client.js';

export interface Columna {
  nombre: string;
  /** The SQL expression (trusted text of this file, never a client's). */
  sql: string;
  descripcion: string;
}

export interface TablaExportada {
  /** File name inside the .zip, without .csv. */
  archivo: string;
  descripcion: string;
  /** FROM … (the shop's rows are filtered by `${alias}.id_minimarket`). */
  desde: string;
  alias: string;
  /** The column that names the shop (id_minimarket unless said: a cashier's account says id_minimarket_cajero). */
  columnaTienda?: string;
  /** ORDER BY: each table's own id, oldest first. */
  orden: string;
  columnas: Columna[];
}

/** A timestamptz as ISO 8601 with the session's (Chile's) offset. */
const fecha = (col: string) => `to_char(${col}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;
const siNo = (col: string) => `CASE WHEN ${col} THEN 'sí' ELSE 'no' END`;

const c = (nombre: string, descripcion: string, sql?: string): Columna => ({ nombre, sql: sql ?? nombre, descripcion });

const CANTIDAD = 'Cantidad: unidades, o gramos cuando unidad = kg (1.500 = 1,5 kg).';

export const TABLAS_EXPORTADAS: readonly TablaExportada[] = [
  {
    archivo: 'minimarket',
    descripcion: 'La tienda: sus datos y ajustes (una fila).',
    desde: 'minimarket m',
    alias: 'm',
    orden: 'm.id_minimarket',
    columnas: [
      c('id_minimarket', 'Número de la tienda.', 'm.id_minimarket'),
      c('nombre_minimarket', 'Nombre.', 'm.nombre_minimarket'),
      c('direccion', 'Dirección.', 'm.direccion'),
      c('comuna', 'Comuna.', 'm.comuna'),
      c('tamano', 'Tamaño declarado.', 'm.tamano'),
      c('rubro', 'Rubro.', 'm.rubro'),
      c(
        'umbral_stock_bajo',
        'Bajo este stock un producto cuenta como stock bajo (unidades; kilos para los productos a granel).',
        'm.umbral_stock_bajo',
      ),
      c('exigir_caja_abierta', 'sí: no se vende sin un turno de caja abierto.', siNo('m.exigir_caja_abierta')),
      c('dias_aviso_fiado', 'Días tras los que se avisa de una compra fiada impaga.', 'm.dias_aviso_fiado'),
      c('fecha_creacion', 'Cuándo se creó.', fecha('m.fecha_creacion')),
    ],
  },
  {
    archivo: 'productos',
    descripcion: 'El catálogo, también los productos desactivados.',
    desde: 'producto p',
    alias: 'p',
    orden: 'p.id_producto',
    columnas: [
      c('id_producto', 'Número del producto (lo usan las demás tablas).', 'p.id_producto'),
      c('codigo_barra', 'Código de barras (texto: conserva los ceros a la izquierda).', 'p.codigo_barra'),
      c('codigo_plu', 'PLU de balanza (productos a granel).', 'p.codigo_plu'),
      c('nombre_producto', 'Nombre.', 'p.nombre_producto'),
      c('categoria', 'Categoría.', 'p.categoria'),
      c('marca', 'Marca.', 'p.marca'),
      c('descripcion', 'Descripción.', 'p.descripcion'),
      c('unidad', 'unidad (se vende por unidades) o kg (a granel: precios por kilo, cantidades en gramos).', 'p.unidad'),
      c('precio_venta_actual', 'Precio de venta en pesos (por kilo si unidad = kg).', 'p.precio_venta_actual'),
      c('precio_compra_actual', 'Costo unitario en pesos (por kilo si unidad = kg); vacío si no tiene.', 'p.precio_compra_actual'),
      c('stock', 'Stock actual: unidades, o gramos si unidad = kg.', 'p.stock'),
      c('exento', 'sí: exento de IVA.', siNo('p.exento')),
      c('estado', 'activo o inactivo.', 'p.estado'),
      c('fecha_creacion', 'Cuándo se creó.', fecha('p.fecha_creacion')),
      c('fecha_actualizacion', 'Último cambio.', fecha('p.fecha_actualizacion')),
    ],
  },
  {
    archivo: 'ventas',
    descripcion: 'Cada venta (también las anuladas), con su total y cómo se pagó.',
    desde: `venta v LEFT JOIN usuario u ON u.id_usuario = v.id_usuario
            LEFT JOIN usuario au ON au.id_usuario = v.id_autorizador_anulacion`,
    alias: 'v',
    orden: 'v.id_venta',
    columnas: [
      c('id_venta', 'Número interno de la venta (lo usan detalle_ventas, pagos_venta, devoluciones).', 'v.id_venta'),
      c('numero_venta', 'Número de venta de la tienda (1, 2, 3…); vacío en una venta cargada desde un archivo.', 'v.numero_venta'),
      c('id_venta_archivo', 'El id de la venta en el archivo del que se cargó.', 'v.id_venta_csv'),
      c('fecha_venta', 'Fecha y hora de la venta.', fecha('v.fecha_venta')),
      c('total', 'Total en pesos.', 'v.total'),
      c('metodo_pago', `${METODOS_VENTA.join(', ')} (Mixto: ver pagos_venta).`, 'v.metodo_pago'),
      c('estado_venta', 'Completada o Anulada.', 'v.estado_venta'),
      c('origen', 'mostrador, offline (vendida sin conexión) o archivo (cargada).', 'v.origen'),
      c('referencia_local', 'Referencia provisoria de una venta sin conexión.', 'v.referencia_local'),
      c('monto_recibido', 'Efectivo recibido, en pesos.', 'v.monto_recibido'),
      c('id_cliente', 'El cliente de la libreta (ventas fiadas).', 'v.id_cliente'),
      c('id_turno', 'Turno de caja en que se vendió.', 'v.id_turno'),
      c('vendedor', 'Quién vendió (la persona en la caja).', 'u.nombre'),
      c('recibida_en', 'Cuándo llegó al servidor (después de fecha_venta en una venta sin conexión).', fecha('v.recibida_en')),
      c(
        'alertas',
        'Lo que una venta sin conexión hizo que el mostrador no habría dejado pasar, separado por comas (precio_desconocido, fecha_anterior_al_contacto, fiado_sobre_limite, sin_stock).',
        "array_to_string(v.alertas, ',')",
      ),
      c('anulada_en', 'Cuándo se anuló.', fecha('v.anulada_en')),
      c('motivo_anulacion', 'Por qué se anuló.', 'v.motivo_anulacion'),
      c('id_turno_anulacion', 'Turno de caja en que se anuló.', 'v.id_turno_anulacion'),
      c('anulacion_autorizada_por', 'El dueño que autorizó con su PIN la anulación de un cajero.', 'au.nombre'),
    ],
  },
  {
    archivo: 'detalle_ventas',
    descripcion: 'Las líneas de cada venta: qué producto, cuánto y a qué precio (nombre y categoría del momento de la venta).',
    desde: 'detalle_venta d',
    alias: 'd',
    orden: 'd.id_detalle_venta',
    columnas: [
      c('id_detalle_venta', 'Número de la línea.', 'd.id_detalle_venta'),
      c('id_venta', 'La venta (ventas.csv).', 'd.id_venta'),
      c('id_producto', 'El producto (productos.csv).', 'd.id_producto'),
      c('nombre_producto', 'Nombre al momento de la venta.', 'd.nombre_producto'),
      c('categoria', 'Categoría al momento de la venta.', 'd.categoria'),
      c('unidad', 'unidad o kg.', 'd.unidad'),
      c('cantidad', CANTIDAD, 'd.num_unidades'),
      c('precio_unitario', 'Precio en pesos (por kilo si unidad = kg).', 'd.precio_unitario'),
      c('subtotal', 'Subtotal de la línea en pesos.', 'd.subtotal'),
      c('costo_unitario', 'Costo en pesos al momento de la venta (por kilo si unidad = kg); vacío si no tenía.', 'd.costo_unitario'),
      c('precio_catalogo', 'Venta sin conexión cobrada a otro precio: el precio del catálogo entonces.', 'd.precio_catalogo'),
    ],
  },
  {
    archivo: 'pagos_venta',
    descripcion: 'Las partes de una venta pagada de varias formas (metodo_pago = Mixto); suman su total.',
    desde: 'pago_venta pv',
    alias: 'pv',
    orden: 'pv.id_venta, pv.metodo_pago',
    columnas: [
      c('id_venta', 'La venta (ventas.csv).', 'pv.id_venta'),
      c('metodo_pago', 'Forma de pago de esta parte.', 'pv.metodo_pago'),
      c('monto', 'Monto en pesos.', 'pv.monto'),
    ],
  },
  {
    archivo: 'devoluciones',
    descripcion: 'Cada devolución de una venta.',
    desde: 'devolucion dv LEFT JOIN usuario u ON u.id_usuario = dv.id_usuario',
    alias: 'dv',
    orden: 'dv.id_devolucion',
    columnas: [
      c('id_devolucion', 'Número de la devolución.', 'dv.id_devolucion'),
      c('id_venta', 'La venta devuelta (ventas.csv).', 'dv.id_venta'),
      c('fecha', 'Cuándo.', fecha('dv.fecha')),
      c('total', 'Total devuelto en pesos.', 'dv.total'),
      c('metodo_pago', 'Cómo se devolvió (Mixto: ver pagos_devolucion).', 'dv.metodo_pago'),
      c('motivo', 'Motivo.', 'dv.motivo'),
      c('id_turno', 'Turno de caja.', 'dv.id_turno'),
      c('usuario', 'Quién la registró.', 'u.nombre'),
    ],
  },
  {
    archivo: 'detalle_devoluciones',
    descripcion: 'Las líneas de cada devolución.',
    desde: 'detalle_devolucion dd',
    alias: 'dd',
    orden: 'dd.id_detalle_devolucion',
    columnas: [
      c('id_detalle_devolucion', 'Número de la línea.', 'dd.id_detalle_devolucion'),
      c('id_devolucion', 'La devolución (devoluciones.csv).', 'dd.id_devolucion'),
      c('id_producto', 'El producto (productos.csv).', 'dd.id_producto'),
      c('categoria', 'Categoría al momento de la venta.', 'dd.categoria'),
      c('cantidad', 'Cantidad devuelta: unidades, o gramos si el producto se vende por kg.', 'dd.num_unidades'),
      c('precio_unitario', 'Precio en pesos (por kilo si es a granel).', 'dd.precio_unitario'),
      c('subtotal', 'Subtotal devuelto en pesos.', 'dd.subtotal'),
      c('costo_unitario', 'Costo en pesos; vacío si no tenía.', 'dd.costo_unitario'),
    ],
  },
  {
    archivo: 'pagos_devolucion',
    descripcion: 'Lo que devolvió por cada forma de pago una devolución de una venta Mixta.',
    desde: 'devolucion_pago dp',
    alias: 'dp',
    orden: 'dp.id_devolucion, dp.metodo_pago',
    columnas: [
      c('id_devolucion', 'La devolución (devoluciones.csv).', 'dp.id_devolucion'),
      c('metodo_pago', 'Forma de pago.', 'dp.metodo_pago'),
      c('monto', 'Monto en pesos.', 'dp.monto'),
    ],
  },
  {
    archivo: 'turnos_caja',
    descripcion: 'Cada turno de caja: apertura, cierre y cuadratura del efectivo.',
    desde:
      'turno_caja t LEFT JOIN usuario ua ON ua.id_usuario = t.id_usuario_apertura LEFT JOIN usuario uc ON uc.id_usuario = t.id_usuario_cierre',
    alias: 't',
    orden: 't.id_turno',
    columnas: [
      c('id_turno', 'Identificador del turno (lo nombran movimientos_caja y ventas).', 't.id_turno'),
      c('numero_turno', 'Número del turno en la tienda (1, 2, 3…), el que se ve en CAJA.', 't.numero_turno'),
      c('abierto_en', 'Apertura.', fecha('t.abierto_en')),
      c('abierto_por', 'Quién abrió.', 'ua.nombre'),
      c('monto_inicial', 'Efectivo inicial en pesos.', 't.monto_inicial'),
      c('cerrado_en', 'Cierre; vacío si sigue abierto.', fecha('t.cerrado_en')),
      c('cerrado_por', 'Quién cerró.', 'uc.nombre'),
      c('monto_contado', 'Efectivo contado al cierre, en pesos.', 't.monto_contado'),
      c('esperado_efectivo', 'Efectivo que debía haber, en pesos.', 't.esperado_efectivo'),
      c('diferencia', 'Contado menos esperado, en pesos (negativo: faltante).', 't.diferencia'),
    ],
  },
  {
    archivo: 'movimientos_caja',
    descripcion: 'Ingresos y retiros de efectivo de un turno.',
    desde: 'movimiento_caja mc LEFT JOIN usuario u ON u.id_usuario = mc.id_usuario',
    alias: 'mc',
    orden: 'mc.id_movimiento',
    columnas: [
      c('id_movimiento', 'Número del movimiento.', 'mc.id_movimiento'),
      c('id_turno', 'El turno (turnos_caja.csv).', 'mc.id_turno'),
      c('fecha', 'Cuándo.', fecha('mc.fecha')),
      c('tipo', 'ingreso o retiro.', 'mc.tipo'),
      c('monto', 'Monto en pesos.', 'mc.monto'),
      c('motivo', 'Motivo.', 'mc.motivo'),
      c('usuario', 'Quién lo registró.', 'u.nombre'),
    ],
  },
  {
    archivo: 'movimientos_stock',
    descripcion: 'El libro de stock: cada entrada y salida de cada producto, con el stock que quedó.',
    desde: 'movimiento_stock ms LEFT JOIN usuario u ON u.id_usuario = ms.id_usuario',
    alias: 'ms',
    orden: 'ms.id_movimiento',
    columnas: [
      c('id_movimiento', 'Número del movimiento.', 'ms.id_movimiento'),
      c('fecha', 'Cuándo.', fecha('ms.fecha')),
      c('id_producto', 'El producto (productos.csv).', 'ms.id_producto'),
      c('tipo', 'venta, ingreso, ajuste, importacion, anulacion, devolucion o faltante.', 'ms.tipo'),
      c('cantidad', 'Con signo (negativo: salida): unidades, o gramos si el producto se vende por kg.', 'ms.cantidad'),
      c('stock_resultante', 'Stock después del movimiento (misma unidad).', 'ms.stock_resultante'),
      c('costo_total', 'Costo total de un ingreso, en pesos.', 'ms.costo_total'),
      c('costo_unitario', 'Costo unitario de un ajuste, en pesos (por kilo si es a granel).', 'ms.costo_unitario'),
      c('tipo_ajuste', 'Ajuste: conteo, merma, vencido, robo o consumo_interno.', 'ms.tipo_ajuste'),
      c('motivo', 'Motivo.', 'ms.motivo'),
      c('nota', 'Nota del ajuste.', 'ms.nota'),
      c('id_venta', 'La venta que lo causó (ventas.csv).', 'ms.id_venta'),
      c('usuario', 'Quién lo registró.', 'u.nombre'),
    ],
  },
  {
    archivo: 'cargas',
    descripcion: 'Cada archivo subido (productos, ventas, clientes) y su resultado.',
    desde: 'archivo_carga a LEFT JOIN usuario u ON u.id_usuario = a.id_usuario',
    alias: 'a',
    orden: 'a.id_archivo',
    columnas: [
      c('id_archivo', 'Número de la carga.', 'a.id_archivo'),
      c('fecha_subida', 'Cuándo se subió.', fecha('a.fecha_subida')),
      c('nombre_archivo', 'Nombre del archivo.', 'a.nombre_archivo'),
      c('tipo_archivo', 'Qué se cargó.', 'a.tipo_archivo'),
      c('estado_procesamiento', 'Cómo terminó.', 'a.estado_procesamiento'),
      c('tamano_bytes', 'Tamaño del archivo en bytes.', 'a.tamano_bytes'),
      c('filas_leidas', 'Filas leídas.', 'a.filas_leidas'),
      c('detalle_resultado', 'El resultado (filas cargadas, rechazadas y por qué), en JSON.', 'a.detalle_resultado'),
      c('usuario', 'Quién lo subió.', 'u.nombre'),
    ],
  },
  {
    archivo: 'filas_rechazadas',
    descripcion: 'Las filas que una carga rechazó, tal como venían, con el motivo.',
    desde: 'fila_rechazada f',
    alias: 'f',
    orden: 'f.id_fila_rechazada',
    columnas: [
      c('id_fila_rechazada', 'Número.', 'f.id_fila_rechazada'),
      c('id_archivo', 'La carga (cargas.csv).', 'f.id_archivo'),
      c('fila', 'Número de fila en el archivo (encabezado = 1).', 'f.fila'),
      c('celdas', 'Las celdas de la fila, en JSON, en el orden de las columnas del archivo.', 'f.celdas'),
      c('motivo', 'Por qué se rechazó.', 'f.motivo'),
    ],
  },
  {
    archivo: 'clientes',
    descripcion: 'La libreta de fiado: los clientes y lo que deben hoy.',
    desde:
      'cliente cl LEFT JOIN (SELECT id_minimarket, id_cliente, sum(cargo - abono) AS saldo FROM cuenta_cliente GROUP BY id_minimarket, id_cliente) s ON s.id_minimarket = cl.id_minimarket AND s.id_cliente = cl.id_cliente',
    alias: 'cl',
    orden: 'cl.id_cliente',
    columnas: [
      c('id_cliente', 'Número del cliente.', 'cl.id_cliente'),
      c('nombre', 'Nombre.', 'cl.nombre'),
      c('rut', 'RUT.', 'cl.rut'),
      c('telefono', 'Teléfono.', 'cl.telefono'),
      c('direccion', 'Dirección.', 'cl.direccion'),
      c('limite_credito', 'Lo más que puede deber, en pesos; vacío: sin límite.', 'cl.limite_credito'),
      c('saldo', 'Lo que debe hoy, en pesos (compras fiadas menos devoluciones y abonos, más el saldo inicial).', 'coalesce(s.saldo, 0)'),
      c('saldo_inicial', 'Lo que debía según el cuaderno al cargarlo, en pesos.', 'cl.saldo_inicial'),
      c('saldo_inicial_desde', 'Desde cuándo debía ese saldo.', fecha('cl.saldo_inicial_desde')),
      c('notas', 'Notas.', 'cl.notas'),
      c('activo', 'sí o no.', siNo('cl.activo')),
      c('fecha_creacion', 'Cuándo se creó.', fecha('cl.fecha_creacion')),
    ],
  },
  {
    archivo: 'abonos',
    descripcion: 'Los pagos a cuenta de los clientes de la libreta.',
    desde: 'abono ab LEFT JOIN usuario u ON u.id_usuario = ab.id_usuario',
    alias: 'ab',
    orden: 'ab.id_abono',
    columnas: [
      c('id_abono', 'Número del abono.', 'ab.id_abono'),
      c('id_cliente', 'El cliente (clientes.csv).', 'ab.id_cliente'),
      c('fecha', 'Cuándo.', fecha('ab.fecha')),
      c('monto', 'Monto en pesos.', 'ab.monto'),
      c('metodo_pago', 'Cómo pagó.', 'ab.metodo_pago'),
      c('id_turno', 'Turno de caja (abonos en efectivo).', 'ab.id_turno'),
      c('usuario', 'Quién lo registró.', 'u.nombre'),
    ],
  },
  {
    archivo: 'documentos_dte',
    descripcion: 'Boletas electrónicas (39 afecta, 41 exenta) y notas de crédito (61): folio, estado y montos.',
    desde: 'documento_dte dt',
    alias: 'dt',
    orden: 'dt.id_documento',
    columnas: [
      c('id_documento', 'Número interno del documento.', 'dt.id_documento'),
      c('tipo', '39 boleta afecta, 41 boleta exenta, 61 nota de crédito.', 'dt.tipo'),
      c('folio', 'Folio que dio el SII; vacío mientras no se emite.', 'dt.folio'),
      c('estado', 'pendiente, en_proceso, aceptado, reparos o rechazado.', 'dt.estado'),
      c('de_prueba', 'sí: lo emitió el simulador local; no es válido ante el SII.', siNo('dt.de_prueba')),
      c('id_venta', 'La venta (ventas.csv).', 'dt.id_venta'),
      c('id_devolucion', 'La devolución de una nota de crédito (devoluciones.csv).', 'dt.id_devolucion'),
      c('id_documento_referencia', 'La boleta que anula o corrige una nota de crédito.', 'dt.id_documento_ref'),
      c('neto', 'Neto en pesos.', 'dt.neto'),
      c('iva', 'IVA en pesos.', 'dt.iva'),
      c('exento', 'Monto exento en pesos.', 'dt.exento'),
      c('total', 'Total en pesos.', 'dt.total'),
      c('motivo', 'Motivo de un rechazo o de la nota.', 'dt.motivo'),
      c('creado_en', 'Cuándo se generó.', fecha('dt.creado_en')),
      c('emitido_en', 'Cuándo se emitió.', fecha('dt.emitido_en')),
    ],
  },
  {
    archivo: 'cajeros',
    descripcion: 'Las personas que venden en la caja de la tienda (sin su PIN ni su contraseña).',
    desde: 'usuario k',
    alias: 'k',
    columnaTienda: 'id_minimarket_cajero',
    orden: 'k.id_usuario',
    columnas: [
      c('id_usuario', 'Número de la persona (lo usan las demás tablas como vendedor).', 'k.id_usuario'),
      c('nombre', 'Nombre.', 'k.nombre'),
      c('estado', 'activo o inactivo.', 'k.estado'),
      c('fecha_creacion', 'Cuándo se creó.', fecha('k.fecha_creacion')),
    ],
  },
  {
    archivo: 'auditoria',
    descripcion:
      'La auditoría: acciones autorizadas con el PIN del dueño, PIN rechazados, cambios de precio, ajustes de stock y cambios de cajeros.',
    desde: 'auditoria a LEFT JOIN usuario u ON u.id_usuario = a.id_usuario LEFT JOIN usuario z ON z.id_usuario = a.id_autorizador',
    alias: 'a',
    orden: 'a.id_auditoria',
    columnas: [
      c('id_auditoria', 'Número de la entrada.', 'a.id_auditoria'),
      c('fecha', 'Cuándo.', fecha('a.fecha')),
      c(
        'accion',
        'Qué (anulacion, devolucion, retiro_caja, fiado_sobre_limite, pin_rechazado, cambio_precio, ajuste_stock, …).',
        'a.accion',
      ),
      c('quien', 'Quién lo hizo.', 'u.nombre'),
      c('autorizo', 'Quién lo autorizó con su PIN.', 'z.nombre'),
      c('detalle', 'Qué pasó, en palabras.', 'a.detalle'),
      c('id_producto', 'El producto de un cambio de precio (productos.csv).', 'a.id_producto'),
    ],
  },
  {
    archivo: 'ventas_rechazadas',
    descripcion: 'Ventas hechas sin conexión que el servidor rechazó: el carrito como lo envió el equipo y cómo se resolvió.',
    desde: 'venta_rechazada r LEFT JOIN usuario u ON u.id_usuario = r.id_usuario LEFT JOIN usuario z ON z.id_usuario = r.id_resuelta_por',
    alias: 'r',
    orden: 'r.id_venta_rechazada',
    columnas: [
      c('id_venta_rechazada', 'Número del rechazo.', 'r.id_venta_rechazada'),
      c('fecha', 'Cuándo se rechazó.', fecha('r.fecha')),
      c('vendedor', 'Quién la hizo.', 'u.nombre'),
      c('codigo', 'El motivo, como código (NOT_ENOUGH_STOCK, PRODUCT_NOT_FOUND, …).', 'r.code'),
      c('referencia_local', 'La referencia del comprobante provisorio.', "r.cuerpo->>'referencia_local'"),
      c('total', 'Total del carrito, en pesos.', "r.cuerpo->>'total'"),
      c('carrito', 'El carrito tal como se envió (JSON).', 'r.cuerpo::text'),
      c('resuelta_en', 'Cuándo la resolvió el dueño.', fecha('r.resuelta_en')),
      c('resuelta_por', 'Quién la resolvió.', 'z.nombre'),
      c('nota_resolucion', 'Cómo se resolvió.', 'r.nota_resolucion'),
    ],
  },
];

/** The table's rows of one shop, in its order: the SELECT a cursor walks. */
export function consultaTabla(t: TablaExportada, idMinimarket: number): Prisma.Sql {
  const columnas = t.columnas.map((col) => `${col.sql} AS "${col.nombre}"`).join(', ');
  return Prisma.sql`SELECT ${Prisma.raw(columnas)} FROM ${Prisma.raw(t.desde)}
    WHERE ${Prisma.raw(`${t.alias}.${t.columnaTienda ?? 'id_minimarket'}`)} = ${idMinimarket}
    ORDER BY ${Prisma.raw(t.orden)}`;
}
