import { Filter } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { cn } from '../../../utils/cn';

/** Search box with Buscar, a Filtros panel and 'Limpiar búsqueda', shared by both management lists. */
export function BarraBusqueda({
  termino,
  placeholder,
  etiqueta,
  onBuscar,
  onLimpiar,
  filtrosActivos,
  filtros,
}: {
  /** The search in force, shown in the box when the list comes back from a form. */
  termino: string;
  placeholder: string;
  etiqueta: string;
  onBuscar: (termino: string) => void;
  onLimpiar: () => void;
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
        <SearchInput
          className="min-w-0 flex-1 basis-60"
          aria-label={etiqueta}
          placeholder={placeholder}
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
        />
        <Button type="submit">Buscar</Button>
        <Button variante="contorno" aria-expanded={verFiltros} aria-controls={panelId} onClick={() => setVerFiltros((v) => !v)}>
          <Filter className="size-4" aria-hidden="true" />
          Filtros{filtrosActivos > 0 ? ` (${filtrosActivos})` : ''}
        </Button>
      </form>
      <div id={panelId} hidden={!verFiltros} className={cn('rounded-lg border border-slate-200 bg-slate-50 p-3')}>
        {filtros}
      </div>
      {(termino !== '' || filtrosActivos > 0) && (
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
