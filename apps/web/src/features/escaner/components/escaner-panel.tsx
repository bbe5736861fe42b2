import { Camera, ScanBarcode } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/field';
import { cn } from '../../../utils/cn';
import { CamaraDialog } from './camara-dialog';

export interface EstadoEscaneo {
  tipo: 'exito' | 'error' | 'info';
  texto: string;
  /** What the cashier can do about it (an unknown code: "Crear producto"). */
  accion?: ReactNode;
}

/**
 * The barcode panel. A scanner works from anywhere on the page, this field included
 * (useBarcodeScanner takes the burst); the field is for typing a code by hand, and «Escanear con la
 * cámara» reads one with the device's camera (a phone, a till with no scanner gun): a code read goes
 * to `onCodigo` as a typed or scanned one does.
 */
export function EscanerPanel({
  titulo,
  descripcion,
  onCodigo,
  buscando,
  estado,
}: {
  titulo: string;
  descripcion: string;
  onCodigo: (codigo: string) => void;
  buscando: boolean;
  estado: EstadoEscaneo | null;
}) {
  const [codigo, setCodigo] = useState('');
  const [camara, setCamara] = useState(false);
  const id = useId();
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const limpio = codigo.trim();
    if (!limpio) return;
    onCodigo(limpio);
    setCodigo('');
  };
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="rounded-lg bg-marca-50 p-2.5 text-marca-700">
          <ScanBarcode className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{titulo}</h2>
          <p className="text-sm text-slate-600">{descripcion}</p>
        </div>
      </div>
      <form onSubmit={enviar} className="mt-4 flex gap-2">
        <label htmlFor={id} className="sr-only">
          Código de barras
        </label>
        <Input
          id={id}
          value={codigo}
          onChange={(e) => setCodigo(e.target.value)}
          placeholder="Escanea o escribe el código de barras"
          autoComplete="off"
          inputMode="numeric"
          className="font-mono"
        />
        <Button type="submit" disabled={buscando || !codigo.trim()}>
          {buscando ? 'Buscando...' : 'Buscar'}
        </Button>
      </form>
      <Button variante="contorno" className="mt-2 min-h-11 w-full sm:w-auto" onClick={() => setCamara(true)}>
        <Camera className="size-4" aria-hidden="true" /> Escanear con la cámara
      </Button>
      <CamaraDialog abierto={camara} onCerrar={() => setCamara(false)} onCodigo={onCodigo} />
      <p
        role="status"
        aria-live="polite"
        className={cn(
          'mt-2 min-h-5 text-sm',
          estado?.tipo === 'error' ? 'text-red-700' : estado?.tipo === 'exito' ? 'text-green-700' : 'text-slate-600',
        )}
      >
        {estado?.texto}
      </p>
      {estado?.accion && <div className="mt-2">{estado.accion}</div>}
    </Card>
  );
}
