// The e-mails the product sends, in Spanish, each as plain text and HTML.
import { ZONA_HORARIA } from '@minimarket/contracts/reglas';
import type { CorreoSaliente } from './mailer.js';

const NOMBRE_PRODUCTO = 'Minimarket';

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const horaChile = (d: Date) =>
  new Intl.DateTimeFormat('es-CL', { timeZone: ZONA_HORARIA, hour: '2-digit', minute: '2-digit', hour12: false }).format(d);

export function correoRestablecimiento(datos: {
  para: string;
  nombre: string;
  enlace: string;
  minutos: number;
  expiraEn: Date;
}): CorreoSaliente {
  const { para, nombre, enlace, minutos, expiraEn } = datos;
  const vence = `El enlace vence en ${minutos} minutos (a las ${horaChile(expiraEn)}, hora de Chile) y solo se puede usar una vez.`;
  const asunto = `Restablece tu contraseña de ${NOMBRE_PRODUCTO}`;

  const texto = [
    `Hola ${nombre}:`,
    '',
    `Recibimos una solicitud para restablecer la contraseña de tu cuenta de ${NOMBRE_PRODUCTO} (${para}).`,
    '',
    'Para elegir una contraseña nueva, abre este enlace:',
    enlace,
    '',
    vence,
    '',
    'Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.',
    '',
    `— ${NOMBRE_PRODUCTO}`,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="es-CL">
<head><meta charset="utf-8"><title>${e(asunto)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
  <div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
    <h1 style="font-size:20px;margin:0 0 16px">Restablece tu contraseña</h1>
    <p>Hola ${e(nombre)}:</p>
    <p>Recibimos una solicitud para restablecer la contraseña de tu cuenta de ${NOMBRE_PRODUCTO} (${e(para)}).</p>
    <p style="text-align:center;margin:28px 0">
      <a href="${e(enlace)}" style="background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;display:inline-block;font-weight:bold">Elegir una contraseña nueva</a>
    </p>
    <p style="font-size:14px">${e(vence)}</p>
    <p style="font-size:14px">Si el botón no funciona, copia este enlace en tu navegador:<br><a href="${e(enlace)}" style="color:#2563eb;word-break:break-all">${e(enlace)}</a></p>
    <p style="font-size:14px;color:#6b7280">Si no pediste este cambio, ignora este correo: tu contraseña actual sigue funcionando.</p>
    <p style="font-size:14px;color:#6b7280">— ${NOMBRE_PRODUCTO}</p>
  </div>
</body>
</html>`;

  return { para, asunto, texto, html };
}
