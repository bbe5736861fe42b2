import { Toaster } from 'sonner';

/** Toast defaults of spec §9: 4 s in general (successes pass 2 s where they are shown), up to 20 at once. */
const TOAST_DURACION_MS = 4000;
const TOAST_LIMITE = 20;

export default function AppToaster() {
  return (
    <Toaster
      position="top-right"
      richColors
      closeButton
      visibleToasts={TOAST_LIMITE}
      duration={TOAST_DURACION_MS}
      containerAriaLabel="Notificaciones emergentes"
      // A printed page (a receipt, a customer's statement) never carries a passing toast.
      className="print:hidden"
    />
  );
}
