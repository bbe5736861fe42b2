import { MAX_TEXTO_MENSAJE, MENSAJE_TEXTO_LARGO } from '@minimarket/contracts/soporte';
import { Send } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { mensajeDeError } from '../../lib/api-client';
import { formatEntero } from '../../utils/format';
import { Button } from '../ui/button';
import { Textarea } from '../ui/field';

/** Past this many characters the composer shows how many are left. */
const AVISO_LARGO = MAX_TEXTO_MENSAJE - 500;

/**
 * Writes one message: Enter sends, Shift+Enter breaks the line, and nothing blank (after trimming)
 * or over the limit is ever sent. The text stays when sending fails, with the server's reason.
 */
export function ComposerMensaje({
  enviar,
  etiqueta,
  placeholder = 'Escribe tu mensaje...',
  deshabilitado,
}: {
  enviar: (texto: string) => Promise<unknown>;
  etiqueta: string;
  placeholder?: string;
  deshabilitado?: boolean;
}) {
  const id = useId();
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const limpio = texto.trim();
  const largo = limpio.length > MAX_TEXTO_MENSAJE;

  const mandar = async () => {
    if (!limpio || enviando || deshabilitado) return;
    if (largo) {
      setError(MENSAJE_TEXTO_LARGO);
      return;
    }
    setEnviando(true);
    setError(null);
    try {
      await enviar(limpio);
      setTexto('');
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo enviar el mensaje. Inténtalo de nuevo.'));
    } finally {
      setEnviando(false);
    }
  };

  const alTeclear = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    void mandar();
  };

  const alEnviar = (e: FormEvent) => {
    e.preventDefault();
    void mandar();
  };

  return (
    <form onSubmit={alEnviar} className="space-y-1 border-t border-slate-200 bg-white p-3">
      <label htmlFor={id} className="sr-only">
        {etiqueta}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={id}
          rows={2}
          value={texto}
          placeholder={placeholder}
          disabled={deshabilitado}
          aria-invalid={Boolean(error) || largo}
          aria-describedby={`${id}-ayuda${error ? ` ${id}-error` : ''}`}
          className="max-h-40 min-h-11 flex-1 resize-y"
          onChange={(e) => {
            setTexto(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={alTeclear}
        />
        <Button type="submit" disabled={!limpio || enviando || deshabilitado} aria-label="Enviar mensaje" className="h-11">
          <Send className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{enviando ? 'Enviando...' : 'Enviar'}</span>
        </Button>
      </div>
      <div className="flex flex-wrap justify-between gap-2 text-xs text-slate-600">
        <p id={`${id}-ayuda`}>Enter envía · Shift+Enter agrega una línea</p>
        {limpio.length > AVISO_LARGO && (
          <p className={largo ? 'font-medium text-red-700' : undefined}>
            {formatEntero(limpio.length)} / {formatEntero(MAX_TEXTO_MENSAJE)}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
