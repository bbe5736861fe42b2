// /api/analitica: the figures of Visualizar and Inicio, computed in SQL over the shop's sales.
// Days are Santiago's calendar days; money is whole pesos; percentages have one decimal.
// One module a concept, all re-exported here: the range and its comparison, the figures of a range,
// the recommendations and other reads of today, the sale lines, the cube and the monthly report
// (their shared pieces are in analitica-base.ts, not re-exported).
//
// The order below is the order the schemas register their ids, and so the order of the OpenAPI
// document's components: the sale a line refers to first (ventas.js), as before the split.
import './ventas.js';

export * from './analitica-rango.js';
export * from './analitica-cifras.js';
export * from './analitica-recomendaciones.js';
export * from './analitica-lineas.js';
export * from './analitica-cubo.js';
export * from './analitica-informe.js';
