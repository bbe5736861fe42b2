import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';

export function VolverLogin() {
  return (
    <Link to="/inicio-sesion" className="inline-flex items-center gap-1 text-sm font-medium text-marca-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" /> Volver al inicio de sesión
    </Link>
  );
}
