-- Written by hand (Prisma's schema engine cannot be downloaded here), in the form
-- `prisma migrate dev` writes, plus what Prisma's schema cannot say: pg_trgm for
-- name search and CHECK constraints that keep the data sane whatever the caller.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "usuario" (
    "id_usuario" SERIAL NOT NULL,
    "nombre" TEXT NOT NULL,
    "correo" TEXT NOT NULL,
    "contrasena_hash" TEXT NOT NULL,
    "empresa" TEXT NOT NULL,
    "direccion" TEXT,
    "rut_usuario" TEXT NOT NULL,
    "rut_empresa" TEXT NOT NULL,
    "rol" TEXT NOT NULL,
    "descripcion" TEXT,
    "estado" TEXT NOT NULL DEFAULT 'activo',
    "sesiones_validas_desde" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fecha_creacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "usuario_pkey" PRIMARY KEY ("id_usuario"),
    CONSTRAINT "usuario_rol_check" CHECK ("rol" IN ('administrador', 'pyme')),
    CONSTRAINT "usuario_estado_check" CHECK ("estado" IN ('activo', 'inactivo')),
    CONSTRAINT "usuario_correo_minusculas_check" CHECK ("correo" = lower("correo"))
);

-- CreateTable
CREATE TABLE "minimarket" (
    "id_minimarket" SERIAL NOT NULL,
    "id_usuario" INTEGER NOT NULL,
    "nombre_minimarket" TEXT NOT NULL,
    "direccion" TEXT NOT NULL,
    "comuna" TEXT NOT NULL,
    "tamano" TEXT NOT NULL,
    "rubro" TEXT NOT NULL,
    "umbral_stock_bajo" INTEGER NOT NULL DEFAULT 5,
    "fecha_creacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "minimarket_pkey" PRIMARY KEY ("id_minimarket"),
    CONSTRAINT "minimarket_umbral_check" CHECK ("umbral_stock_bajo" >= 0)
);

-- CreateTable
CREATE TABLE "producto" (
    "id_producto" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "nombre_producto" TEXT NOT NULL,
    "categoria" TEXT NOT NULL,
    "precio_venta_actual" INTEGER NOT NULL,
    "precio_compra_actual" INTEGER,
    "stock" INTEGER NOT NULL DEFAULT 0,
    "codigo_barra" TEXT NOT NULL,
    "descripcion" TEXT,
    "marca" TEXT,
    "imagen" TEXT,
    "estado" TEXT NOT NULL DEFAULT 'activo',
    "fecha_creacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fecha_actualizacion" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "producto_pkey" PRIMARY KEY ("id_producto"),
    -- The last line of defence against overselling: no statement can leave stock negative.
    CONSTRAINT "producto_stock_check" CHECK ("stock" >= 0),
    CONSTRAINT "producto_precio_venta_check" CHECK ("precio_venta_actual" > 0),
    CONSTRAINT "producto_precio_compra_check" CHECK ("precio_compra_actual" IS NULL OR "precio_compra_actual" >= 0),
    CONSTRAINT "producto_estado_check" CHECK ("estado" IN ('activo', 'inactivo')),
    CONSTRAINT "producto_categoria_check" CHECK ("categoria" IN ('Panadería', 'Lácteos y Quesos', 'Abarrotes', 'Frutas y Verduras', 'Limpieza', 'Fiambrería', 'Botillería', 'Mascotas', 'Masivos'))
);

-- CreateTable
CREATE TABLE "venta" (
    "id_venta" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "id_usuario" INTEGER,
    "fecha_venta" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "total" INTEGER NOT NULL,
    "metodo_pago" TEXT NOT NULL,
    "estado_venta" TEXT NOT NULL DEFAULT 'Completada',
    "id_venta_csv" TEXT,
    "idempotency_key" TEXT,

    CONSTRAINT "venta_pkey" PRIMARY KEY ("id_venta"),
    CONSTRAINT "venta_total_check" CHECK ("total" >= 0),
    CONSTRAINT "venta_metodo_pago_check" CHECK ("metodo_pago" IN ('Efectivo', 'Tarjeta de Débito', 'Transferencia Bancaria', 'Tarjeta de Crédito'))
);

-- CreateTable
CREATE TABLE "detalle_venta" (
    "id_detalle_venta" SERIAL NOT NULL,
    "id_venta" INTEGER NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "id_producto" INTEGER NOT NULL,
    "num_unidades" INTEGER NOT NULL,
    "precio_unitario" INTEGER NOT NULL,
    "subtotal" INTEGER NOT NULL,
    "nombre_producto" TEXT NOT NULL,

    CONSTRAINT "detalle_venta_pkey" PRIMARY KEY ("id_detalle_venta"),
    CONSTRAINT "detalle_venta_unidades_check" CHECK ("num_unidades" > 0),
    CONSTRAINT "detalle_venta_subtotal_check" CHECK ("subtotal" = "precio_unitario" * "num_unidades")
);

-- CreateTable
CREATE TABLE "movimiento_stock" (
    "id_movimiento" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "id_producto" INTEGER NOT NULL,
    "id_usuario" INTEGER,
    "id_venta" INTEGER,
    "tipo" TEXT NOT NULL,
    "cantidad" INTEGER NOT NULL,
    "stock_resultante" INTEGER NOT NULL,
    "costo_total" INTEGER,
    "motivo" TEXT NOT NULL,
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "movimiento_stock_pkey" PRIMARY KEY ("id_movimiento"),
    CONSTRAINT "movimiento_stock_tipo_check" CHECK ("tipo" IN ('venta', 'ingreso', 'ajuste', 'importacion', 'anulacion'))
);

-- CreateTable
CREATE TABLE "archivo_carga" (
    "id_archivo" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "id_usuario" INTEGER,
    "nombre_archivo" TEXT NOT NULL,
    "tipo_archivo" TEXT NOT NULL,
    "fecha_subida" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "estado_procesamiento" TEXT NOT NULL DEFAULT 'En revisión',
    "detalle_resultado" TEXT,

    CONSTRAINT "archivo_carga_pkey" PRIMARY KEY ("id_archivo"),
    CONSTRAINT "archivo_carga_tipo_check" CHECK ("tipo_archivo" IN ('productos', 'ventas'))
);

-- CreateTable
CREATE TABLE "token_restablecimiento" (
    "id_token" SERIAL NOT NULL,
    "id_usuario" INTEGER NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expira_en" TIMESTAMPTZ(3) NOT NULL,
    "usado_en" TIMESTAMPTZ(3),
    "creado_en" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "token_restablecimiento_pkey" PRIMARY KEY ("id_token")
);

-- CreateTable
CREATE TABLE "notificacion" (
    "id_notificacion" SERIAL NOT NULL,
    "id_usuario" INTEGER NOT NULL,
    "id_minimarket" INTEGER,
    "tipo" TEXT NOT NULL,
    "titulo" TEXT NOT NULL,
    "descripcion" TEXT NOT NULL,
    "url_accion" TEXT,
    "leida" BOOLEAN NOT NULL DEFAULT false,
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notificacion_pkey" PRIMARY KEY ("id_notificacion")
);

-- CreateIndex
CREATE UNIQUE INDEX "usuario_correo_key" ON "usuario"("correo");

-- CreateIndex
CREATE INDEX "minimarket_id_usuario_idx" ON "minimarket"("id_usuario");

-- CreateIndex
CREATE INDEX "producto_id_minimarket_categoria_nombre_producto_idx" ON "producto"("id_minimarket", "categoria", "nombre_producto");

-- CreateIndex
CREATE UNIQUE INDEX "producto_id_minimarket_codigo_barra_key" ON "producto"("id_minimarket", "codigo_barra");

-- Name search (ILIKE '%term%') within a shop uses this trigram index.
CREATE INDEX "producto_nombre_producto_trgm_idx" ON "producto" USING GIN ("nombre_producto" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "venta_id_minimarket_fecha_venta_idx" ON "venta"("id_minimarket", "fecha_venta");

-- CreateIndex
CREATE UNIQUE INDEX "venta_id_minimarket_id_venta_csv_key" ON "venta"("id_minimarket", "id_venta_csv");

-- CreateIndex
CREATE UNIQUE INDEX "venta_id_minimarket_idempotency_key_key" ON "venta"("id_minimarket", "idempotency_key");

-- CreateIndex
CREATE INDEX "detalle_venta_id_venta_idx" ON "detalle_venta"("id_venta");

-- CreateIndex
CREATE INDEX "detalle_venta_id_minimarket_id_producto_idx" ON "detalle_venta"("id_minimarket", "id_producto");

-- CreateIndex
CREATE INDEX "movimiento_stock_id_minimarket_id_producto_fecha_idx" ON "movimiento_stock"("id_minimarket", "id_producto", "fecha");

-- CreateIndex
CREATE INDEX "movimiento_stock_id_venta_idx" ON "movimiento_stock"("id_venta");

-- CreateIndex
CREATE INDEX "archivo_carga_id_minimarket_fecha_subida_idx" ON "archivo_carga"("id_minimarket", "fecha_subida");

-- CreateIndex
CREATE UNIQUE INDEX "token_restablecimiento_token_hash_key" ON "token_restablecimiento"("token_hash");

-- CreateIndex
CREATE INDEX "token_restablecimiento_id_usuario_idx" ON "token_restablecimiento"("id_usuario");

-- CreateIndex
CREATE INDEX "notificacion_id_usuario_leida_fecha_idx" ON "notificacion"("id_usuario", "leida", "fecha");

-- AddForeignKey
ALTER TABLE "minimarket" ADD CONSTRAINT "minimarket_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "producto" ADD CONSTRAINT "producto_id_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "venta" ADD CONSTRAINT "venta_id_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "venta" ADD CONSTRAINT "venta_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_id_venta_fkey" FOREIGN KEY ("id_venta") REFERENCES "venta"("id_venta") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_id_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "detalle_venta" ADD CONSTRAINT "detalle_venta_id_producto_fkey" FOREIGN KEY ("id_producto") REFERENCES "producto"("id_producto") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_id_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_id_producto_fkey" FOREIGN KEY ("id_producto") REFERENCES "producto"("id_producto") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "movimiento_stock" ADD CONSTRAINT "movimiento_stock_id_venta_fkey" FOREIGN KEY ("id_venta") REFERENCES "venta"("id_venta") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archivo_carga" ADD CONSTRAINT "archivo_carga_id_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "archivo_carga" ADD CONSTRAINT "archivo_carga_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "token_restablecimiento" ADD CONSTRAINT "token_restablecimiento_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notificacion" ADD CONSTRAINT "notificacion_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notificacion" ADD CONSTRAINT "notificacion_id_minimarket_fkey" FOREIGN KEY ("id_minimarket") REFERENCES "minimarket"("id_minimarket") ON DELETE CASCADE ON UPDATE CASCADE;
