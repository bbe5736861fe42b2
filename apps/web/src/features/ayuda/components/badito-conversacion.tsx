import { Bot, Send } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { NOMBRE_ASISTENTE } from '../../../lib/app-info';
import { cn } from '../../../utils/cn';

/**
 * Badito's conversation. Answers about the shop's own data come with their issue; until then
 * the assistant says so plainly instead of inventing replies, and points to what already works.
 */
export function BaditoConversacion({ compacto = false, onNavegar }: { compacto?: boolean; onNavegar?: () => void }) {
  const inputId = useId();
  const burbuja = 'max-w-[85%] rounded-2xl rounded-tl-sm bg-slate-100 px-3 py-2 text-sm text-slate-800';
  const enlace = 'rounded-full border border-marca-200 bg-marca-50 px-3 py-1 text-xs font-medium text-marca-800 hover:bg-marca-100';
  return (
    <div className="flex h-full min-h-0 flex-col">
      <ol className={cn('flex-1 space-y-3 overflow-y-auto', compacto ? 'p-3' : 'p-4')} aria-label={`Conversación con ${NOMBRE_ASISTENTE}`}>
        <li className="flex gap-2">
          <span className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-marca-700 text-white" aria-hidden="true">
            <Bot className="size-4" />
          </span>
          <p className={burbuja}>¡Hola! Soy {NOMBRE_ASISTENTE}, el asistente de inteligencia artificial de tu minimarket.</p>
        </li>
        <li className="flex gap-2">
          <span className="size-7 shrink-0" aria-hidden="true" />
          <div className={burbuja}>
            <p>
              Muy pronto podrás preguntarme por tus ventas del día, tu producto más vendido o qué productos se están agotando. Todavía no
              puedo responder mensajes; mientras tanto, estas secciones ya tienen tus datos reales:
            </p>
            <div className="mt-2 flex flex-wrap gap-1.5">
              <Link to="/pos/transacciones" className={enlace} onClick={onNavegar}>
                Ver transacciones
              </Link>
              <Link to="/pos/buscar-producto" className={enlace} onClick={onNavegar}>
                Revisar inventario
              </Link>
              <Link to="/cargar/cargar-datos" className={enlace} onClick={onNavegar}>
                Cargar un archivo
              </Link>
            </div>
          </div>
        </li>
      </ol>
      <form className="flex items-center gap-2 border-t border-slate-200 p-2" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId} className="sr-only">
          Mensaje para {NOMBRE_ASISTENTE}
        </label>
        <input
          id={inputId}
          disabled
          placeholder={`${NOMBRE_ASISTENTE} responderá mensajes pronto`}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-100 px-3 text-sm text-slate-600 placeholder:text-slate-600"
        />
        <button type="submit" disabled className="rounded-lg bg-marca-700/50 p-2.5 text-white" aria-label="Enviar mensaje">
          <Send className="size-4" aria-hidden="true" />
        </button>
      </form>
    </div>
  );
}
