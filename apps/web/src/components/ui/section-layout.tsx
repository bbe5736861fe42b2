import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageHeader } from './page-header';
import { TabsNav, type Pestana } from './tabs-nav';

/** A section page: its title, its tabs (each a route) and the active tab below. */
export function SectionLayout({
  titulo,
  descripcion,
  pestanas,
  acciones,
}: {
  titulo: string;
  descripcion?: ReactNode;
  pestanas: Pestana[];
  acciones?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl space-y-4">
      {/* The title and tabs are the app's chrome: a printed report starts with its own heading. */}
      <div className="space-y-4 print:hidden">
        <PageHeader titulo={titulo} descripcion={descripcion} acciones={acciones} />
        <TabsNav pestanas={pestanas} etiqueta={`Secciones de ${titulo}`} />
      </div>
      <div className="pt-2 print:pt-0">
        <Outlet />
      </div>
    </div>
  );
}
