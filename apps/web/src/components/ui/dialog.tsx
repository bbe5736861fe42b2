import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from '../../utils/cn';

interface DialogProps {
  abierto: boolean;
  onCerrar: () => void;
  titulo: string;
  descripcion?: ReactNode;
  children?: ReactNode;
  pie?: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores
 * focus to the opener. Content mounts only while open, so forms inside start fresh; the element
 * marked `data-autofocus` gets the focus on opening.
 */
export function Dialog({ abierto, onCerrar, titulo, descripcion, children, pie, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const tituloId = useId();
  const descripcionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (abierto && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element (the close button); a field marked
      // data-autofocus (React's autoFocus runs before showModal and loses) takes it instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!abierto && dialog.open) dialog.close();
  }, [abierto]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={tituloId}
      aria-describedby={descripcion ? descripcionId : undefined}
      // React passes a nested <dialog>'s close up its tree: only this one's own close closes it.
      onClose={(e) => {
        if (e.target === e.currentTarget) onCerrar();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onCerrar();
      }}
      className={cn(
        'm-auto w-[calc(100%-1.5rem)] max-w-lg rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50',
        className,
      )}
    >
      {abierto && (
        <div className="flex max-h-[85vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <h2 id={tituloId} className="text-lg font-semibold">
                {titulo}
              </h2>
              {descripcion && (
                <div id={descripcionId} className="mt-1 text-sm text-slate-600">
                  {descripcion}
                </div>
              )}
            </div>
            <button
              type="button"
              onClick={onCerrar}
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Cerrar"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          </div>
          {children && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {pie && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{pie}</div>}
        </div>
      )}
    </dialog>
  );
}
