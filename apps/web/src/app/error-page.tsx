import { TriangleAlert } from 'lucide-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { buttonClasses } from '../components/ui/button';
import { tituloPagina } from '../lib/app-info';

function textoDelError(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return 'La página que buscas no existe.';
    return `${error.status} ${error.statusText}`.trim();
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Error desconocido';
}

/** The 'Oops' page of spec §2: the reason in italics and a way back to the start. */
function Oops({ texto }: { texto: string }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
      <title>{tituloPagina('Oops')}</title>
      <div className="mb-4 rounded-full bg-red-50 p-4 text-red-600">
        <TriangleAlert className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-bold text-slate-900">Oops</h1>
      <p className="mt-2 text-slate-700">Algo salió mal.</p>
      <p className="mt-1 max-w-prose text-sm text-slate-600">
        <i>{texto}</i>
      </p>
      <Link to="/" className={buttonClasses('primario', 'md', 'mt-6')}>
        Volver al inicio
      </Link>
    </main>
  );
}

/** A route that failed: what went wrong is logged for whoever looks at the console. */
export function ErrorPage() {
  const error = useRouteError();
  if (error && !(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return <Oops texto={textoDelError(error)} />;
}

/** An address that is no page: not an error of the app, so nothing is thrown or logged. */
export function PaginaNoEncontrada() {
  return <Oops texto="La página que buscas no existe." />;
}
