import { PAGE_SIZE_MINIMARKETS } from '@minimarket/contracts/comunes';
import type { Minimarket } from '@minimarket/contracts/minimarkets';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Store, Trash2, UsersRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CajerosTienda } from '../../../components/shop/cajeros-tienda';
import { BackHeader } from '../../../components/ui/back-header';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/field';
import { IconButton } from '../../../components/ui/icon-button';
import { Table, Td, Th } from '../../../components/ui/table';
import { tituloPagina } from '../../../lib/app-info';
import { minimarketsQueryOptions, useEliminarMinimarket } from '../api/minimarkets';
import { useBusquedaGestion } from '../hooks/use-busqueda-gestion';
import { CabeceraGestion, ConfirmarEliminacion, ListaGestion } from './lista-gestion';
import { MinimarketForm } from './minimarket-form';

const SIN_FILTROS = { comuna: '', rubro: '' };

type Modo =
  | { tipo: 'lista' }
  | { tipo: 'crear' }
  | { tipo: 'editar'; id: number }
  | { tipo: 'cajeros'; minimarket: Pick<Minimarket, 'id_minimarket' | 'nombre_minimarket'> };

function FiltrosMinimarket({
  comuna,
  rubro,
  onAplicar,
}: {
  comuna: string;
  rubro: string;
  onAplicar: (comuna: string, rubro: string) => void;
}) {
  // The parent keys this form by the filters applied, so a change there starts it afresh.
  const [c, setC] = useState(comuna);
  const [r, setR] = useState(rubro);
  const aplicar = (e: FormEvent) => {
    e.preventDefault();
    onAplicar(c.trim(), r.trim());
  };
  return (
    <form onSubmit={aplicar} className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field label="Comuna">{(p) => <Input {...p} value={c} onChange={(e) => setC(e.target.value)} placeholder="Ej: Ñuñoa" />}</Field>
      <Field label="Rubro">{(p) => <Input {...p} value={r} onChange={(e) => setR(e.target.value)} placeholder="Ej: Almacén" />}</Field>
      <Button type="submit" variante="secundario">
        Aplicar filtros
      </Button>
    </form>
  );
}

/** A page of the shops, with their cashiers, edit and delete. */
function TablaMinimarkets({
  minimarkets,
  onCajeros,
  onEditar,
  onEliminar,
}: {
  minimarkets: readonly Minimarket[];
  onCajeros: (m: Minimarket) => void;
  onEditar: (m: Minimarket) => void;
  onEliminar: (m: Minimarket) => void;
}) {
  return (
    <Table caption="Minimarkets">
      <thead>
        <tr>
          <Th>Nombre</Th>
          <Th>Usuario</Th>
          <Th className="hidden md:table-cell">Dirección</Th>
          <Th>Comuna</Th>
          <Th className="hidden sm:table-cell">Rubro</Th>
          <Th className="text-right">Acciones</Th>
        </tr>
      </thead>
      <tbody>
        {minimarkets.map((m) => (
          <tr key={m.id_minimarket}>
            <Td className="font-medium text-slate-900">{m.nombre_minimarket}</Td>
            <Td>{m.nombre_usuario}</Td>
            <Td className="hidden md:table-cell">{m.direccion}</Td>
            <Td>{m.comuna}</Td>
            <Td className="hidden sm:table-cell">{m.rubro}</Td>
            <Td>
              <div className="flex justify-end gap-0.5">
                <IconButton
                  icono={UsersRound}
                  aria-label={`Cajeros de ${m.nombre_minimarket}`}
                  title="Cajeros"
                  onClick={() => onCajeros(m)}
                />
                <IconButton icono={Pencil} aria-label={`Editar ${m.nombre_minimarket}`} title="Editar" onClick={() => onEditar(m)} />
                <IconButton
                  icono={Trash2}
                  peligro
                  aria-label={`Eliminar ${m.nombre_minimarket}`}
                  title="Eliminar"
                  onClick={() => onEliminar(m)}
                />
              </div>
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A shop's cashiers (docs/cajeros.md): an administrator manages them for any shop. */
function CajerosDeTienda({
  minimarket,
  onVolver,
}: {
  minimarket: Pick<Minimarket, 'id_minimarket' | 'nombre_minimarket'>;
  onVolver: () => void;
}) {
  return (
    <div className="space-y-4">
      <title>{tituloPagina(`Cajeros de ${minimarket.nombre_minimarket}`)}</title>
      <BackHeader titulo={`Cajeros de ${minimarket.nombre_minimarket}`} textoVolver="Volver a los minimarkets" onVolver={onVolver} />
      <Card className="p-4 sm:p-5">
        <CajerosTienda idMinimarket={minimarket.id_minimarket} nombreTienda={minimarket.nombre_minimarket} />
      </Card>
    </div>
  );
}

export function GestionMinimarketPage() {
  const [modo, setModo] = useState<Modo>({ tipo: 'lista' });
  const busqueda = useBusquedaGestion(SIN_FILTROS);
  const { termino, filtros, pagina } = busqueda;
  const [eliminando, setEliminando] = useState<Minimarket | null>(null);
  const eliminar = useEliminarMinimarket();
  const consulta = useQuery({
    ...minimarketsQueryOptions({ pagina, tamano: PAGE_SIZE_MINIMARKETS, search: termino, ...filtros }),
    enabled: modo.tipo === 'lista',
  });

  if (modo.tipo === 'cajeros') return <CajerosDeTienda minimarket={modo.minimarket} onVolver={() => setModo({ tipo: 'lista' })} />;
  if (modo.tipo !== 'lista')
    return <MinimarketForm id={modo.tipo === 'editar' ? modo.id : null} onVolver={() => setModo({ tipo: 'lista' })} />;

  return (
    <div className="space-y-4">
      <CabeceraGestion
        titulo="Gestión de Minimarket"
        total={consulta.data?.total}
        singular="minimarket"
        plural="minimarkets"
        testIdTotal="total-minimarkets"
        icono={Store}
        textoCrear="Crear Nuevo Minimarket"
        descripcionCrear="Registra una tienda y asígnala a su dueño."
        onCrear={() => setModo({ tipo: 'crear' })}
      />

      <ListaGestion
        busqueda={busqueda}
        etiqueta="Buscar minimarkets"
        placeholder="Buscar por nombre, dirección o comuna..."
        filtros={
          <FiltrosMinimarket
            key={`${filtros.comuna}|${filtros.rubro}`}
            comuna={filtros.comuna}
            rubro={filtros.rubro}
            onAplicar={(comuna, rubro) => busqueda.filtrar({ comuna, rubro })}
          />
        }
        consulta={consulta}
        filas={(d) => d.items}
        error="Error al cargar minimarkets. Por favor, intente nuevamente."
        plural="minimarkets"
        tamano={PAGE_SIZE_MINIMARKETS}
      >
        {(minimarkets) => (
          <TablaMinimarkets
            minimarkets={minimarkets}
            onCajeros={(m) => setModo({ tipo: 'cajeros', minimarket: m })}
            onEditar={(m) => setModo({ tipo: 'editar', id: m.id_minimarket })}
            onEliminar={setEliminando}
          />
        )}
      </ListaGestion>

      <ConfirmarEliminacion
        elemento={eliminando}
        titulo="Eliminar minimarket"
        eliminar={eliminar}
        idDe={(m) => m.id_minimarket}
        mensajeExito={(m) => `Minimarket "${m.nombre_minimarket}" eliminado.`}
        prefijoError="Error al eliminar el minimarket"
        onCerrar={() => setEliminando(null)}
      >
        {(m) =>
          `¿Seguro que deseas eliminar "${m.nombre_minimarket}"? Se eliminarán también sus productos, ventas y cargas. Esta acción no se puede deshacer.`
        }
      </ConfirmarEliminacion>
    </div>
  );
}
