import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { useAuth } from '../../../lib/auth';
import { useSinConexion } from '../../../lib/offline/conexion';
import { loginFormSchema, type LoginFormInput } from '../utils/esquemas';

type Errores = Partial<Record<keyof LoginFormInput, string>>;

/**
 * The sign-in form. It checks its input with the same zod schema as every other form, but
 * without react-hook-form: this is the first screen anyone downloads, and two fields do not
 * need a form library (the /inicio-sesion bundle budget).
 */
export function LoginForm({ aviso }: { aviso?: string | null }) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [valores, setValores] = useState<LoginFormInput>({ correo: '', password: '', recordar: false });
  const [errores, setErrores] = useState<Errores>({});
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const sinConexion = useSinConexion();

  const enviar = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const r = loginFormSchema.safeParse(valores);
    if (!r.success) {
      const nuevos: Errores = {};
      for (const issue of r.error.issues) {
        const campo = issue.path[0] as keyof LoginFormInput;
        nuevos[campo] ??= issue.message;
      }
      setErrores(nuevos);
      return;
    }
    setErrores({});
    setEnviando(true);
    try {
      await login(r.data.correo, r.data.password, r.data.recordar);
      const desde = (location.state as { from?: string } | null)?.from;
      navigate(desde && desde.startsWith('/') ? desde : '/', { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setEnviando(false);
    }
  };

  return (
    <form onSubmit={enviar} noValidate className="space-y-4">
      {aviso && <Alert tipo="aviso">{aviso}</Alert>}
      {sinConexion && (
        <Alert tipo="aviso">
          Sin conexión: para iniciar sesión se necesita internet. Si ya tenías la sesión abierta en este equipo, la caja sigue vendiendo sin
          conexión.
        </Alert>
      )}
      {error && <Alert tipo="error">{error}</Alert>}
      <Field label="Correo electrónico" error={errores.correo}>
        {(p) => (
          <Input
            {...p}
            name="correo"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="tu@correo.cl"
            value={valores.correo}
            onChange={(e) => setValores((v) => ({ ...v, correo: e.target.value }))}
          />
        )}
      </Field>
      <Field label="Contraseña" error={errores.password}>
        {(p) => (
          <Input
            {...p}
            name="password"
            type="password"
            autoComplete="current-password"
            value={valores.password}
            onChange={(e) => setValores((v) => ({ ...v, password: e.target.value }))}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="inline-flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="recordar"
            className="size-4 rounded border-slate-300 accent-marca-700"
            checked={valores.recordar}
            onChange={(e) => setValores((v) => ({ ...v, recordar: e.target.checked }))}
          />
          Recordar sesión
        </label>
        <Link to="/inicio-sesion?paso=forgot" className="text-sm font-medium text-marca-700 hover:underline">
          ¿Olvidaste tu contraseña?
        </Link>
      </div>
      <Button type="submit" className="w-full" tamano="lg" disabled={enviando}>
        {enviando ? 'Iniciando sesión...' : 'Iniciar Sesión'}
      </Button>
    </form>
  );
}
