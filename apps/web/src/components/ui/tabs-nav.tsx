import { NavLink } from 'react-router-dom';
import { cn } from '../../utils/cn';

export interface Pestana {
  to: string;
  label: string;
  end?: boolean;
}

/** The section tabs under a page title; each tab is a route, so it can be linked and reloaded. */
export function TabsNav({ pestanas, etiqueta }: { pestanas: Pestana[]; etiqueta: string }) {
  return (
    <nav aria-label={etiqueta} className="-mx-4 overflow-x-auto overflow-y-hidden border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1">
        {pestanas.map((p) => (
          <li key={p.to}>
            <NavLink
              to={p.to}
              end={p.end}
              className={({ isActive }) =>
                cn(
                  '-mb-px inline-flex h-11 items-center border-b-2 px-3 text-xs font-semibold tracking-wide sm:text-sm',
                  isActive
                    ? 'border-marca-700 text-marca-800'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                )
              }
            >
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
