import { FileQuestion, TriangleAlert, type LucideIcon } from 'lucide-react';
import { use, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClasses } from '../components/ui/button';
import { tituloPagina } from '../lib/app-info';
import { cn } from '../utils/cn';
import { DentroDelMarco } from './layout/marco';

export const TITULO_NO_EXISTE = 'Esta página no existe';

function textoDelError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return 'Error desconocido';
}

const es404 = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;

/** A full-page message with a way back to the start. */
function Aviso({ icono: Icono, titulo, children, alerta }: { icono: LucideIcon; titulo: string; children: ReactNode; alerta: boolean }) {
  const Contenedor = use(DentroDelMarco) ? 'div' : 'main';
  return (
    <Contenedor className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
      <title>{tituloPagina(titulo)}</title>
      <div className={cn('mb-4 rounded-full p-4', alerta ? 'bg-red-50 text-red-600' : 'bg-marca-50 text-marca-700')}>
        <Icono className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-bold text-slate-900">{titulo}</h1>
      {children}
      <Link to="/" className={buttonClasses('primario', 'md', 'mt-6')}>
        Volver al inicio
      </Link>
    </Contenedor>
  );
}

/** An address that is no page: not an error of the app, so it says just that and nothing is logged. */
export function PaginaNoEncontrada() {
  return (
    <Aviso icono={FileQuestion} titulo={TITULO_NO_EXISTE} alerta={false}>
      <p className="mt-2 max-w-prose text-slate-700">
        La dirección no corresponde a ninguna pantalla. Puede que el enlace esté incompleto o que la página se haya movido: revisa la
        dirección o vuelve al inicio.
      </p>
    </Aviso>
  );
}

/** A route that failed: the 'Oops' page of spec §2, the reason in italics; what went wrong is logged for whoever looks at the console. */
export function ErrorPage() {
  const error = useRouteError();
  if (es404(error)) return <PaginaNoEncontrada />;
  if (error) console.error(error);
  return (
    <Aviso icono={TriangleAlert} titulo="Oops" alerta>
      <p className="mt-2 text-slate-700">Algo salió mal.</p>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        <i>{textoDelError(error)}</i>
      </p>
    </Aviso>
  );
}
