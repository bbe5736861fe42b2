import { CalendarDays } from 'lucide-react';
import { useCallback, useId, useRef, useState, type CSSProperties, type InputHTMLAttributes } from 'react';
import { DayPicker } from 'react-day-picker';
import { es } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { diaAIso, esFechaIso, FORMATO_FECHA, isoADia, isoATexto, textoAIso } from '../../utils/fechas';
import { useCerrarFuera } from '../../hooks/use-cerrar-fuera';
import { Input } from './field';

const COLORES = {
  '--rdp-accent-color': 'var(--color-marca-700)',
  '--rdp-accent-background-color': 'var(--color-marca-50)',
  '--rdp-today-color': 'var(--color-marca-700)',
} as CSSProperties;

/**
 * A date field that reads and shows dd-mm-aaaa in any browser language (a native date input
 * follows the browser's: mm/dd/yyyy in English), with an es-CL calendar beside it (weeks from
 * Monday, Spanish month names). `value` and `onChange` speak ISO days ('2026-11-23'), '' when
 * empty; text that is not a day is passed on as typed, so the form can say what is wrong.
 */
export function FechaInput({
  value,
  onChange,
  min,
  max,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'min' | 'max' | 'type'> & {
  value: string;
  onChange: (valor: string) => void;
  min?: string;
  max?: string;
}) {
  const [texto, setTexto] = useState(() => isoATexto(value));
  const [previo, setPrevio] = useState(value);
  const [abierto, setAbierto] = useState(false);
  const caja = useRef<HTMLDivElement>(null);
  const idCalendario = useId();

  // The value changed from outside (a reset, a day picked): show it, unless it is what was typed.
  if (value !== previo) {
    setPrevio(value);
    if (textoAIso(texto) !== value) setTexto(esFechaIso(value) ? isoATexto(value) : value);
  }

  const cerrar = useCallback(() => setAbierto(false), []);
  useCerrarFuera(caja, abierto, cerrar);

  const elegido = isoADia(value);
  return (
    <div ref={caja} className="relative">
      <Input
        {...props}
        inputMode="numeric"
        autoComplete="off"
        placeholder={FORMATO_FECHA}
        value={texto}
        onChange={(e) => {
          setTexto(e.target.value);
          const iso = textoAIso(e.target.value);
          onChange(iso ?? e.target.value);
        }}
        className="pr-10"
      />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-marca-700"
        aria-label="Elegir en el calendario"
        aria-expanded={abierto}
        aria-controls={idCalendario}
        onClick={() => setAbierto((a) => !a)}
      >
        <CalendarDays className="size-4" aria-hidden="true" />
      </button>
      {abierto && (
        <div
          id={idCalendario}
          role="dialog"
          aria-label="Calendario"
          className="absolute top-full right-0 z-30 mt-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <DayPicker
            mode="single"
            locale={es}
            weekStartsOn={1}
            // The app's colours, not the picker's blue (its variables live on its own root).
            style={COLORES}
            selected={elegido}
            defaultMonth={elegido}
            disabled={[
              ...(min && isoADia(min) ? [{ before: isoADia(min)! }] : []),
              ...(max && isoADia(max) ? [{ after: isoADia(max)! }] : []),
            ]}
            onSelect={(dia) => {
              if (dia) onChange(diaAIso(dia));
              setAbierto(false);
            }}
          />
        </div>
      )}
    </div>
  );
}
