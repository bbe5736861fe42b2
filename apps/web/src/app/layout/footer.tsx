import { APP_NAME } from '../../lib/app-info';

export function Footer() {
  return (
    <footer className="print:hidden border-t border-slate-200 bg-white py-4 pr-20 pl-4 text-center text-xs text-slate-600 md:px-6">
      © {new Date().getFullYear()} {APP_NAME}. Todos los derechos reservados.
    </footer>
  );
}
