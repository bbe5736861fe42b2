import { zodResolver } from '@hookform/resolvers/zod';
import { DESCUENTO_MAXIMO_PCT_POR_DEFECTO } from '@minimarket/contracts/descuentos';
import {
  DIAS_AVISO_FIADO_POR_DEFECTO,
  MAX_MINUTOS_BLOQUEO_CAJA,
  minimarketConfiguracionSchema,
  MINUTOS_BLOQUEO_CAJA_POR_DEFECTO,
  UMBRAL_STOCK_BAJO_POR_DEFECTO,
} from '@minimarket/contracts/minimarkets';
import { useQuery } from '@tanstack/react-query';
import { Banknote, FolderDown, Grid3x3, ReceiptText, Scale, ScrollText, Settings2, UsersRound } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CajerosTienda } from '../../../components/shop/cajeros-tienda';
import { DescargarDatos } from '../../../components/shop/descargar-datos';
import { ShopSelector } from '../../../components/shop/shop-selector';
import { RequiereTienda } from '../../../components/shop/requiere-tienda';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { PageHeader } from '../../../components/ui/page-header';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { minimarketQueryOptions } from '../../../lib/current-shop';
import { emisorQueryOptions } from '../../../lib/boletas';
import { useConfigurarMinimarket } from '../api/cuenta';
import { BoletaElectronicaForm } from './boleta-electronica-form';
import { EtiquetasForm } from './etiquetas-form';
import { TeclasRapidasForm } from './teclas-rapidas-form';

type Input = z.input<typeof minimarketConfiguracionSchema>;
type Output = z.output<typeof minimarketConfiguracionSchema>;

/** The shop's alerts: the low-stock threshold and after how many days an unpaid fiado is notified. */
function UmbralForm({ idMinimarket, umbral, dias, nombre }: { idMinimarket: number; umbral: number; dias: number; nombre: string }) {
  const configurar = useConfigurarMinimarket();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(minimarketConfiguracionSchema),
    defaultValues: { umbral_stock_bajo: String(umbral), dias_aviso_fiado: String(dias) },
  });
  const guardar = handleSubmit(async ({ umbral_stock_bajo, dias_aviso_fiado }) => {
    setError(null);
    try {
      const m = await configurar.mutateAsync({
        id: idMinimarket,
        umbral_stock_bajo: umbral_stock_bajo ?? umbral,
        dias_aviso_fiado: dias_aviso_fiado ?? dias,
      });
      reset({ umbral_stock_bajo: String(m.umbral_stock_bajo), dias_aviso_fiado: String(m.dias_aviso_fiado) });
      toast.success('Configuración guardada.', { duration: 2000 });
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo guardar la configuración.'));
    }
  });
  return (
    <form onSubmit={guardar} noValidate className="mt-4 space-y-4" aria-label="Configuración del minimarket">
      {error && <Alert tipo="error">{error}</Alert>}
      <Field
        label="Umbral de stock bajo"
        error={errors.umbral_stock_bajo?.message}
        hint={`Un producto de ${nombre} con menos unidades que este número (kilos, si se vende a granel) se marca como «Stock bajo» y genera una notificación. Por defecto: ${UMBRAL_STOCK_BAJO_POR_DEFECTO}.`}
      >
        {(p) => <Input {...p} inputMode="numeric" className="max-w-40" {...register('umbral_stock_bajo')} />}
      </Field>
      <Field
        label="Días para avisar de un fiado impago"
        error={errors.dias_aviso_fiado?.message}
        hint={`Cuando la compra fiada más antigua que un cliente no ha pagado cumple estos días, te llega una notificación. Por defecto: ${DIAS_AVISO_FIADO_POR_DEFECTO}.`}
      >
        {(p) => <Input {...p} inputMode="numeric" className="max-w-40" {...register('dias_aviso_fiado')} />}
      </Field>
      <Button type="submit" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? 'Guardando...' : 'Guardar'}
      </Button>
    </form>
  );
}

/** 'Exigir caja abierta para vender': saved as soon as it is switched. */
function CajaForm({ idMinimarket, exigir }: { idMinimarket: number; exigir: boolean }) {
  const configurar = useConfigurarMinimarket();
  const id = useId();
  const cambiar = async (valor: boolean) => {
    try {
      await configurar.mutateAsync({ id: idMinimarket, exigir_caja_abierta: valor });
      toast.success('Configuración guardada.', { duration: 2000 });
    } catch (e) {
      toast.error(mensajeDeError(e, 'No se pudo guardar la configuración.'));
    }
  };
  return (
    <div className="mt-4 flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-5 accent-marca-700"
        checked={exigir}
        disabled={configurar.isPending}
        onChange={(e) => void cambiar(e.target.checked)}
      />
      <label htmlFor={id} className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">Exigir caja abierta para vender</span>
        <span className="block text-slate-600">
          Con esta opción, el POS no registra ventas si no hay un turno de caja abierto. Viene apagada.
        </span>
      </label>
    </div>
  );
}

/** The settings saved one number at a time, each in a form of its own (which has only its own field). */
type AjusteNumerico = 'minutos_bloqueo_caja' | 'descuento_maximo_pct';
const ajusteNumericoSchema = z.object({
  minutos_bloqueo_caja: minimarketConfiguracionSchema.shape.minutos_bloqueo_caja,
  descuento_maximo_pct: minimarketConfiguracionSchema.shape.descuento_maximo_pct,
});

/**
 * One number of the shop's settings with its own button, named apart from the alerts' «Guardar» on the
 * same page (`textoBoton`); what the server refuses is said under the field.
 */
function AjusteNumericoForm({
  idMinimarket,
  ajuste,
  valor,
  etiquetaForm,
  label,
  hint,
  textoBoton,
}: {
  idMinimarket: number;
  ajuste: AjusteNumerico;
  valor: number;
  etiquetaForm: string;
  label: string;
  hint: string;
  textoBoton: string;
}) {
  const configurar = useConfigurarMinimarket();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<z.input<typeof ajusteNumericoSchema>, unknown, z.output<typeof ajusteNumericoSchema>>({
    resolver: zodResolver(ajusteNumericoSchema),
    defaultValues: { [ajuste]: String(valor) },
  });
  const guardar = handleSubmit(async (datos) => {
    try {
      const m = await configurar.mutateAsync({ id: idMinimarket, [ajuste]: datos[ajuste] });
      reset({ [ajuste]: String(m[ajuste]) });
      toast.success('Configuración guardada.', { duration: 2000 });
    } catch (e) {
      setError(ajuste, { message: mensajeDeError(e, 'No se pudo guardar la configuración.') });
    }
  });
  return (
    <form onSubmit={guardar} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start" aria-label={etiquetaForm}>
      <Field label={label} error={errors[ajuste]?.message} hint={hint} className="sm:max-w-md">
        {(p) => <Input {...p} inputMode="numeric" className="max-w-40" {...register(ajuste)} />}
      </Field>
      <Button type="submit" className="sm:mt-6" disabled={isSubmitting || !isDirty}>
        {isSubmitting ? 'Cambiando...' : textoBoton}
      </Button>
    </form>
  );
}

/** «Boleta electrónica» (issue #23): the issuer, the provider and whether the shop issues boletas. */
function BoletaElectronica({ idMinimarket }: { idMinimarket: number }) {
  const { data, isPending, isError, error, refetch } = useQuery(emisorQueryOptions(idMinimarket));
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ReceiptText className="size-5 text-marca-700" aria-hidden="true" /> Boleta electrónica
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Los datos con que el SII conoce a tu empresa y el proveedor autorizado que timbra y envía cada boleta.
      </p>
      {isPending ? (
        <Loading />
      ) : isError ? (
        <div className="mt-3">
          <RetryAlert onReintentar={() => void refetch()}>
            {mensajeDeError(error, 'No se pudo cargar la configuración de la boleta electrónica.')}
          </RetryAlert>
        </div>
      ) : (
        // Keyed by what is saved: after a save (or a change elsewhere) the form starts from it.
        <BoletaElectronicaForm key={JSON.stringify(data)} emisor={data} />
      )}
    </Card>
  );
}

function ConfiguracionTienda({ idMinimarket }: { idMinimarket: number }) {
  const { data, isPending, isError, error } = useQuery(minimarketQueryOptions(idMinimarket));
  return (
    <>
      <Card className="p-4 sm:p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Settings2 className="size-5 text-marca-700" aria-hidden="true" /> Alertas de inventario
        </h2>
        {isPending ? (
          <Loading />
        ) : isError ? (
          <Alert tipo="error" className="mt-3">
            {mensajeDeError(error, 'No se pudo cargar el minimarket.')}
          </Alert>
        ) : (
          <UmbralForm
            key={data.id_minimarket}
            idMinimarket={data.id_minimarket}
            umbral={data.umbral_stock_bajo}
            dias={data.dias_aviso_fiado}
            nombre={data.nombre_minimarket}
          />
        )}
      </Card>
      {data && (
        <Card className="p-4 sm:p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Banknote className="size-5 text-marca-700" aria-hidden="true" /> Caja
          </h2>
          <CajaForm idMinimarket={data.id_minimarket} exigir={data.exigir_caja_abierta} />
          {/* «Minutos sin uso antes de pedir PIN» (docs/cajeros.md): after that long without a touch, a key or a
              scan, a shared till goes back to its PIN screen. */}
          <AjusteNumericoForm
            key={data.minutos_bloqueo_caja}
            idMinimarket={data.id_minimarket}
            ajuste="minutos_bloqueo_caja"
            valor={data.minutos_bloqueo_caja}
            etiquetaForm="Bloqueo de la caja"
            label="Minutos sin uso antes de pedir PIN"
            hint={`En una caja compartida, tras estos minutos sin tocarla vuelve a pedir el PIN. De 1 a ${MAX_MINUTOS_BLOQUEO_CAJA}; por defecto ${MINUTOS_BLOQUEO_CAJA_POR_DEFECTO}.`}
            textoBoton="Cambiar minutos"
          />
          {/* «Descuento máximo de un cajero (%)» (issue 32, docs/pagos.md «Descuentos»): a cashier's discounts past
              this share of the cart need the owner's PIN at the till. The owner has no cap. */}
          <AjusteNumericoForm
            key={`descuento-${data.descuento_maximo_pct}`}
            idMinimarket={data.id_minimarket}
            ajuste="descuento_maximo_pct"
            valor={data.descuento_maximo_pct}
            etiquetaForm="Descuento máximo de un cajero"
            label="Descuento máximo de un cajero (%)"
            hint={`Un cajero que descuenta más que este porcentaje del total de la venta necesita tu PIN. Tú no tienes tope. De 0 a 100; por defecto ${DESCUENTO_MAXIMO_PCT_POR_DEFECTO}.`}
            textoBoton="Cambiar tope"
          />
        </Card>
      )}
      {data && (
        <Card className="p-4 sm:p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Grid3x3 className="size-5 text-marca-700" aria-hidden="true" /> Teclas rápidas
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Botones grandes en Nueva venta para lo que más vendes: un toque agrega una unidad (un producto por kilo pide el peso).
          </p>
          <TeclasRapidasForm idMinimarket={data.id_minimarket} />
        </Card>
      )}
      {data && (
        <Card className="p-4 sm:p-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <UsersRound className="size-5 text-marca-700" aria-hidden="true" /> Cajeros
            </h2>
            <Link to="/configuracion/auditoria" className={buttonClasses('contorno', 'sm')}>
              <ScrollText className="size-4" aria-hidden="true" /> Ver auditoría
            </Link>
          </div>
          <div className="mt-3">
            <CajerosTienda idMinimarket={data.id_minimarket} nombreTienda={data.nombre_minimarket} />
          </div>
        </Card>
      )}
      {data && (
        <Card className="p-4 sm:p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Scale className="size-5 text-marca-700" aria-hidden="true" /> Etiquetas de balanza
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Si la balanza del mesón imprime una etiqueta con código de barras (empieza con 20 a 29), indica cómo la arma.
          </p>
          {/* Keyed by the saved layout: after a save (or a change elsewhere) the form starts from it. */}
          <EtiquetasForm key={JSON.stringify(data.formato_etiqueta)} idMinimarket={data.id_minimarket} formato={data.formato_etiqueta} />
        </Card>
      )}
      {data && <BoletaElectronica idMinimarket={data.id_minimarket} />}
      {data && (
        <Card className="p-4 sm:p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <FolderDown className="size-5 text-marca-700" aria-hidden="true" /> Tus datos
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600">
            Todo lo de {data.nombre_minimarket} en un archivo .zip: productos, ventas y sus líneas, devoluciones, turnos de caja, libro de
            stock, cargas, clientes y abonos, y boletas, un CSV por tabla que Excel abre, con un README.txt que explica cada columna.
          </p>
          <DescargarDatos idMinimarket={data.id_minimarket} />
        </Card>
      )}
    </>
  );
}

export function ConfiguracionPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <title>{tituloPagina('Configuración')}</title>
      <PageHeader titulo="Configuración" descripcion="Ajustes de tu minimarket." acciones={<ShopSelector />} />
      <RequiereTienda>{(id) => <ConfiguracionTienda key={id} idMinimarket={id} />}</RequiereTienda>
    </div>
  );
}
