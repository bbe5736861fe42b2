import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';

/** A card that is one link: an icon, a title and a line on where it leads. */
export function LinkCard({ to, icono: Icono, titulo, texto }: { to: string; icono: LucideIcon; titulo: string; texto: string }) {
  return (
    <Link to={to} className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-marca-500 hover:shadow-sm">
      <span className="h-fit rounded-lg bg-marca-50 p-2 text-marca-700">
        <Icono className="size-5" aria-hidden="true" />
      </span>
      <span>
        <span className="block font-semibold text-slate-900">{titulo}</span>
        <span className="mt-0.5 block text-sm text-slate-600">{texto}</span>
      </span>
    </Link>
  );
}
