// Live support between a shop and the administradores, Badito answering from the shop's data, and
// the product request ('Solicitar a soporte…') reaching /chats. Two browser contexts: the pyme and the administrador
// side by side, neither page reloaded while the other writes.
import { formatClp } from '@minimarket/contracts/formato';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, conToken, iniciarSesion, PYME, sufijoUnico, tokenApi } from './helpers';

/** The administrador, in a browser of their own. */
async function abrirAdmin(browser: Browser): Promise<Page> {
  const contexto = await browser.newContext();
  const page = await contexto.newPage();
  await iniciarSesion(page, ADMIN);
  return page;
}

/** How many unread notifications the bell reports (its accessible name says it). */
async function noLeidasCampana(page: Page): Promise<number> {
  const nombre = (await page.getByRole('link', { name: /^Notificaciones/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) sin leer/.exec(nombre)?.[1] ?? 0);
}

/** The unread mark of ¿Necesitas Ayuda? in words, as the menu link's name carries it (none at zero). */
const menuAyuda = (page: Page, n: number) =>
  page.getByRole('link', { name: n === 0 ? /^¿Necesitas Ayuda\?$/ : new RegExp(`¿Necesitas Ayuda\\?.*\\b${n} mensajes? sin leer`) });

test('the pyme writes to support, the administrador answers from /chats, the answer arrives live', async ({ page, browser, request }) => {
  const asunto = `No cuadra mi caja ${sufijoUnico()}`;
  const tokenPyme = await tokenApi(request, PYME);
  // Unread counts as the API tells them (other specs may leave the pyme with unread answers of their own).
  const noLeidosPyme = async () =>
    ((await (await request.get('/api/soporte/no-leidos', conToken(tokenPyme))).json()) as { mensajes: number }).mensajes;
  const noLeidosDeEsta = async () =>
    (
      (await (await request.get(`/api/soporte/conversaciones?search=${encodeURIComponent(asunto)}`, conToken(tokenPyme))).json()) as Array<{
        no_leidos: number;
      }>
    )[0]?.no_leidos;
  await iniciarSesion(page, PYME);

  // The pyme opens a conversation from ¿Necesitas Ayuda? → Mis conversaciones.
  await page.getByRole('link', { name: /^¿Necesitas Ayuda\?/ }).click();
  await page.getByRole('link', { name: 'MIS CONVERSACIONES' }).click();
  await page.getByRole('button', { name: 'Escribir a soporte' }).click();
  await page.getByRole('button', { name: 'Enviar a soporte' }).click();
  await expect(page.getByText('Escribe el asunto.')).toBeVisible();
  await expect(page.getByText('Escribe un mensaje.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Asunto', exact: true }).fill(asunto);
  await page.getByRole('textbox', { name: 'Mensaje', exact: true }).fill('Ayer la caja no me cuadró por $2.000.');
  await page.getByRole('combobox', { name: 'Prioridad', exact: true }).selectOption('Alta');
  await page.getByRole('button', { name: 'Enviar a soporte' }).click();
  await expect(page).toHaveURL(/\/ayuda\/soporte\/\d+$/);
  const hiloPyme = page.getByRole('log', { name: 'Mensajes con soporte' });
  await expect(hiloPyme.getByText('Ayer la caja no me cuadró por $2.000.')).toBeVisible();
  const campanaAntes = await noLeidasCampana(page);

  // The administrador sees it at /chats, unread, with its priority and status, and opens it.
  const admin = await abrirAdmin(browser);
  await expect(admin.getByTestId('no-leidos-soporte')).toBeVisible();
  await admin.getByRole('link', { name: /Gestión de Chats/ }).click();
  await admin.getByRole('searchbox', { name: 'Buscar chats' }).fill(asunto);
  await expect(admin).toHaveURL(/\/chats\/gestion-chat\?q=/);
  const fila = admin.getByTestId('fila-chat').filter({ hasText: asunto });
  await expect(fila).toHaveCount(1);
  await expect(admin.getByTestId('mostrando-chats')).toHaveText('Mostrando 1 de 1 chat');
  await expect(fila).toContainText(PYME.nombre);
  await expect(fila).toContainText(PYME.tienda);
  await expect(fila.getByText('Prioridad alta').filter({ visible: true })).toHaveCount(1);
  await expect(fila.getByText('Activo').filter({ visible: true })).toHaveCount(1);
  await expect(fila.getByText('1 mensaje sin leer')).toBeAttached();
  await fila.getByRole('link', { name: asunto }).click();
  await expect(admin).toHaveURL(/\/chats\/chat\/\d+$/);
  await expect(admin.getByRole('heading', { name: asunto })).toBeVisible();
  await expect(admin.getByText(PYME.correo)).toBeVisible();
  await expect(admin.getByText(PYME.tienda).first()).toBeVisible();

  // Enter on a blank composer sends nothing; Shift+Enter breaks the line; Enter sends.
  const hiloAdmin = admin.getByRole('log', { name: `Mensajes con ${PYME.nombre}` });
  const composer = admin.getByRole('textbox', { name: `Respuesta para ${PYME.nombre}` });
  await composer.fill('   ');
  await composer.press('Enter');
  await expect(hiloAdmin.getByRole('article')).toHaveCount(1);
  await composer.fill('Hola José, revisemos juntos.');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('¿Me mandas la foto del cierre?');
  await expect(composer).toHaveValue('Hola José, revisemos juntos.\n¿Me mandas la foto del cierre?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect(hiloAdmin.getByRole('article')).toHaveCount(2);

  // The pyme, without reloading, sees the answer and the bell lights up.
  await expect(hiloPyme.getByText('¿Me mandas la foto del cierre?')).toBeVisible();
  await expect.poll(() => noLeidasCampana(page)).toBeGreaterThan(campanaAntes);
  await expect(page.getByTestId('punto-notificaciones')).toBeVisible();

  // Away from the conversation, the next answer lights ¿Necesitas Ayuda? too.
  await expect.poll(noLeidosDeEsta).toBe(0);
  const base = await noLeidosPyme();
  await page.getByRole('link', { name: 'Inicio', exact: true }).click();
  await expect(menuAyuda(page, base)).toBeVisible();
  await composer.fill('Quedo atento.');
  await composer.press('Enter');
  await expect(menuAyuda(page, base + 1)).toBeVisible();

  // The administrador resolves it; the pyme's list shows it without a reload, and reading clears the mark.
  await admin.getByRole('button', { name: 'Marcar como resuelto' }).click();
  await expect(admin.getByRole('button', { name: 'Reabrir conversación' })).toBeVisible();
  await menuAyuda(page, base + 1).click();
  await page.getByRole('link', { name: 'MIS CONVERSACIONES' }).click();
  const mia = page.getByTestId('mi-conversacion').filter({ hasText: asunto });
  await expect(mia.getByText('Resuelto')).toBeVisible();
  await mia.click();
  await expect(hiloPyme.getByText('Quedo atento.')).toBeVisible();
  await expect(menuAyuda(page, base)).toBeVisible();

  // The administrador's back button returns to the list, filters kept.
  await admin.getByRole('link', { name: 'Volver a los chats' }).click();
  await expect(admin).toHaveURL(/\/chats\/gestion-chat\?q=/);
  await expect(admin.getByRole('searchbox', { name: 'Buscar chats' })).toHaveValue(asunto);
  await admin.context().close();
});

test('Badito answers "¿cuánto vendí hoy?" with the day\'s true figure, and never sends a blank question', async ({ page, request }) => {
  const token = await tokenApi(request, PYME);
  // A sale now, so today has a figure to tell (the seed's sales may all be from earlier days).
  const me = await (await request.get('/api/users/me', conToken(token))).json();
  const idMinimarket = me.minimarkets[0].id_minimarket as number;
  const productos = (await (
    await request.get(`/api/productos/?id_minimarket=${idMinimarket}&search=Arroz&limit=20`, conToken(token))
  ).json()) as Array<{ id_producto: number; stock: number; precio_venta_actual: number }>;
  const producto = productos.find((p) => p.stock >= 3);
  expect(producto, 'el seed debe tener un arroz con stock').toBeTruthy();
  const { id_producto, precio_venta_actual: precio } = producto!;
  const venta = await request.post('/api/ventas/', {
    ...conToken(token),
    data: {
      id_minimarket: idMinimarket,
      fecha_venta: new Date().toISOString(),
      total: precio,
      metodo_pago: 'Efectivo',
      detalles: [{ id_producto, num_unidades: 1, precio_unitario: precio, subtotal: precio }],
    },
  });
  expect(venta.status()).toBe(201);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
  const res = await request.get(`/api/analitica/resumen?desde=${hoy}&hasta=${hoy}`, conToken(token));
  expect(res.ok()).toBeTruthy();
  const { ingresos } = (await res.json()) as { ingresos: number };
  expect(ingresos).toBeGreaterThan(0);

  await iniciarSesion(page, PYME, { en: '/ayuda/chatbot-badito' });
  const chat = page.getByRole('log', { name: 'Conversación con Badito' });
  await expect(chat.getByText(/Soy Badito, el asistente de inteligencia artificial/)).toBeVisible();
  await expect(chat.getByText(/elige una opción/)).toBeVisible();
  await expect(chat.getByRole('button', { name: '¿Cuánto vendí hoy?' })).toBeVisible();

  const campo = page.getByRole('textbox', { name: 'Mensaje para Badito' });
  await campo.fill('   ');
  await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeDisabled();
  await campo.press('Enter');
  await expect(chat.getByRole('listitem')).toHaveCount(2);

  await campo.fill('¿cuánto vendí hoy?');
  await campo.press('Enter');
  await expect(chat.getByRole('listitem').nth(2)).toContainText('¿cuánto vendí hoy?');
  await expect(chat.getByRole('listitem').nth(3)).toContainText(formatClp(ingresos));
  await expect(page.getByTestId('badito-escribiendo')).toHaveCount(0);
});

test('Badito offers to pass what it cannot answer to support, after the pyme agrees', async ({ page }) => {
  await iniciarSesion(page, PYME, { en: '/ayuda/chatbot-badito' });
  const chat = page.getByRole('log', { name: 'Conversación con Badito' });
  const pregunta = '¿A qué hora abre el banco?';
  await page.getByRole('textbox', { name: 'Mensaje para Badito' }).fill(pregunta);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await chat.getByRole('button', { name: 'Enviar a soporte' }).click();
  await expect(chat.getByText(`¿Envío tu pregunta «${pregunta}» al equipo de soporte?`)).toBeVisible();
  await chat.getByRole('button', { name: 'Sí, enviar' }).click();
  await expect(chat.getByText(/envié tu pregunta al equipo de soporte/)).toBeVisible();
  await chat.getByRole('link', { name: 'Ver conversación' }).click();
  await expect(page).toHaveURL(/\/ayuda\/soporte\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Pregunta para soporte' })).toBeVisible();
  await expect(page.getByRole('log', { name: 'Mensajes con soporte' }).getByText(pregunta)).toBeVisible();
});

test("the product request to support ('Solicitar a soporte…') opens a conversation that reaches /chats", async ({ page, browser }) => {
  const sufijo = sufijoUnico();
  const nombre = `Mote con huesillo ${sufijo}`;
  await iniciarSesion(page, PYME, { en: '/pos/nuevo-producto' });
  await page.getByRole('button', { name: 'Solicitar a soporte…' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitar un producto a soporte' });
  await dialogo.getByLabel('Código de barras').fill(`780${sufijo}`);
  await dialogo.getByLabel('Nombre del producto').fill(nombre);
  await dialogo.getByLabel('Precio (CLP)').fill('1990');
  await dialogo.getByRole('button', { name: 'Enviar solicitud a soporte' }).click();
  await expect(dialogo.getByText(/Listo: tu solicitud llegó al equipo de soporte/)).toBeVisible();
  const enlace = dialogo.getByRole('link', { name: 'Ver conversación' });
  const id = Number(/\/ayuda\/soporte\/(\d+)$/.exec((await enlace.getAttribute('href')) ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);

  const admin = await abrirAdmin(browser);
  await admin.goto('/chats/gestion-chat');
  const fila = admin.getByTestId('fila-chat').filter({ has: admin.locator(`a[href="/chats/chat/${id}"]`) });
  await expect(fila).toContainText(PYME.tienda);
  await fila.click();
  const hilo = admin.getByRole('log', { name: `Mensajes con ${PYME.nombre}` });
  await expect(hilo).toContainText(`Nombre: ${nombre}`);
  await expect(hilo).toContainText(`Precio: ${formatClp(1990)}`);
  await expect(hilo).toContainText(`Código de barras: 780${sufijo}`);
  await admin.context().close();

  // The pyme follows the link to the same conversation.
  await enlace.click();
  await expect(page).toHaveURL(new RegExp(`/ayuda/soporte/${id}$`));
  await expect(page.getByRole('log', { name: 'Mensajes con soporte' })).toContainText(`Nombre: ${nombre}`);
});
