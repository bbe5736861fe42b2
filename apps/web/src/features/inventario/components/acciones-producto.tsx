// Inventario's actions on a product: icons in a laptop's table, each under its name on a phone's card
// (a phone has room for the words). The accessible names are the same in both.
import type { Producto } from '@minimarket/contracts/productos';
import { ClipboardCheck, PackagePlus, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import type { FormaFila } from '../../../components/ui/tabla-o-tarjetas';

export interface AccionesInventario {
  onReponer: (p: Producto) => void;
  onAjustar: (p: Producto) => void;
  onEditar: (p: Producto) => void;
  onEliminar: (p: Producto) => void;
}

export function AccionesProducto({ producto: p, forma, acciones }: { producto: Producto; forma: FormaFila; acciones: AccionesInventario }) {
  const { onReponer, onAjustar, onEditar, onEliminar } = acciones;
  if (forma === 'tabla')
    return (
      <div className="flex justify-end gap-0.5">
        <IconButton
          icono={PackagePlus}
          onClick={() => onReponer(p)}
          aria-label={`Agregar stock a ${p.nombre_producto}`}
          title="Agregar stock"
        />
        <IconButton
          icono={ClipboardCheck}
          onClick={() => onAjustar(p)}
          aria-label={`Ajustar stock de ${p.nombre_producto}`}
          title="Ajustar stock (conteo, merma, vencido...)"
        />
        <IconButton icono={Pencil} onClick={() => onEditar(p)} aria-label={`Editar ${p.nombre_producto}`} title="Editar" />
        <IconButton icono={Trash2} peligro onClick={() => onEliminar(p)} aria-label={`Eliminar ${p.nombre_producto}`} title="Eliminar" />
      </div>
    );
  return (
    <>
      <Button variante="contorno" tamano="sm" onClick={() => onReponer(p)}>
        <PackagePlus className="size-4" aria-hidden="true" /> Agregar stock
        <span className="sr-only"> a {p.nombre_producto}</span>
      </Button>
      <Button variante="contorno" tamano="sm" onClick={() => onAjustar(p)}>
        <ClipboardCheck className="size-4" aria-hidden="true" /> Ajustar stock
        <span className="sr-only"> de {p.nombre_producto}</span>
      </Button>
      <Button variante="contorno" tamano="sm" onClick={() => onEditar(p)}>
        <Pencil className="size-4" aria-hidden="true" /> Editar<span className="sr-only"> {p.nombre_producto}</span>
      </Button>
      <Button variante="contorno" tamano="sm" className="text-red-700" onClick={() => onEliminar(p)}>
        <Trash2 className="size-4" aria-hidden="true" /> Eliminar<span className="sr-only"> {p.nombre_producto}</span>
      </Button>
    </>
  );
}
