import { Filter, Search } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { cn } from '../../../utils/cn';

/** Search box with Buscar, a Filtros panel and 'Limpiar búsqueda', shared by both management lists. */
export function BarraBusqueda({
  termino,
  placeholder,
  etiqueta,
  onBuscar,
  onLimpiar,
  hayBusqueda,
  filtrosActivos,
  filtros,
}: {
  /** The search in force, shown in the box when the list comes back from a form. */
  termino: string;
  placeholder: string;
  etiqueta: string;
  onBuscar: (termino: string) => void;
  onLimpiar: () => void;
  hayBusqueda: boolean;
  filtrosActivos: number;
  filtros: ReactNode;
}) {
  const [texto, setTexto] = useState(termino);
  const [verFiltros, setVerFiltros] = useState(filtrosActivos > 0);
  const panelId = useId();
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    onBuscar(texto.trim());
  };
  return (
    <div className="space-y-3">
      <form onSubmit={enviar} role="search" className="flex flex-wrap gap-2">
        <div className="relative min-w-0 flex-1 basis-60">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input type="search" aria-label={etiqueta} placeholder={placeholder} className="pl-9" value={texto} onChange={(e) => setTexto(e.target.value)} />
        </div>
        <Button type="submit">Buscar</Button>
        <Button variante="contorno" aria-expanded={verFiltros} aria-controls={panelId} onClick={() => setVerFiltros((v) => !v)}>
          <Filter className="size-4" aria-hidden="true" />
          Filtros{filtrosActivos > 0 ? ` (${filtrosActivos})` : ''}
        </Button>
      </form>
      <div id={panelId} hidden={!verFiltros} className={cn('rounded-lg border border-slate-200 bg-slate-50 p-3')}>
        {filtros}
      </div>
      {hayBusqueda && (
        <button
          type="button"
          className="text-sm font-medium text-marca-700 hover:underline"
          onClick={() => {
            setTexto('');
            onLimpiar();
          }}
        >
          Limpiar búsqueda
        </button>
      )}
    </div>
  );
}
