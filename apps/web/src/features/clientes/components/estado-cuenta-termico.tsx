import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { RetryAlert } from '../../../components/ui/query-result';
import { mensajeDeError } from '../../../lib/api-client';
import { tituloPagina } from '../../../lib/app-info';
import { estadoCuentaQueryOptions } from '../../../lib/clientes';
import { useCurrentShop } from '../../../lib/current-shop';
import {
  altoPaginaMm,
  ANCHO_PREDETERMINADO,
  ANCHOS_PAPEL,
  CLAVE_ANCHO,
  leerAnchoPapel,
  reglaPagina,
  type AnchoPapel,
} from '../../../lib/papel';
import { cn } from '../../../utils/cn';
import { formatClp, formatFecha, formatFechaHora } from '../../../utils/format';
import { rutaCliente } from '../rutas';

function anchoGuardado(): AnchoPapel | null {
  try {
    return leerAnchoPapel(window.localStorage.getItem(CLAVE_ANCHO));
  } catch {
    return null;
  }
}

function Separador() {
  return <hr className="my-[2mm] border-0 border-t border-dashed border-black" />;
}

/**
 * /pos/clientes/:id/imprimir?ancho=58|80 — the customer's statement on the counter's thermal
 * roll, outside the app's chrome, sized as the receipt is (the same paper rules, lib/papel.ts):
 * each movement with its charge or credit and the balance after it, then what is owed.
 */
export function EstadoCuentaTermico({ idCliente }: { idCliente: number }) {
  const [params, setParams] = useSearchParams();
  const ancho = leerAnchoPapel(params.get('ancho')) ?? anchoGuardado() ?? ANCHO_PREDETERMINADO;
  const consulta = useQuery(estadoCuentaQueryOptions(idCliente));
  const { nombre: tienda } = useCurrentShop();
  const papel = useRef<HTMLElement>(null);
  const imprimir = useRef<HTMLButtonElement>(null);
  const [altoMm, setAltoMm] = useState<number | null>(null);

  useLayoutEffect(() => {
    const el = papel.current;
    if (!el) return;
    const medir = () => setAltoMm(altoPaginaMm(el.getBoundingClientRect().height));
    medir();
    if (typeof ResizeObserver === 'undefined') return;
    const observador = new ResizeObserver(medir);
    observador.observe(el);
    return () => observador.disconnect();
  }, [consulta.data, ancho]);

  useEffect(() => {
    if (consulta.data) imprimir.current?.focus();
  }, [consulta.data]);

  const elegirAncho = (nuevo: AnchoPapel) => {
    try {
      window.localStorage.setItem(CLAVE_ANCHO, String(nuevo));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    setParams(
      (p) => {
        p.set('ancho', String(nuevo));
        return p;
      },
      { replace: true },
    );
  };

  return (
    <div className="min-h-screen bg-slate-100 print:min-h-0 print:bg-white">
      <title>{tituloPagina('Estado de cuenta')}</title>
      <style>{`@media print { ${reglaPagina(ancho, altoMm)} }`}</style>
      <main className="mx-auto max-w-xl px-3 py-4 sm:py-8 print:m-0 print:max-w-none print:p-0">
        <div className="mb-4 space-y-3 print:hidden">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-xl font-bold text-slate-900">Estado de cuenta</h1>
            <Link to={rutaCliente(idCliente)} className={buttonClasses('contorno', 'sm')}>
              <ArrowLeft className="size-4" aria-hidden="true" /> Volver
            </Link>
          </div>
          <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3">
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Ancho del papel</legend>
              <div className="flex gap-2">
                {ANCHOS_PAPEL.map((a) => (
                  <label
                    key={a}
                    className={cn(
                      'flex cursor-pointer items-center rounded-lg border-2 px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-marca-600',
                      ancho === a ? 'border-marca-700 bg-marca-50 text-marca-900' : 'border-slate-200',
                    )}
                  >
                    <input type="radio" name="ancho" className="sr-only" checked={ancho === a} onChange={() => elegirAncho(a)} />
                    {a} mm
                  </label>
                ))}
              </div>
            </fieldset>
            <Button ref={imprimir} onClick={() => window.print()} disabled={!consulta.data}>
              <Printer className="size-4" aria-hidden="true" /> Imprimir estado de cuenta
            </Button>
          </div>
        </div>

        {consulta.isPending ? (
          <Loading />
        ) : consulta.isError ? (
          <RetryAlert onReintentar={() => void consulta.refetch()}>
            {mensajeDeError(consulta.error, 'No se pudo cargar la cuenta.')}
          </RetryAlert>
        ) : (
          <article
            ref={papel}
            aria-label={`Estado de cuenta de ${consulta.data.cliente.nombre}`}
            data-testid="estado-cuenta-termico"
            data-ancho={ancho}
            style={{ width: `${ancho}mm` }}
            className={cn(
              'mx-auto bg-white px-[3mm] py-[4mm] font-mono leading-snug text-black shadow-md print:mx-0 print:shadow-none',
              ancho === 58 ? 'text-[10px]' : 'text-[11px]',
            )}
          >
            <header className="text-center">
              {tienda && <p className="text-[1.15em] font-bold uppercase">{tienda}</p>}
              <p className="font-bold">Estado de cuenta</p>
            </header>
            <Separador />
            <p className="break-words">{consulta.data.cliente.nombre}</p>
            <p>Al {formatFechaHora(new Date())}</p>
            <Separador />
            {consulta.data.movimientos.length === 0 ? (
              <p>Sin movimientos.</p>
            ) : (
              <ul>
                {consulta.data.movimientos.map((m) => (
                  <li key={`${m.fecha}-${m.tipo}-${m.descripcion}`} className="pb-[1.5mm]">
                    <span className="block">
                      {formatFecha(m.fecha)} {m.descripcion}
                    </span>
                    <span className="flex justify-between gap-[2mm]">
                      <span>{m.cargo > 0 ? `+${formatClp(m.cargo)}` : `-${formatClp(m.abono)}`}</span>
                      <span>Saldo {formatClp(m.saldo)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <Separador />
            <p className="flex justify-between text-[1.15em] font-bold">
              <span>SALDO</span>
              <span data-testid="termico-saldo">{formatClp(consulta.data.saldo)}</span>
            </p>
          </article>
        )}
      </main>
    </div>
  );
}
