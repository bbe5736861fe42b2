// The demo catalogue: about 300 products a Santiago minimarket really sells, with
// 2026 shelf prices in whole pesos. It is written by hand so every screen of the
// demo (search, inventory, analytics, imports) shows names a Chilean shopkeeper
// recognises. Costs and barcodes are derived deterministically from the rows so
// the list stays short to read and identical on every run.
import { CATEGORIAS, type Categoria } from '@minimarket/contracts/comunes';
import { makeEan13 } from '@minimarket/contracts/codigo-barra';
import type { UnidadVenta } from '@minimarket/contracts/granel';

export { CATEGORIAS, type Categoria };

export interface ProductoCatalogo {
  nombre: string;
  categoria: Categoria;
  /** null for bulk goods sold without a brand (bread by the kilo, produce). */
  marca: string | null;
  /**
   * 'kg': sold by weight (issue #20). Its price and cost are per kilo, and its stock and every sale
   * line count grams. The bulk bread, produce and counter-sliced cold cuts are; packaged goods
   * (a 600 g loaf of Ideal, a pack of vienesas) are still sold by the unit.
   */
  unidad: UnidadVenta;
  /** The number keyed on the scale (PLU), for a few kg products; null for the rest. */
  plu: string | null;
  /** Shelf price in whole pesos (per kilo for a kg product). */
  precio: number;
  /** Purchase cost in whole pesos (per kilo for a kg product), 60–85 % of the price and always below it. */
  costo: number;
  /** A valid EAN-13 starting with 780 (GS1 Chile), unique in the catalogue. */
  codigo: string;
  descripcion: string | null;
  /** Relative likelihood of appearing in a sale: bread and milk sell far more than pisco. */
  popularidad: number;
}

/** [nombre, marca, precio, popularidad?, descripcion?] */
type Fila = readonly [string, string | null, number, number?, string?];

const POPULARIDAD_POR_DEFECTO = 2;

/** The products sold by weight, priced per kilo in their rows (bread, produce and the counter's cold cuts). */
const A_GRANEL: ReadonlySet<string> = new Set([
  'Marraqueta',
  'Hallulla',
  'Pan Amasado',
  'Dobladitas',
  'Pan Frica',
  'Pan Integral',
  'Calzones Rotos',
  'Palta Hass',
  'Tomate',
  'Papa Granel',
  'Cebolla',
  'Cebolla Morada',
  'Zanahoria',
  'Limón',
  'Plátano',
  'Manzana Roja',
  'Manzana Verde',
  'Naranja',
  'Mandarina',
  'Pera',
  'Kiwi',
  'Uva Red Globe',
  'Zapallo Camote',
  'Betarraga',
  'Jamón Pierna San Jorge',
  'Jamón Acaramelado San Jorge',
  'Jamón Pierna PF',
  'Jamón de Pavo Sopraval',
  'Pechuga de Pavo Cocida Sopraval',
  'Mortadela Lisa PF',
  'Salame Llanquihue',
  'Queso de Cabeza San Jorge',
  'Arrollado de Huaso PF',
  'Pechuga de Pollo Deshuesada Super Pollo',
  'Trutro Entero de Pollo Super Pollo',
  'Alitas de Pollo Super Pollo',
  'Costillar de Cerdo Super Cerdo',
  'Chuleta de Cerdo Centro Super Cerdo',
  'Carne Molida Especial',
]);

/** PLUs of the scale, 1 to 12, for the kg products a counter weighs most. */
const PLU: Readonly<Record<string, string>> = {
  Marraqueta: '1',
  Hallulla: '2',
  'Pan Amasado': '3',
  Dobladitas: '4',
  'Palta Hass': '5',
  Tomate: '6',
  Plátano: '7',
  'Manzana Roja': '8',
  Limón: '9',
  'Jamón Pierna San Jorge': '10',
  'Jamón de Pavo Sopraval': '11',
  'Pechuga de Pollo Deshuesada Super Pollo': '12',
};

const PANADERIA: readonly Fila[] = [
  ['Marraqueta', null, 2490, 60, 'Pan batido horneado durante el día, vendido por kilo.'],
  ['Hallulla', null, 2590, 45, 'Hallulla horneada en el local, vendida por kilo.'],
  ['Pan Amasado', null, 2990, 10, 'Pan amasado casero, vendido por kilo.'],
  ['Dobladitas', null, 2990, 6],
  ['Pan Frica', null, 2790, 4],
  ['Pan Integral', null, 3190, 4],
  ['Pan de Molde Blanco Ideal 600 g', 'Ideal', 2990, 12],
  ['Pan de Molde Integral Ideal 600 g', 'Ideal', 3190, 8],
  ['Pan de Molde Blanco Fuchs 650 g', 'Fuchs', 2790, 5],
  ['Pan Hot Dog Ideal 10 un', 'Ideal', 2490, 8, 'Pan para completos, bolsa de 10 unidades.'],
  ['Pan Hamburguesa Ideal 6 un', 'Ideal', 2390, 5],
  ['Tortillas Rapiditas Ideal 10 un', 'Ideal', 2290, 5],
  ['Tostadas Clásicas Ideal 160 g', 'Ideal', 1890, 2],
  ['Queque Marmolado Ideal 300 g', 'Ideal', 2490, 3],
  ['Berlín de Manjar un', null, 890, 8],
  ['Cachito de Manjar un', null, 790, 5],
  ['Empanada de Pino un', null, 2290, 10, 'Empanada de horno con pino de carne, huevo y aceituna.'],
  ['Empanada de Queso Frita un', null, 1590, 6],
  ['Sopaipillas 10 un', null, 2490, 4],
  ['Calzones Rotos', null, 6990, 3],
  ['Kuchen de Manzana trozo', null, 1490, 4],
  ['Croissant un', null, 990, 4],
  ['Galletón de Avena un', null, 690, 3],
  ['Brazo de Reina con Manjar un', null, 3490, 2],
];

const LACTEOS: readonly Fila[] = [
  ['Leche Entera Colún 1 L', 'Colún', 1190, 30, 'Leche entera larga vida en caja de 1 litro.'],
  ['Leche Semidescremada Colún 1 L', 'Colún', 1190, 15],
  ['Leche Descremada Colún 1 L', 'Colún', 1190, 10],
  ['Leche Semidescremada Sin Lactosa Colún 1 L', 'Colún', 1390, 6],
  ['Leche Entera Colún 6 x 1 L', 'Colún', 6990, 4, 'Pack de seis cajas de 1 litro.'],
  ['Leche Entera Soprole 1 L', 'Soprole', 1290, 15],
  ['Leche Semidescremada Soprole 1 L', 'Soprole', 1290, 8],
  ['Leche Sin Lactosa Loncoleche 1 L', 'Loncoleche', 1390, 8],
  ['Leche Entera Loncoleche 1 L', 'Loncoleche', 1090, 6],
  ['Leche Entera Surlat 1 L', 'Surlat', 1090, 5],
  ['Leche Chocolate Soprole 1 L', 'Soprole', 1590, 6],
  ['Leche Sabor Chocolate Colún 200 ml', 'Colún', 590, 8],
  ['Leche Sabor Frutilla Soprole 200 ml', 'Soprole', 590, 4],
  ['Leche Cultivada Frutilla Soprole 1 L', 'Soprole', 1990, 3],
  ['Leche en Polvo Nido 800 g', 'Nestlé', 8990, 2],
  ['Leche Condensada Nestlé 397 g', 'Nestlé', 2490, 4],
  ['Crema Nestlé 157 g', 'Nestlé', 1190, 4],
  ['Crema Ácida Colún 200 ml', 'Colún', 1490, 2],
  ['Yoghurt Batido Frutilla Soprole 125 g', 'Soprole', 390, 12],
  ['Yoghurt Batido Vainilla Soprole 125 g', 'Soprole', 390, 8],
  ['Yoghurt Batido Frutilla Colún 120 g', 'Colún', 350, 8],
  ['Yoghurt Next Frutilla Soprole 155 g', 'Soprole', 590, 3],
  ['Yoghurt Protein Frutilla Soprole 155 g', 'Soprole', 1090, 4],
  ['Yoghurt Griego Natural Soprole 110 g', 'Soprole', 790, 3],
  ['Yoghurt Bebible Frutilla Colún 1 L', 'Colún', 1990, 3],
  ['Flan Vainilla Soprole 120 g', 'Soprole', 490, 3],
  ['Mantequilla con Sal Colún 250 g', 'Colún', 3290, 6],
  ['Mantequilla sin Sal Soprole 250 g', 'Soprole', 3190, 3],
  ['Margarina Dorina 250 g', 'Dorina', 1490, 4],
  ['Queso Gauda Laminado Colún 250 g', 'Colún', 3490, 8],
  ['Queso Mantecoso Laminado Colún 250 g', 'Colún', 3590, 6],
  ['Queso Chanco Laminado Quillayes 250 g', 'Quillayes', 3490, 3],
  ['Queso Mantecoso Laminado Santa Rosa 250 g', 'Santa Rosa', 3290, 3],
  ['Queso Gauda Colún 1 kg', 'Colún', 11990, 2, 'Queso gauda en trozo, ideal para laminar en el local.'],
  ['Quesillo Colún 400 g', 'Colún', 2990, 4],
  ['Queso Fresco Quillayes 250 g', 'Quillayes', 2490, 2],
  ['Queso Crema Philadelphia 180 g', 'Philadelphia', 2690, 2],
  ['Queso Crema Colún 200 g', 'Colún', 1890, 3],
  ['Queso Parmesano Rallado Colún 80 g', 'Colún', 1790, 3],
  ['Manjar Colún 400 g', 'Colún', 2590, 5],
  ['Manjar Nestlé 400 g', 'Nestlé', 2690, 3],
  ['Huevos de Color Extra Yemita 12 un', 'Yemita', 3990, 25, 'Huevos de gallina de color, calibre extra.'],
  ['Huevos Blancos Extra Yemita 6 un', 'Yemita', 2090, 12],
  ['Huevos de Color Bandeja 30 un', null, 8990, 6, 'Bandeja de 30 huevos de color.'],
];

const ABARROTES: readonly Fila[] = [
  ['Arroz Grado 2 Tucapel 1 kg', 'Tucapel', 1690, 10],
  ['Arroz Grado 1 Tucapel 1 kg', 'Tucapel', 1890, 4],
  ['Arroz Grado 2 Miraflores 1 kg', 'Miraflores', 1490, 6],
  ['Arroz Pregraneado Tucapel 1 kg', 'Tucapel', 1990, 2],
  ['Fideos Spaghetti 5 Lucchetti 400 g', 'Lucchetti', 1090, 10],
  ['Fideos Corbatas Lucchetti 400 g', 'Lucchetti', 1090, 4],
  ['Fideos Quifaros Lucchetti 400 g', 'Lucchetti', 1090, 3],
  ['Fideos Spaghetti 5 Carozzi 400 g', 'Carozzi', 1090, 8],
  ['Fideos Espirales Carozzi 400 g', 'Carozzi', 1090, 5],
  ['Fideos Cabello de Ángel Carozzi 400 g', 'Carozzi', 1090, 3],
  ['Fideos Penne Rigate Carozzi 400 g', 'Carozzi', 1190, 3],
  ['Salsa de Tomate Pomarola 200 g', 'Carozzi', 590, 6],
  ['Salsa Pomarola Italiana 200 g', 'Carozzi', 690, 3],
  ['Tomate Triturado Malloa 520 g', 'Malloa', 1290, 2],
  ['Aceite Vegetal Belmont 1 L', 'Belmont', 2890, 7],
  ['Aceite Maravilla Chef 1 L', 'Chef', 3190, 5],
  ['Aceite de Oliva Extra Virgen Olave 500 ml', 'Olave', 6990, 2],
  ['Azúcar Iansa 1 kg', 'Iansa', 1390, 8],
  ['Azúcar Flor Iansa 500 g', 'Iansa', 1190, 2],
  ['Endulzante Líquido Daily 270 ml', 'Daily', 2490, 2],
  ['Harina sin Polvos de Hornear Selecta 1 kg', 'Selecta', 1190, 4],
  ['Harina con Polvos de Hornear Selecta 1 kg', 'Selecta', 1290, 3],
  ['Polvos de Hornear Royal 100 g', 'Royal', 990, 1],
  ['Jalea Frutilla Royal 100 g', 'Royal', 690, 2],
  ['Sal de Mesa Lobos 1 kg', 'Lobos', 590, 4],
  ['Té Supremo Ceylán 100 bolsitas', 'Supremo', 3290, 5],
  ['Té Club 100 bolsitas', 'Club', 2790, 4],
  ['Té Lipton Yellow Label 100 bolsitas', 'Lipton', 4290, 2],
  ['Manzanilla Supremo 20 bolsitas', 'Supremo', 990, 2],
  ['Café Nescafé Tradición 170 g', 'Nestlé', 7990, 5, 'Café instantáneo en frasco de vidrio.'],
  ['Café Nescafé Fina Selección 170 g', 'Nestlé', 8990, 3],
  ['Café Molido Haití 250 g', 'Haití', 5490, 2],
  ['Milo 400 g', 'Nestlé', 4990, 3],
  ['Cacao en Polvo Nesquik 400 g', 'Nestlé', 3990, 3],
  ['Avena Tradicional Quaker 900 g', 'Quaker', 2990, 3],
  ['Cereal Chocapic Nestlé 390 g', 'Nestlé', 3990, 3],
  ["Cereal Zucaritas Kellogg's 490 g", "Kellogg's", 4590, 2],
  ["Mermelada de Frutilla Watt's 250 g", "Watt's", 1590, 3],
  ["Mermelada de Damasco Watt's 250 g", "Watt's", 1590, 2],
  ["Atún Lomitos en Agua Van Camp's 160 g", "Van Camp's", 2290, 4],
  ['Atún Lomitos en Aceite Robinson Crusoe 160 g', 'Robinson Crusoe', 1990, 3],
  ['Sardinas en Salsa de Tomate Robinson Crusoe 125 g', 'Robinson Crusoe', 1490, 1],
  ['Jurel Natural San José 425 g', 'San José', 2190, 4],
  ['Ketchup Traverso 500 g', 'Traverso', 1790, 3],
  ['Mostaza Traverso 250 g', 'Traverso', 990, 2],
  ['Vinagre Blanco Traverso 500 ml', 'Traverso', 790, 1],
  ["Mayonesa Hellmann's 372 g", "Hellmann's", 2690, 6],
  ['Orégano Gourmet 10 g', 'Gourmet', 590, 2],
  ['Comino Molido Gourmet 15 g', 'Gourmet', 590, 2],
  ['Ají de Color Gourmet 20 g', 'Gourmet', 590, 2],
  ['Merkén Gourmet 20 g', 'Gourmet', 890, 1],
  ['Caldo de Gallina Maggi 8 cubos', 'Maggi', 990, 3],
  ['Crema de Espárragos Maggi 62 g', 'Maggi', 890, 2],
  ['Puré Instantáneo Maggi 125 g', 'Maggi', 1590, 2],
  ['Sopa Instantánea Maruchan Pollo 64 g', 'Maruchan', 690, 5],
  ['Porotos Tórtola Tucapel 1 kg', 'Tucapel', 2990, 2],
  ['Lentejas 6 mm Tucapel 1 kg', 'Tucapel', 2490, 3],
  ['Garbanzos Tucapel 1 kg', 'Tucapel', 2790, 1],
  ['Duraznos en Mitades Wasil 590 g', 'Wasil', 1990, 2],
  ['Choclo en Grano Wasil 300 g', 'Wasil', 1290, 2],
  ['Arvejas Wasil 300 g', 'Wasil', 1190, 1],
  ['Fósforos Copihue 10 cajas', 'Copihue', 1190, 2],
];

const FRUTAS_Y_VERDURAS: readonly Fila[] = [
  ['Palta Hass', null, 5990, 10, 'Palta Hass de temporada, vendida por kilo.'],
  ['Tomate', null, 1990, 12],
  ['Papas Malla 2 kg', null, 2490, 8],
  ['Papa Granel', null, 1290, 8],
  ['Cebolla', null, 1290, 8],
  ['Cebolla Morada', null, 1590, 2],
  ['Zanahoria', null, 1190, 5],
  ['Lechuga Escarola un', null, 990, 6],
  ['Lechuga Costina un', null, 1190, 3],
  ['Limón', null, 2490, 6],
  ['Plátano', null, 1490, 10],
  ['Manzana Roja', null, 1690, 7],
  ['Manzana Verde', null, 1790, 3],
  ['Naranja', null, 1490, 5],
  ['Mandarina', null, 1990, 3],
  ['Pera', null, 1890, 2],
  ['Kiwi', null, 2290, 2],
  ['Uva Red Globe', null, 2990, 2],
  ['Frutillas Bandeja 500 g', null, 2490, 2],
  ['Melón Tuna un', null, 2490, 1],
  ['Zapallo Italiano un', null, 690, 3],
  ['Zapallo Camote', null, 1290, 2],
  ['Pimentón Rojo un', null, 990, 3],
  ['Pepino Ensalada un', null, 790, 3],
  ['Ajo 3 cabezas', null, 1290, 3],
  ['Cilantro Atado un', null, 690, 4],
  ['Perejil Atado un', null, 690, 2],
  ['Choclo un', null, 590, 2],
  ['Apio un', null, 1290, 1],
  ['Betarraga', null, 1390, 1],
  ['Brócoli un', null, 1490, 2],
  ['Champiñones Bandeja 200 g', null, 1990, 2],
  ['Porotos Verdes 1 kg', null, 2490, 1],
];

const LIMPIEZA: readonly Fila[] = [
  ['Papel Higiénico Confort Doble Hoja 4 rollos', 'Confort', 2990, 8],
  ['Papel Higiénico Confort Doble Hoja 12 rollos', 'Confort', 8490, 4],
  ['Papel Higiénico Elite Doble Hoja 4 rollos', 'Elite', 2790, 6],
  ['Papel Higiénico Noble 4 rollos', 'Noble', 2190, 3],
  ['Toalla de Papel Nova Clásica 2 rollos', 'Nova', 2490, 4],
  ['Servilletas Nova 100 un', 'Nova', 990, 2],
  ['Lavalozas Quix Limón 750 ml', 'Quix', 2290, 6],
  ['Lavalozas Quix Aloe 750 ml', 'Quix', 2290, 2],
  ['Lavalozas Quix Limón 1,5 L', 'Quix', 3990, 2],
  ['Detergente Líquido Omo 3 L', 'Omo', 12990, 3],
  ['Detergente en Polvo Omo Multiacción 800 g', 'Omo', 3990, 3],
  ['Detergente Líquido Ariel 1,8 L', 'Ariel', 7990, 2],
  ['Detergente en Polvo Drive 800 g', 'Drive', 2990, 2],
  ['Suavizante Fuzol Primavera 1 L', 'Fuzol', 2290, 2],
  ['Cloro Tradicional Clorox 1 L', 'Clorox', 1290, 5],
  ['Cloro Gel Clorox 900 ml', 'Clorox', 2190, 3],
  ['Limpiador Líquido Poett Lavanda 900 ml', 'Poett', 1990, 4],
  ['Limpiador en Crema Cif 750 g', 'Cif', 2790, 2],
  ['Limpiavidrios Cif 500 ml', 'Cif', 2490, 1],
  ['Desinfectante Lysoform Aerosol 360 ml', 'Lysoform', 5490, 3],
  ['Desengrasante Mr Músculo Cocina 500 ml', 'Mr Músculo', 2990, 1],
  ['Quitamanchas Vanish Líquido 450 ml', 'Vanish', 3490, 1],
  ['Esponja Lavaloza Virutex 3 un', 'Virutex', 1490, 3],
  ['Virutilla Virutex 6 un', 'Virutex', 1290, 1],
  ['Paño Multiuso Virutex 3 un', 'Virutex', 1690, 1],
  ['Bolsas de Basura Virutex 50 x 70 cm 10 un', 'Virutex', 1290, 3],
  ['Guantes de Goma Virutex Talla M', 'Virutex', 1690, 1],
  ['Insecticida Raid Moscas y Zancudos 360 ml', 'Raid', 4990, 1],
  ['Aromatizante Glade Lavanda 360 ml', 'Glade', 2990, 1],
];

const FIAMBRERIA: readonly Fila[] = [
  ['Jamón Pierna San Jorge', 'San Jorge', 9990, 8, 'Jamón de pierna laminado en el mesón, vendido por kilo.'],
  ['Jamón Acaramelado San Jorge', 'San Jorge', 11990, 3],
  ['Jamón Pierna PF', 'PF', 9490, 5],
  ['Jamón de Pavo Sopraval', 'Sopraval', 10990, 4],
  ['Pechuga de Pavo Cocida Sopraval', 'Sopraval', 12990, 2],
  ['Vienesas Tradicionales San Jorge 20 un', 'San Jorge', 3490, 6, 'Vienesas para completos, paquete de 20 unidades.'],
  ['Vienesas de Ave PF 20 un', 'PF', 2990, 4],
  ['Mortadela Lisa PF', 'PF', 5990, 3],
  ['Salame Llanquihue', 'Llanquihue', 17990, 2],
  ['Longaniza Chillaneja PF 500 g', 'PF', 3990, 2],
  ['Chorizo Parrillero San Jorge 500 g', 'San Jorge', 3490, 2],
  ['Tocino Laminado PF 150 g', 'PF', 2490, 2],
  ['Queso de Cabeza San Jorge', 'San Jorge', 6490, 1],
  ['Arrollado de Huaso PF', 'PF', 9490, 1],
  ['Paté de Ternera Winter 125 g', 'Winter', 1090, 3],
  ['Pechuga de Pollo Deshuesada Super Pollo', 'Super Pollo', 6490, 3],
  ['Trutro Entero de Pollo Super Pollo', 'Super Pollo', 3490, 3],
  ['Alitas de Pollo Super Pollo', 'Super Pollo', 3990, 1],
  ['Hamburguesas de Pollo Super Pollo 4 un', 'Super Pollo', 2490, 3],
  ['Costillar de Cerdo Super Cerdo', 'Super Cerdo', 5990, 1],
  ['Chuleta de Cerdo Centro Super Cerdo', 'Super Cerdo', 5490, 1],
  ['Carne Molida Especial', null, 8990, 3],
];

const BOTILLERIA: readonly Fila[] = [
  ['Cerveza Cristal Lata 470 ml', 'Cristal', 1090, 12],
  ['Cerveza Cristal Pack 6 Latas 350 ml', 'Cristal', 5490, 6],
  ['Cerveza Cristal Retornable 1 L', 'Cristal', 1890, 4],
  ['Cerveza Escudo Lata 470 ml', 'Escudo', 1190, 8],
  ['Cerveza Escudo Pack 6 Latas 350 ml', 'Escudo', 5990, 4],
  ['Cerveza Royal Guard Lata 470 ml', 'Royal Guard', 1390, 4],
  ['Cerveza Becker Lata 470 ml', 'Becker', 990, 3],
  ['Cerveza Báltica Lata 470 ml', 'Báltica', 1090, 3],
  ['Cerveza Heineken Lata 470 ml', 'Heineken', 1490, 4],
  ['Cerveza Corona Botella 355 ml', 'Corona', 1590, 3],
  ['Cerveza Kunstmann Torobayo 330 ml', 'Kunstmann', 1890, 2],
  ['Cerveza Austral Calafate 330 ml', 'Austral', 1790, 1],
  ['Malta Morenita Retornable 1 L', 'CCU', 1890, 2],
  ['Sidra Real 750 ml', 'Sidra Real', 2990, 1],
  ['Vino Reservado Cabernet Sauvignon Concha y Toro 750 ml', 'Concha y Toro', 3990, 4],
  ['Vino Casillero del Diablo Cabernet Sauvignon 750 ml', 'Concha y Toro', 7490, 2],
  ['Vino Sunrise Merlot Concha y Toro 750 ml', 'Concha y Toro', 4490, 2],
  ['Vino en Caja Clos de Pirque Tinto 2 L', 'Clos de Pirque', 4990, 3],
  ['Vino 120 Cabernet Sauvignon Santa Rita 750 ml', 'Santa Rita', 4290, 4],
  ['Vino 120 Carmenère Santa Rita 750 ml', 'Santa Rita', 4290, 2],
  ['Vino Tres Medallas Cabernet Sauvignon Santa Rita 750 ml', 'Santa Rita', 3490, 2],
  ['Vino Gato Negro Cabernet Sauvignon 750 ml', 'Gato Negro', 3290, 3],
  ['Espumante Brut Valdivieso 750 ml', 'Valdivieso', 7990, 1],
  ['Pisco Mistral 35° 750 ml', 'Mistral', 9490, 3],
  ['Pisco Alto del Carmen 35° 750 ml', 'Alto del Carmen', 9490, 3],
  ['Pisco Capel 35° 750 ml', 'Capel', 7490, 3],
  ['Pisco Control C 35° 750 ml', 'Control C', 7990, 1],
  ['Ron Havana Club Añejo Especial 750 ml', 'Havana Club', 12990, 1],
  ['Ron Bacardí Blanco 750 ml', 'Bacardí', 10990, 1],
  ['Whisky Johnnie Walker Red Label 750 ml', 'Johnnie Walker', 19990, 1],
  ['Vodka Eristoff 750 ml', 'Eristoff', 8990, 1],
  ['Hielo en Bolsa 2 kg', null, 1490, 3],
];

const MASCOTAS: readonly Fila[] = [
  ['Alimento Perro Adulto Master Dog Carne 3 kg', 'Master Dog', 9490, 3],
  ['Alimento Perro Adulto Master Dog Carne 15 kg', 'Master Dog', 32990, 1],
  ['Alimento Perro Cachorro Master Dog 1,5 kg', 'Master Dog', 5490, 2],
  ['Alimento Perro Adulto Champion Dog 3 kg', 'Champion', 7990, 2],
  ['Alimento Perro Adulto Dog Chow 3 kg', 'Dog Chow', 11990, 2],
  ['Alimento Perro Adulto Pedigree 3 kg', 'Pedigree', 10990, 1],
  ['Lata Perro Adulto Pedigree Carne 340 g', 'Pedigree', 1690, 1],
  ['Snack Dental Pedigree Dentastix 3 un', 'Pedigree', 2290, 1],
  ['Alimento Gato Adulto Cat Chow 1,5 kg', 'Cat Chow', 8990, 2],
  ['Alimento Gato Adulto Whiskas Carne 1 kg', 'Whiskas', 4990, 2],
  ['Alimento Gato Adulto Master Cat 1,5 kg', 'Master Cat', 5990, 2],
  ['Alimento Gato Adulto Champion Cat 1,5 kg', 'Champion', 4990, 1],
  ['Pouch Gato Whiskas Carne 85 g', 'Whiskas', 690, 4],
  ['Pouch Gato Felix Salmón 85 g', 'Felix', 690, 2],
  ['Arena Sanitaria para Gatos 4 kg', null, 3990, 2],
  ['Huesos de Cuero para Perro 3 un', null, 1990, 1],
];

const MASIVOS: readonly Fila[] = [
  ['Coca-Cola Original 1,5 L', 'Coca-Cola', 2190, 30],
  ['Coca-Cola Original 3 L', 'Coca-Cola', 3390, 15],
  ['Coca-Cola Original Retornable 2 L', 'Coca-Cola', 2290, 8],
  ['Coca-Cola Original Lata 350 ml', 'Coca-Cola', 990, 12],
  ['Coca-Cola Sin Azúcar 1,5 L', 'Coca-Cola', 2190, 12],
  ['Coca-Cola Sin Azúcar 3 L', 'Coca-Cola', 3390, 6],
  ['Sprite 1,5 L', 'Coca-Cola', 1990, 6],
  ['Fanta Naranja 1,5 L', 'Coca-Cola', 1990, 6],
  ['Ginger Ale Canada Dry 1,5 L', 'Coca-Cola', 1990, 2],
  ['Pepsi 1,5 L', 'CCU', 1890, 4],
  ['Bilz 1,5 L', 'CCU', 1790, 5],
  ['Pap 1,5 L', 'CCU', 1790, 4],
  ['Kem Piña 1,5 L', 'CCU', 1790, 3],
  ['Limón Soda 1,5 L', 'CCU', 1790, 2],
  ['Agua Mineral Cachantun Sin Gas 1,6 L', 'Cachantun', 990, 8],
  ['Agua Mineral Cachantun Con Gas 1,6 L', 'Cachantun', 990, 4],
  ['Agua Benedictino Sin Gas 3 L', 'Benedictino', 1790, 3],
  ['Agua Mineral Vital Con Gas 1,6 L', 'Vital', 990, 3],
  ["Néctar Watt's Durazno 1,5 L", "Watt's", 1690, 5],
  ["Néctar Watt's Naranja 1,5 L", "Watt's", 1690, 3],
  ["Néctar Watt's Durazno 200 ml", "Watt's", 490, 6],
  ['Néctar Andina del Valle Naranja 1,5 L', 'Andina', 1690, 2],
  ['Bebida Energética Red Bull 250 ml', 'Red Bull', 1990, 4],
  ['Bebida Energética Monster Energy 473 ml', 'Monster', 1990, 4],
  ['Bebida Energética Score 500 ml', 'Score', 1290, 3],
  ['Gatorade Naranja 500 ml', 'Gatorade', 1390, 3],
  ['Powerade Mora 500 ml', 'Powerade', 1290, 2],
  ["Papas Fritas Lay's Clásicas 180 g", "Lay's", 2590, 5],
  ['Ramitas Saladas Evercrisp 250 g', 'Evercrisp', 1890, 4],
  ['Doritos Queso 160 g', 'Doritos', 2390, 3],
  ['Cheetos Queso 150 g', 'Cheetos', 1990, 2],
  ['Papas Fritas Marco Polo 250 g', 'Marco Polo', 2690, 2],
  ['Galletas Tritón McKay 126 g', 'McKay', 990, 6],
  ['Galletas Niza McKay 152 g', 'McKay', 890, 3],
  ['Galletas Kuky McKay 120 g', 'McKay', 1290, 3],
  ['Galletas de Vino McKay 155 g', 'McKay', 890, 3],
  ['Galletas Soda McKay 180 g', 'McKay', 990, 3],
  ['Galletas Frac Chocolate Costa 130 g', 'Costa', 990, 3],
  ['Chocolate de Leche Costa 90 g', 'Costa', 1490, 2],
  ['Confites Chubi Costa 30 g', 'Costa', 590, 3],
  ['Chocolate Vizzio Costa 100 g', 'Costa', 2290, 1],
  ['Chocolate Sahne-Nuss Nestlé 250 g', 'Nestlé', 4490, 2],
  ['Super 8 Nestlé 29 g', 'Nestlé', 390, 8],
  ['Helado Chocolate Savory 1 L', 'Savory', 3990, 2],
  ['Bombón Bon o Bon Arcor 15 g', 'Arcor', 290, 4],
  ['Chicle Beldent Menta 8 un', 'Beldent', 690, 3],
  ['Pasta Dental Colgate Triple Acción 90 g', 'Colgate', 1990, 4],
  ['Cepillo Dental Colgate Medio', 'Colgate', 1290, 1],
  ['Shampoo Sedal Ceramidas 340 ml', 'Sedal', 3490, 2],
  ['Jabón en Barra Dove 90 g', 'Dove', 1490, 2],
  ['Desodorante Rexona Men Aerosol 150 ml', 'Rexona', 3490, 2],
  ['Toallas Higiénicas Ladysoft 8 un', 'Ladysoft', 1490, 2],
  ['Pañales Babysec Ultra G 30 un', 'Babysec', 10990, 1],
  ['Toallitas Húmedas Babysec 50 un', 'Babysec', 1990, 1],
  ['Máquina de Afeitar Gillette Prestobarba 2 un', 'Gillette', 2490, 1],
  ['Encendedor Bic', 'Bic', 990, 3],
  ['Pilas Duracell AA 2 un', 'Duracell', 2990, 1],
];

const FILAS_POR_CATEGORIA: Record<Categoria, readonly Fila[]> = {
  Panadería: PANADERIA,
  'Lácteos y Quesos': LACTEOS,
  Abarrotes: ABARROTES,
  'Frutas y Verduras': FRUTAS_Y_VERDURAS,
  Limpieza: LIMPIEZA,
  Fiambrería: FIAMBRERIA,
  Botillería: BOTILLERIA,
  Mascotas: MASCOTAS,
  Masivos: MASIVOS,
};

/**
 * Cost as a share of the price. Fresh bread and produce carry the widest margins
 * in a neighbourhood shop; branded drinks and dairy the thinnest. Every range sits
 * inside the 60–85 % the demo promises.
 */
const RANGO_COSTO: Record<Categoria, readonly [number, number]> = {
  Panadería: [0.6, 0.68],
  'Lácteos y Quesos': [0.72, 0.82],
  Abarrotes: [0.7, 0.8],
  'Frutas y Verduras': [0.6, 0.7],
  Limpieza: [0.68, 0.78],
  Fiambrería: [0.66, 0.76],
  Botillería: [0.7, 0.8],
  Mascotas: [0.72, 0.82],
  Masivos: [0.68, 0.8],
};
const COSTO_MIN = 0.6;
const COSTO_MAX = 0.85;

/** GS1 Chile's country prefix. */
const PREFIJO_CHILE = '780';
/** Company codes (4 digits) are spread with a step coprime to 9000 so they look unrelated but never collide. */
const PASO_EMPRESA = 137;
/** Item numbers (5 digits) within a company, spread the same way. */
const PASO_ITEM = 7919;
const CLAVE_SIN_MARCA = '(sin marca)';

/** FNV-1a: a stable 32-bit hash, so a product's cost does not depend on row order. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function calcularCosto(nombre: string, categoria: Categoria, precio: number): number {
  const [min, max] = RANGO_COSTO[categoria];
  const fraccion = min + ((hash32(nombre) % 1000) / 1000) * (max - min);
  const costo = Math.round(precio * fraccion);
  const acotado = Math.min(Math.floor(precio * COSTO_MAX), Math.max(Math.ceil(precio * COSTO_MIN), costo));
  return Math.min(acotado, precio - 1);
}

// Exported so the test can build it twice and compare.
export function construirCatalogo(): ProductoCatalogo[] {
  const empresas = new Map<string, { codigo: string; items: number }>();
  const productos: ProductoCatalogo[] = [];

  for (const categoria of CATEGORIAS) {
    for (const [nombre, marca, precio, popularidad, descripcion] of FILAS_POR_CATEGORIA[categoria]) {
      // Each brand gets its own company code, as a real GS1 member would.
      const clave = marca ?? CLAVE_SIN_MARCA;
      let empresa = empresas.get(clave);
      if (!empresa) {
        const codigo = String(1000 + (((empresas.size + 1) * PASO_EMPRESA) % 9000));
        empresa = { codigo, items: 0 };
        empresas.set(clave, empresa);
      }
      empresa.items += 1;
      const item = String(10000 + ((empresa.items * PASO_ITEM) % 90000));

      productos.push({
        nombre,
        categoria,
        marca,
        unidad: A_GRANEL.has(nombre) ? 'kg' : 'unidad',
        plu: PLU[nombre] ?? null,
        precio,
        costo: calcularCosto(nombre, categoria, precio),
        codigo: makeEan13(PREFIJO_CHILE + empresa.codigo + item),
        descripcion: descripcion ?? null,
        popularidad: popularidad ?? POPULARIDAD_POR_DEFECTO,
      });
    }
  }
  return productos;
}

export const CATALOGO: readonly ProductoCatalogo[] = construirCatalogo();
