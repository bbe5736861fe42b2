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
      <PageHeader titulo={titulo} descripcion={descripcion} acciones={acciones} />
      <TabsNav pestanas={pestanas} etiqueta={`Secciones de ${titulo}`} />
      <div className="pt-2">
        <Outlet />
      </div>
    </div>
  );
}
