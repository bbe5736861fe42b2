// «Auditoría» (docs/cajeros.md): what happened at the shop that the owner wants to read back — each
// action they approved with their PIN (who did it, who approved), each PIN refused, changes of price,
// stock counts and people. Owners and administrators; filtered by action and by person.
import { ACCIONES_AUDITORIA, ACCIONES_AUDITORIA_LISTA, type AccionAuditoria, PAGE_SIZE_AUDITORIA } from '@minimarket/contracts/auditoria';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ScrollText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OpcionesPersonas } from '../../../components/shop/opciones-personas';
import { RequiereTienda } from '../../../components/shop/requiere-tienda';
import { ShopSelector } from '../../../components/shop/shop-selector';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Select } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { totalPaginas } from '../../../utils/paginacion';
import { QueryResult } from '../../../components/ui/query-result';
import { TablaOTarjetas } from '../../../components/ui/tabla-o-tarjetas';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { usePersonasDeLaTienda } from '../../../lib/cajeros';
import { contar, formatFechaHora } from '../../../utils/format';
import { auditoriaQueryOptions } from '../api/auditoria';

/** Refusals and approvals stand out from the everyday changes. */
const COLOR_ACCION: Partial<Record<AccionAuditoria, 'rojo' | 'amarillo' | 'azul'>> = {
  pin_rechazado: 'rojo',
  anulacion: 'amarillo',
  devolucion: 'amarillo',
  retiro_caja: 'amarillo',
  fiado_sobre_limite: 'amarillo',
};

function Auditoria({ idMinimarket }: { idMinimarket: number }) {
  const [accion, setAccion] = useState<AccionAuditoria | ''>('');
  const [idUsuario, setIdUsuario] = useState<number | null>(null);
  const [pagina, setPagina] = useState(1);
  const personas = usePersonasDeLaTienda(idMinimarket);
  const consulta = useQuery(
    auditoriaQueryOptions({
      idMinimarket,
      accion: accion || undefined,
      idUsuario: idUsuario ?? undefined,
      pagina,
      tamano: PAGE_SIZE_AUDITORIA,
    }),
  );
  const hayFiltros = accion !== '' || idUsuario !== null;

  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <Field label="Acción">
          {(p) => (
            <Select
              {...p}
              value={accion}
              onChange={(e) => {
                setAccion(e.target.value as AccionAuditoria | '');
                setPagina(1);
              }}
            >
              <option value="">Todas</option>
              {ACCIONES_AUDITORIA_LISTA.map((a) => (
                <option key={a} value={a}>
                  {ACCIONES_AUDITORIA[a]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Persona">
          {(p) => (
            <Select
              {...p}
              value={idUsuario ?? ''}
              onChange={(e) => {
                setIdUsuario(e.target.value === '' ? null : Number(e.target.value));
                setPagina(1);
              }}
            >
              <option value="">Todas</option>
              <OpcionesPersonas personas={personas} />
            </Select>
          )}
        </Field>
      </div>
      {consulta.data && consulta.data.total > 0 && (
        <p className="text-sm text-slate-600">{contar(consulta.data.total, 'registro')}, el más reciente primero.</p>
      )}
      <QueryResult
        query={consulta}
        filas={(d) => d.entradas}
        error={mensajeDeError(consulta.error, 'No se pudo cargar la auditoría.')}
        vacio={
          hayFiltros ? (
            <p className="py-6 text-center text-sm text-slate-600">No hay registros con esos filtros.</p>
          ) : (
            <EmptyState icono={ScrollText} titulo="Todavía no hay nada que auditar">
              Aquí quedan las anulaciones, devoluciones y retiros que autorizas con tu PIN, los PIN rechazados y los cambios de precio,
              stock y cajeros.
            </EmptyState>
          )
        }
      >
        {(entradas) => (
          <TablaOTarjetas
            caption="Auditoría de la tienda"
            filas={entradas}
            clave={(e) => e.id_auditoria}
            propsFila={(e) => ({ 'data-testid': `auditoria-${e.id_auditoria}`, 'data-accion': e.accion })}
            columnas={[
              {
                titulo: 'Acción',
                enTarjeta: 'titulo',
                celda: (e) => <Badge color={COLOR_ACCION[e.accion] ?? 'gris'}>{ACCIONES_AUDITORIA[e.accion]}</Badge>,
              },
              { titulo: 'Fecha', celda: (e) => <span className="whitespace-nowrap">{formatFechaHora(e.fecha)}</span> },
              { titulo: 'Quién', celda: (e) => e.nombre_usuario ?? '—' },
              { titulo: 'Autorizó', celda: (e) => e.nombre_autorizador ?? '—' },
              { titulo: 'Detalle', celda: (e) => <span className="break-words">{e.detalle}</span> },
            ]}
          />
        )}
      </QueryResult>
      {consulta.data && (
        <Pagination pagina={pagina} totalPaginas={totalPaginas(consulta.data.total, PAGE_SIZE_AUDITORIA)} onCambiar={setPagina} />
      )}
    </Card>
  );
}

export function AuditoriaPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <title>{tituloPagina('Auditoría')}</title>
      <Link to="/configuracion" className={buttonClasses('fantasma', 'sm')}>
        <ArrowLeft className="size-4" aria-hidden="true" /> Configuración
      </Link>
      <PageHeader
        titulo="Auditoría"
        descripcion="Quién hizo qué en la caja: lo que autorizaste con tu PIN, los PIN rechazados y los cambios de precio, stock y cajeros."
        acciones={<ShopSelector />}
      />
      <RequiereTienda>{(id) => <Auditoria key={id} idMinimarket={id} />}</RequiereTienda>
    </div>
  );
}
