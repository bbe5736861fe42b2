import { CONTENIDOS_ETIQUETA, ETIQUETA_CONTENIDO, type FormatoEtiqueta } from '@minimarket/contracts/etiqueta-balanza';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/field';
import { mensajeDeError } from '../../../lib/api-client';
import { cn } from '../../../utils/cn';
import { useConfigurarMinimarket } from '../api/cuenta';
import { ejemploEtiqueta } from '../utils/ejemplo-etiqueta';

const PREFIJOS = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'] as const;
const DIGITOS_PLU = [4, 5] as const;
/** A new layout starts from the most common one: prefix 20, 5-digit PLU, the price to pay. */
const FORMATO_INICIAL: FormatoEtiqueta = { prefijo: '20', digitos_plu: 5, contenido: 'precio' };

/**
 * "Etiquetas de balanza": whether the shop's counter scale prints EAN-13 labels and how they are
 * laid out (prefix 20–29, 4 or 5 PLU digits, the price to pay or the weight). Nueva venta reads a
 * scanned code with it when the code is no product's barcode.
 */
export function EtiquetasForm({ idMinimarket, formato }: { idMinimarket: number; formato: FormatoEtiqueta | null }) {
  const configurar = useConfigurarMinimarket();
  const [usa, setUsa] = useState(formato !== null);
  const [borrador, setBorrador] = useState<FormatoEtiqueta>(formato ?? FORMATO_INICIAL);
  const [error, setError] = useState<string | null>(null);
  const nombre = useId();
  const guardado = JSON.stringify(formato);
  const nuevo = usa ? borrador : null;
  const sinCambios = JSON.stringify(nuevo) === guardado;
  const ejemplo = ejemploEtiqueta(borrador);

  const guardar = async () => {
    setError(null);
    try {
      await configurar.mutateAsync({ id: idMinimarket, formato_etiqueta: nuevo });
      toast.success('Configuración guardada.', { duration: 2000 });
    } catch (e) {
      setError(mensajeDeError(e, 'No se pudo guardar la configuración.'));
    }
  };

  const opcion = (valor: boolean, titulo: string, ayuda: string) => (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 text-sm',
        usa === valor ? 'border-marca-600 bg-marca-50' : 'border-slate-200 hover:bg-slate-50',
      )}
    >
      <input type="radio" name={nombre} className="mt-1 accent-marca-700" checked={usa === valor} onChange={() => setUsa(valor)} />
      <span>
        <span className="block font-medium text-slate-900">{titulo}</span>
        <span className="block text-xs text-slate-600">{ayuda}</span>
      </span>
    </label>
  );

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      aria-label="Etiquetas de balanza"
      onSubmit={(e) => {
        e.preventDefault();
        void guardar();
      }}
    >
      {error && <Alert tipo="error">{error}</Alert>}
      <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <legend className="sr-only">¿Tu balanza imprime etiquetas?</legend>
        {opcion(false, 'No uso balanza con etiquetas', 'Los productos a granel se pesan y el peso se escribe al vender.')}
        {opcion(true, 'Mi balanza imprime etiquetas', 'Al escanear la etiqueta, el producto entra al carrito con su peso.')}
      </fieldset>
      {usa && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Field label="Prefijo" hint="Los 2 primeros dígitos de la etiqueta.">
              {(p) => (
                <Select {...p} value={borrador.prefijo} onChange={(e) => setBorrador({ ...borrador, prefijo: e.target.value })}>
                  {PREFIJOS.map((x) => (
                    <option key={x} value={x}>
                      {x}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Dígitos del PLU">
              {(p) => (
                <Select
                  {...p}
                  value={borrador.digitos_plu}
                  onChange={(e) => setBorrador({ ...borrador, digitos_plu: Number(e.target.value) === 4 ? 4 : 5 })}
                >
                  {DIGITOS_PLU.map((x) => (
                    <option key={x} value={x}>
                      {x} dígitos
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="La etiqueta lleva">
              {(p) => (
                <Select
                  {...p}
                  value={borrador.contenido}
                  onChange={(e) => setBorrador({ ...borrador, contenido: e.target.value === 'peso' ? 'peso' : 'precio' })}
                >
                  {CONTENIDOS_ETIQUETA.map((x) => (
                    <option key={x} value={x}>
                      {ETIQUETA_CONTENIDO[x]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="ejemplo-etiqueta">
            Ejemplo: <span className="font-mono whitespace-nowrap">{ejemplo.partes.join(' ')}</span> → {ejemplo.dice}. El PLU es el del
            producto (Inventario, «PLU (balanza)»).
          </p>
        </>
      )}
      {/* Not "Guardar": the page's other form has that button, and one name per action reads better. */}
      <Button type="submit" disabled={configurar.isPending || sinCambios}>
        {configurar.isPending ? 'Guardando...' : 'Aplicar cambios'}
      </Button>
    </form>
  );
}
