// How the cash rounding (Ley 20.956, contracts' redondeo.ts) reads on every screen: the receipt, the
// payment, the shift's cash count and Dashboards. Its own module, so nothing of it reaches the
// login page's bundle.
import { ETIQUETA_REDONDEO } from '@minimarket/contracts/redondeo';
import { formatClp } from './format';

export { ETIQUETA_REDONDEO };

/** The rounding with its sign, as it moves the cash: '+$3', '-$5', '$0'. */
export function formatRedondeo(redondeo: number): string {
  return redondeo > 0 ? `+${formatClp(redondeo)}` : formatClp(redondeo);
}
