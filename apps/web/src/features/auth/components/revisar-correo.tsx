// Password recovery, second part, on the login page: the mail is on its way.
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { MENSAJE_ERROR_RECUPERACION, mensajeRecuperacion, useSolicitarRecuperacion } from '../api/recuperacion';
import { VolverLogin } from './volver-login';

/** The login page's check-email step: the link went (if the account exists); 'Reenviar' asks again for the same address. */
export function PasoRevisarCorreo() {
  const location = useLocation();
  const estado = location.state as { email?: string; message?: string } | null;
  const email = estado?.email;
  const reenviar = useSolicitarRecuperacion();
  const [resultado, setResultado] = useState<{ tipo: 'exito' | 'error'; texto: string } | null>(null);

  return (
    <div className="space-y-4">
      <div className="flex justify-center">
        <span className="rounded-full bg-marca-50 p-4 text-marca-700">
          <MailCheck className="size-8" aria-hidden="true" />
        </span>
      </div>
      <p className="text-sm text-slate-700">
        {email ? (
          <>
            Si existe una cuenta asociada a <strong>{email}</strong>, te enviamos las instrucciones para restablecer tu contraseña.
          </>
        ) : (
          'Si existe una cuenta asociada a tu correo, te enviamos las instrucciones para restablecer tu contraseña.'
        )}{' '}
        Revisa también la carpeta de correo no deseado.
      </p>
      {estado?.message && <Alert tipo="exito">{estado.message}</Alert>}
      {resultado && <Alert tipo={resultado.tipo}>{resultado.texto}</Alert>}
      {email ? (
        <Button
          variante="contorno"
          className="w-full"
          disabled={reenviar.isPending}
          onClick={async () => {
            setResultado(null);
            try {
              const { message } = await reenviar.mutateAsync(email);
              setResultado({ tipo: 'exito', texto: message });
            } catch (e) {
              setResultado({ tipo: 'error', texto: mensajeRecuperacion(e, MENSAJE_ERROR_RECUPERACION) });
            }
          }}
        >
          {reenviar.isPending ? 'Enviando...' : 'Reenviar'}
        </Button>
      ) : (
        <Link to="/inicio-sesion?paso=forgot" className="block text-center text-sm font-medium text-marca-700 hover:underline">
          Reenviar
        </Link>
      )}
      <VolverLogin />
    </div>
  );
}
